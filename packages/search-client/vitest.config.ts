// Tests of the search client pages (happy-dom).
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'search-client',
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: { url: 'http://portal.test/docs/search-client/v2/index.html' },
    },
  },
});
