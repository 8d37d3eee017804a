// The newer client is written against React's API but ships Preact through preact/compat, which
// keeps its pages well under their size budget (bench/clients/budget.ts). Both the build
// (vite.config.ts) and the unit tests (vitest.config.ts) resolve React's module names here, so
// that the tests run what ships.
import type { Alias } from 'vite';

/**
 * Vite aliases from React's module names to their Preact counterparts, as Preact's guide to
 * aliasing lists them. Exact matches, so that no other `react…` name is rewritten by prefix.
 */
export const reactToPreact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
