// Component tests of the search clients and the doc-page highlighter (React + Testing Library in happy-dom).
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'search-client',
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: { url: 'http://portal.test/docs/search-client/v2/index.html' },
    },
    setupFiles: ['./test/setup.ts'],
  },
});
