import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['generator/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'packages/*/scripts/**/*.test.ts'],
    // Tests start local HTTP servers and child processes; keep them isolated but bounded. The
    // bound is generous: on a loaded 2-core machine a build of a handful of models still writes
    // the 16,640-file cheapest grid, and a test must not fail for being slow (speed is measured
    // by npm run bench, not asserted).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core. vitest's default is one less than the cores (one worker on a 2-core
    // machine, which then runs the suite file after file), but much of a test's time is spent
    // waiting on local servers, child processes and the disk, so a file per core keeps both busy.
    // Each file keeps a process of its own (isolation): several modules hold per-process state
    // (the shared output directory, the Worker's model index, the client's shared instance).
    maxWorkers: availableParallelism(),
    // One directory per run for the full-size sites that several files read (testing/committed-site.ts).
    globalSetup: ['generator/testing/global-setup.ts'],
  },
});
