import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/count-reporter.ts'],
    // Generous: many tests generate worlds or start servers, and this runs on shared 2-core machines
    // (a timeout is no speed check: benchmarks measure speed).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // Test files share worker processes and their loaded modules: the suite's import time drops from
    // about 35 s to 8 s. Tests must not rely on a fresh module state (none does: each builds its own).
    isolate: false,
    // Vitest's default is one worker fewer than the cores (1 on a 2-core machine); many tests wait on
    // spawned processes, so two workers finish the suite in about 85 s instead of 117 s here.
    maxWorkers: 2,
  },
});
