// Builds the search client pages into dist/ with relative asset URLs; the portal serves them at
// {basePath}/search-client/ (v2/index.html, v2/sandbox.html, legacy/index.html). The doc-page
// highlighter is a separate classic script: vite.highlight.config.ts builds dist/highlight.js.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  base: './',
  plugins: [react()],
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
