// Builds the search overlay for doc pages to dist/overlay.js: an ES module that the doc-page script
// (dist/highlight.js) imports on first use of search, so a page that is only read loads none of it.
// Runs after vite.config.ts (which empties dist/).
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
      entry: resolve(here, 'src/overlay/SearchOverlay.ts'),
      formats: ['es'],
      fileName: () => 'overlay.js',
    },
    // Library builds keep ES output readable by default; this one ships to browsers as it is.
    rollupOptions: { output: { minify: true } },
  },
});
