// Builds the search client pages into dist/ with relative asset URLs; the portal serves them at
// {basePath}/search-client/ (v2/index.html, v2/sandbox.html, legacy/index.html). The doc-page
// highlighter is a separate classic script: vite.highlight.config.ts builds dist/highlight.js.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { reactToPreact } from './reactToPreact.ts';

const here = import.meta.dirname;

export default defineConfig({
  base: './',
  resolve: { alias: reactToPreact },
  // JSX compiles to react/jsx-runtime, which the alias turns into Preact's.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        v2: resolve(here, 'v2/index.html'),
        sandbox: resolve(here, 'v2/sandbox.html'),
        legacy: resolve(here, 'legacy/index.html'),
      },
    },
  },
});
