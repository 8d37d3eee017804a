// Component tests of the search clients and the doc-page highlighter (Testing Library in
// happy-dom). The newer client runs on Preact through the same React aliases as the build.
import { defineProject } from 'vitest/config';
import { reactToPreact } from './reactToPreact.ts';

export default defineProject({
  resolve: { alias: reactToPreact, mainFields: ['module'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: 'search-client',
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: { url: 'http://portal.test/docs/search-client/v2/index.html' },
    },
    // Transformed by Vite rather than loaded by Node, so that its own `react` and `react-dom`
    // imports meet the aliases too and it renders with Preact like the components it tests
    // (mainFields above picks its ES module build: the CommonJS one's require() is not aliased).
    server: { deps: { inline: ['@testing-library/react'] } },
    setupFiles: ['./test/setup.ts'],
  },
});
