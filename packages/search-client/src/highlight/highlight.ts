// The doc-page highlighter, built to dist/highlight.js (a classic script, fixed name): prepareRelease
// adds <script src="{basePath}/search-client/highlight.js" defer> to every published page.
import { startHighlighter } from './markTerms';

startHighlighter(window);
