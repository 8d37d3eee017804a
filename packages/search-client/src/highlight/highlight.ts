// The doc-page script, built to dist/highlight.js (a classic script under a fixed name, because
// every published page refers to it): prepareRelease adds
// <script src="{basePath}/search-client/highlight.js" defer> to every published page. It marks the
// searched terms, adds the portal bar and opens the search overlay on `/` and Ctrl/Cmd-K.
import { startDocPage } from '../docPage/startDocPage';

const script = document.currentScript;
startDocPage(window, script instanceof HTMLScriptElement ? script.src : undefined);
