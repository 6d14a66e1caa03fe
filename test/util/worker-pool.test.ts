import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPool, taskModule } from '../../src/util/worker-pool.js';
import { buildOne, type BuildJob } from '../../src/world/build-one.js';
import type { ManifestEntry } from '../../src/world/manifest.js';
import { tempDir } from '../helpers.js';

// The batch's own task module serves as the pool's fixture: a job with an unknown theme fails in the worker.
const module = taskModule(new URL('../../src/world/batch.ts', import.meta.url).href, './batch-worker');

async function run(workers: number, jobs: BuildJob[]) {
  const got: [number, string][] = [];
  const error = await runPool<BuildJob, ManifestEntry>({
    jobs,
    workers,
    module,
    local: buildOne,
    onResult: (e, i) => got.push([i, e.id]),
    describe: (j) => `job ${j.index}`,
  }).then(
    () => undefined,
    (e: unknown) => e as { code: string; message: string },
  );
  return { got, error };
}

describe('runPool', () => {
  it('hands results back in job order, in the calling thread and in two workers', async () => {
    const dir = tempDir();
    const jobs = [5, 1, 4, 0, 3, 2].map((index): BuildJob => ({ dir, seed: 2, index, options: {} }));
    const expected = jobs.map((j, i) => [i, `w2-00000${j.index}`]);
    expect(await run(1, jobs)).toEqual({ got: expected, error: undefined });
    expect(await run(2, jobs)).toEqual({ got: expected, error: undefined });
  });

  it('reports a failing job by name with its error code, keeps the results before it, and starts nothing after it', async () => {
    for (const workers of [1, 2]) {
      const dir = tempDir();
      const jobs = [0, 1, 2, 3, 4, 5, 6, 7].map((index): BuildJob => ({ dir, seed: 3, index, options: index === 1 ? { themes: ['no-such-theme'] } : {} }));
      const { got, error } = await run(workers, jobs);
      expect(error?.code).toBe('BAD_INPUT');
      expect(error?.message).toMatch(/^job 1: .*no-such-theme/);
      expect(got[0]).toEqual([0, 'w3-000000']);
      expect(got.map(([i]) => i)).toEqual([...got.map(([i]) => i)].sort((a, b) => a - b));
      expect(got.some(([i]) => i === 1)).toBe(false);
      expect(got.length).toBeLessThan(7); // the jobs queued behind the failure were never run
      expect(readdirSync(dir).filter((f) => f.endsWith('.sqlite')).length).toBe(got.length);
    }
  });

  it('a result the caller cannot take fails the run by name, after the running jobs finish (no worker torn down mid-job)', async () => {
    for (const workers of [1, 2]) {
      const dir = tempDir();
      const jobs = [0, 1, 2, 3, 4, 5].map((index): BuildJob => ({ dir, seed: 4, index, options: {} }));
      const taken: number[] = [];
      const error = await runPool<BuildJob, ManifestEntry>({
        jobs,
        workers,
        module,
        local: buildOne,
        onResult: (_e, i) => {
          if (i === 1) throw new Error('disk full');
          taken.push(i);
        },
        describe: (j) => `job ${j.index}`,
      }).then(
        () => undefined,
        (e: unknown) => e as { code: string; message: string },
      );
      expect(error).toMatchObject({ code: 'INTERNAL', message: 'job 1: disk full' });
      expect(taken[0]).toBe(0);
      // Every world a job wrote is whole: no temp file of a job torn down mid-write.
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
  });
});
