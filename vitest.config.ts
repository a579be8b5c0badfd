import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['generator/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    // Tests start local HTTP servers and child processes; keep them isolated but bounded.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
