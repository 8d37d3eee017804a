import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'search', environment: 'node' } });
