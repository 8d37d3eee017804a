// Builds the single-page app into dist/ with relative asset URLs: the server serves it under
// {basePath}/ui/ and injects <base href="{basePath}/ui/">. `vite` (dev) serves it at
// {basePath}/ui/ and proxies the rest of {basePath} to the portal server.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const basePath = process.env.PORTAL_BASE_PATH ?? '/docs';
const portalUrl = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  base: command === 'build' ? './' : `${basePath}/ui/`,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // zod and the shared schemas load on demand (sign-in error messages). The zod-free frame
        // protocol, safety helpers and colour tokens (contracts/src/frame/, safety/, theme/) stay with the code that
        // uses them, which needs no zod.
        manualChunks: (id: string) =>
          /[\\/](packages[\\/]contracts[\\/]src[\\/](?!(?:frame|safety|theme)[\\/])|node_modules[\\/]zod[\\/])/.test(
            id,
          )
            ? 'contracts'
            : undefined,
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      // Everything under the base path except the app itself: API, sign-in, docs, search clients.
      [`^${basePath}(?!/ui(?:/|$))(?:/.*)?$`]: { target: portalUrl },
    },
  },
}));
