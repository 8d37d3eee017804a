import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'scripts', environment: 'node', testTimeout: 60_000 },
});
