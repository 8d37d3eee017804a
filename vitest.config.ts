// Unit and integration tests of every package (browser tests live in e2e/ with their own config).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/search',
      'packages/server',
      'packages/web',
      'packages/search-client',
      'bench',
      'scripts',
    ],
    reporters: ['default', './test-summary-reporter.ts'],
  },
});
