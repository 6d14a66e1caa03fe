/**
 * `--sample` has one meaning (worlds spread evenly over the folder, the same ones every time) and one
 * check (larger than the folder: one warning, all worlds) in audit, oracle and tasks report --oracle;
 * every command over a folder defaults to `worlds`; the long ones show progress on stderr.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { solveBatch } from '../../src/oracle/batch.js';
import { listWorldFiles } from '../../src/tasks/batch-tasks.js';
import { sampleWorldFiles } from '../../src/tasks/sample-worlds.js';
import { generateWorld } from '../../src/world/generate.js';
import { cli, tempDir } from '../helpers.js';

let dir: string;

beforeAll(() => {
  dir = tempDir('fw-sample-');
  for (let i = 0; i < 5; i++) {
    const data = generateWorld(4, i, { themes: ['smartphones'] });
    writeWorld(join(dir, `${data.meta.world_id}.sqlite`), data);
  }
});

describe('--sample', () => {
  it('oracle takes the same spread of worlds as audit, not the first N', async () => {
    const spread = sampleWorldFiles(dir, 2);
    expect(spread).not.toEqual(listWorldFiles(dir).slice(0, 2)); // the fixture tells the two meanings apart
    const seen: string[] = [];
    const report = await solveBatch(dir, { sample: 2, onWorld: (_done, _total, file) => seen.push(file) });
    expect(seen).toEqual(spread);
    expect(report.worlds).toBe(2);
  });

  it('larger than the folder: one warning line, then every world', async () => {
    const r = await cli(['oracle', '--worlds', dir, '--sample', '3000', '--json', '--quiet']);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`warning: --sample 3000 is more than the 5 worlds in ${dir}: using all 5\n`);
    expect(JSON.parse(r.out).worlds).toBe(5);
    const t = await cli(['tasks', 'report', dir, '--oracle', '--sample', '6', '--json', '--quiet']);
    expect(t.err).toBe(`warning: --sample 6 is more than the 5 worlds in ${dir}: using all 5\n`);
    expect(JSON.parse(t.out).solvability.worlds).toBe(5);
    const exact = await cli(['oracle', '--worlds', dir, '--sample', '5', '--json', '--quiet']);
    expect(exact.err).toBe('');
  });

  it('means the same in every command that has it', async () => {
    const help = await Promise.all([['audit'], ['oracle'], ['tasks', 'report']].map((c) => cli([...c, '--help'])));
    for (const h of help)
      expect(h.out.replace(/\s+/g, ' ')).toContain('this many worlds, spread evenly over the folder (the same ones every time; default: all)');
  });

  it('tasks report takes it only with --oracle', async () => {
    const r = await cli(['tasks', 'report', dir, '--sample', '2']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: --sample applies to --oracle: add --oracle, or leave --sample out\n');
  });

  it('audit, like every command over a folder, defaults --worlds to worlds', async () => {
    const empty = tempDir('fw-sample-cwd-');
    const cwd = process.cwd();
    process.chdir(empty);
    try {
      for (const args of [['audit'], ['oracle']]) {
        const r = await cli(args);
        expect(r.code, args[0]).toBe(2);
        expect(r.err, args[0]).toBe('error: no folder of worlds at worlds\n');
      }
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('progress on stderr', () => {
  it('oracle and tasks report show it, --quiet hides it', async () => {
    const o = await cli(['oracle', '--worlds', dir, '--sample', '1', '--json']);
    expect(o.code).toBe(0);
    expect(o.err).toMatch(/^\[#+\] 1\/1 worlds · \d+\/s · ETA [\d.]+s\n$/);
    const t = await cli(['tasks', 'report', dir]);
    expect(t.code).toBe(0);
    expect(t.err.trimEnd().split('\n').at(-1)).toMatch(/^\[#+\] 5\/5 worlds /);
    expect(t.out).toMatch(/^5 worlds, /);
    expect((await cli(['tasks', 'report', dir, '--quiet'])).err).toBe('');
  });
});
