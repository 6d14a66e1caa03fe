import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { exportTarget } from '../../src/tasks/record-writer.js';
import { generateWorld } from '../../src/world/generate.js';
import { cli, tempDir } from '../helpers.js';

let dir: string;
let taskCount = 0;
let onePageTasks = 0;
const kinds = new Set<string>();

beforeAll(() => {
  dir = tempDir();
  for (let i = 0; i < 6; i++) {
    const data = generateWorld(4, i, { themes: ['smartphones'] });
    taskCount += data.tasks.length;
    for (const t of data.tasks) {
      kinds.add(t.kind);
      if (t.certificate!.pagesNeeded <= 1) onePageTasks++;
    }
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

  it('exports Parquet by default, JSON or JSONL by --format or by the extension of --out; the default name follows the format', async () => {
    const out = tempDir();
    const p = await cli(['tasks', 'export', dir, '--out', join(out, 'a.parquet'), '--quiet']);
    expect(p.code).toBe(0);
    expect(readFileSync(join(out, 'a.parquet')).subarray(0, 4).toString()).toBe('PAR1');
    const j = await cli(['tasks', 'export', dir, '--format', 'json', '--out', join(out, 'b.json'), '--data-source', 'searchR1_nq', '--quiet']);
    expect(j.code).toBe(0);
    const records = JSON.parse(readFileSync(join(out, 'b.json'), 'utf8'));
    expect(records).toHaveLength(taskCount);
    expect(records.every((r: { data_source: string }) => r.data_source === 'searchR1_nq')).toBe(true);
    expect(exportTarget({})).toEqual({ format: 'parquet', out: 'tasks.parquet' });
    expect(exportTarget({ format: 'json' })).toEqual({ format: 'json', out: 'tasks.json' });
    expect(exportTarget({ format: 'jsonl' })).toEqual({ format: 'jsonl', out: 'tasks.jsonl' });
    expect(exportTarget({ out: 'x/t.json' })).toEqual({ format: 'json', out: 'x/t.json' });
    expect(exportTarget({ out: 'x/t.data' })).toEqual({ format: 'parquet', out: 'x/t.data' });
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

  it('reports kinds, hops, answer types, the blind check and the measures per difficulty and family', async () => {
    const r = await cli(['tasks', 'report', dir]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^6 worlds, ${taskCount} tasks`));
    for (const kind of kinds) expect(r.out).toContain(kind);
    expect(r.out).toMatch(/measures by difficulty:\nmeasure +target +all +easy +medium +hard\n/);
    expect(r.out).toMatch(/\nevidence on one page +≤ 10% \(0% medium, hard\) +[\d.]+% [✓✗]/);
    expect(r.out).toMatch(/\ndistinct question frames +≥ 40 +\d+ [✓✗]/);
    const j = await cli(['tasks', 'report', dir, '--json']);
    const rep = JSON.parse(j.out);
    expect(rep.tasks).toBe(taskCount);
    expect(rep.blind.kinds).toHaveLength(kinds.size);
    expect(rep.solvability).toBeNull();
    // the one-page share printed is the share of the tasks written with a one-page certificate
    const onePage = rep.measures.find((m: { id: string }) => m.id === 'one_page');
    expect(onePage.cells.all.text).toBe(`${((100 * onePageTasks) / taskCount).toFixed(1)}%`);
    const frames = rep.measures.find((m: { id: string }) => m.id === 'frames');
    expect(Number(frames.cells.all.text)).toBeGreaterThan(1);
    expect(Number(frames.cells.all.text)).toBeLessThanOrEqual(taskCount);
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
    [
      ['tasks', 'export', 'DIR', '--out', 'OUT', '--format', 'parquet'],
      /x\.jsonl ends in \.jsonl but the format is parquet: trainers load a file by its extension/,
    ],
    [['tasks', 'export', 'DIR', '--format', 'csv'], /--format must be one of parquet, json, jsonl/],
    [['tasks', 'export', 'DIR', '--out', 'OUT', '--data-source', 'a b'], /--data-source must be/],
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
