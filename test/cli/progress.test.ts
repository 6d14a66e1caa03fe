/** Progress on stderr for the long folder commands (`validate`, `tasks export`), and validate's streamed report. */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateBatch } from '../../src/world/batch.js';
import { validateDir } from '../../src/world/validate.js';
import { cli, tempDir } from '../helpers.js';

let dir: string;

beforeAll(async () => {
  dir = tempDir();
  await generateBatch({ count: 3, seed: 11, out: dir, workers: 1 });
});

describe('progress of validate and tasks export', () => {
  it('validate draws progress on stderr, its report on stdout; --quiet draws none', async () => {
    const v = await cli(['validate', dir]);
    expect(v.code).toBe(0);
    expect(v.out).toBe('3 worlds checked, 0 problems\n');
    expect(v.err).toMatch(/^(.*\n)*\[#+\] 3\/3 worlds · \d+\/s · ETA [\d.]+s\n$/);
    const q = await cli(['validate', dir, '--quiet']);
    expect(q.err).toBe('');
    expect(q.out).toBe(v.out);
  });

  it('tasks export draws progress on stderr; --quiet draws none', async () => {
    const out = join(tempDir(), 'tasks.jsonl');
    const r = await cli(['tasks', 'export', dir, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^wrote \d+ records from 3 worlds to /);
    expect(r.err).toMatch(/\[#+\] 3\/3 worlds · \d+\/s · ETA [\d.]+s\n$/);
    expect((await cli(['tasks', 'export', dir, '--out', out, '--quiet'])).err).toBe('');
  });

  it('validate reports each file as it is checked, the manifest first', () => {
    // A copy without the manifest: its problem comes before any world is checked.
    const copy = tempDir();
    for (const f of ['w11-000000.sqlite', 'w11-000001.sqlite']) copyFileSync(join(dir, f), join(copy, f));
    const events: string[] = [];
    validateDir(
      copy,
      (r) => events.push(`${r.file}:${r.problems.join('|')}`),
      (p) => events.push(`${p.done}/${p.total}`),
    );
    expect(events).toEqual([
      'index.jsonl:missing manifest',
      '0/2',
      'w11-000000.sqlite:not listed in index.jsonl',
      '1/2',
      'w11-000001.sqlite:not listed in index.jsonl',
      '2/2',
    ]);
  });
});
