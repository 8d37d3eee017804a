// Component tests of the web app: React + Testing Library in happy-dom.
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://portal.test/docs/ui/' } },
    setupFiles: ['./test/setup.ts'],
  },
});
