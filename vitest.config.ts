import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['generator/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'packages/*/scripts/**/*.test.ts'],
    // Tests start local HTTP servers and child processes. The bound is generous: on a loaded
    // 2-core machine a build of a handful of models still writes the 11,547-file cheapest grid,
    // and a test must not fail for being slow (speed is measured by npm run bench, not asserted).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file more than the cores: much of a test's time is spent waiting on local servers,
    // child processes, Chromium and the disk, so a spare file keeps the cores busy (2 cores: 287 s
    // with two workers, 272 s with three, both isolated). vitest's default, one less than the
    // cores, ran the suite one file at a time on 2 cores.
    maxWorkers: availableParallelism() + 1,
    // Files run one after another in a worker's process, sharing its loaded modules: loading the
    // generator again for each of the 105 files cost a fifth of the suite's CPU (three workers:
    // 272 s isolated, 215 s not). So no test may leave state behind in a module: what modules
    // keep is a cache keyed by its inputs (compiled schemas by site URL, fingerprints by
    // object) or the Worker's index, which only Node-side benchmarks import. No test mocks
    // modules, changes process.env or fakes timers.
    isolate: false,
    // One directory per run for the full-size sites that several files read (testing/committed-site.ts).
    globalSetup: ['generator/testing/global-setup.ts'],
  },
});
