// Builds the doc-page highlighter to dist/highlight.js: one self-contained classic script (IIFE,
// so nothing leaks into the page's globals) under a fixed name, because every published doc page
// refers to it by that name. Runs after vite.config.ts (which empties dist/).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    copyPublicDir: false,
    lib: {
      entry: resolve(here, 'src/highlight/highlight.ts'),
      formats: ['iife'],
      name: 'docsPortalHighlight',
      fileName: () => 'highlight.js',
    },
  },
});
