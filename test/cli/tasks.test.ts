import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { generateWorld } from '../../src/world/generate.js';
import { cli, tempDir } from '../helpers.js';

let dir: string;
let taskCount = 0;

beforeAll(() => {
  dir = tempDir();
  for (let i = 0; i < 6; i++) {
    const data = generateWorld(4, i, { themes: ['smartphones'] });
    taskCount += data.tasks.length;
    writeWorld(join(dir, `${data.meta.world_id}.sqlite`), data);
  }
});

describe('tasks export / tasks report / tools commands', () => {
  it('exports one line per task', async () => {
    const out = join(tempDir(), 'tasks.jsonl');
    const r = await cli(['tasks', 'export', dir, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`wrote ${taskCount} records from 6 worlds to ${out}\n`);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(taskCount);
  });

  it('exports a split with an overlap report, reproducibly', async () => {
    const outA = join(tempDir(), 'tasks.jsonl');
    const outB = join(tempDir(), 'tasks.jsonl');
    const a = await cli(['tasks', 'export', dir, '--out', outA, '--split', 'train=0.5,eval=0.5', '--json']);
    await cli(['tasks', 'export', dir, '--out', outB, '--split', 'train=0.5,eval=0.5']);
    expect(a.code).toBe(0);
    const s = JSON.parse(a.out);
    expect(s.records).toBe(taskCount);
    expect(s.files.map((f: { split: string }) => f.split)).toEqual(['train', 'eval']);
    expect(s.overlap[0]).toMatchObject({ a: 'train', b: 'eval' });
    for (const n of ['train', 'eval']) {
      const fa = outA.replace('.jsonl', `.${n}.jsonl`);
      expect(existsSync(fa)).toBe(true);
      expect(readFileSync(fa, 'utf8')).toBe(readFileSync(outB.replace('.jsonl', `.${n}.jsonl`), 'utf8'));
    }
    const text = await cli(['tasks', 'export', dir, '--out', outB, '--split', 'train=0.5,eval=0.5']);
    expect(text.out).toMatch(/entity-name overlap train\/eval: \d+ shared names/);
  });

  it('reports kinds, hops, answer types and the blind check', async () => {
    const r = await cli(['tasks', 'report', dir]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^6 worlds, ${taskCount} tasks`));
    for (const kind of ['lookup', 'multi_hop', 'comparison', 'aggregation', 'temporal', 'wide_table']) expect(r.out).toContain(kind);
    const j = await cli(['tasks', 'report', dir, '--json']);
    const rep = JSON.parse(j.out);
    expect(rep.tasks).toBe(taskCount);
    expect(rep.blind.kinds).toHaveLength(6);
    expect(rep.solvability).toBeNull();
  });

  it('prints the tool definitions', async () => {
    const r = await cli(['tools']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).map((t: { function: { name: string } }) => t.function.name)).toEqual(['web_search', 'web_extractor']);
    const m = await cli(['tools', '--format', 'mcp']);
    expect(JSON.parse(m.out)[1]).toMatchObject({ name: 'web_extractor', inputSchema: { required: ['url'] } });
  });

  it.each([
    [['tasks', 'export', 'DIR', '--out', 'OUT', '--split', 'train=0.9,eval=0.2'], /bad --split .*add up to 1.1/],
    [['tasks', 'export', 'DIR', '--out', 'OUT', '--split', 'train'], /bad --split/],
    [['tasks', 'export', 'DIR'], /required option '--out/],
    [['tasks', 'export', '/nonexistent', '--out', 'OUT'], /no folder of worlds/],
    [['tasks', 'report', '/nonexistent'], /no folder of worlds/],
    [['tools', '--format', 'yaml'], /unknown --format "yaml"/],
  ])('bad input %j: one-line error, non-zero exit', async (args, pattern) => {
    const out = join(tempDir(), 'x.jsonl');
    const r = await cli((args as string[]).map((a) => (a === 'DIR' ? dir : a === 'OUT' ? out : a)));
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(pattern);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });
});
