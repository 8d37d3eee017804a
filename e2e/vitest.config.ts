import { defineConfig } from 'vitest/config';

// Browser tests: one real portal process and one Chromium for the whole run, files run one by one.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./harness/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', '../test-summary-reporter.ts'],
  },
});
