import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { exportTasks, overlapOf, type TaskRecord } from '../../src/tasks/export.js';
import { taskRecordJsonSchema } from '../../src/tasks/record-schema.js';
import { scoreAnswer } from '../../src/tasks/score.js';
import { parseSplit } from '../../src/tasks/split.js';
import { generateBatch } from '../../src/world/batch.js';
import { readWorldTasks } from '../../src/tasks/batch-tasks.js';
import { generateWorld } from '../../src/world/generate.js';
import { readManifest, sha256File } from '../../src/world/manifest.js';
import { tempDir } from '../helpers.js';

/** A small JSON Schema checker for the keywords our schemas use; returns the problems. */
function check(schema: Record<string, any>, value: unknown, path = '$'): string[] {
  const out: string[] = [];
  const type = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v);
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) out.push(`${path}: not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) out.push(`${path}: ${JSON.stringify(value)} not in enum`);
  if (schema.type) {
    const t = type(value);
    const ok = schema.type === t || (schema.type === 'number' && t === 'integer');
    if (!ok) return [...out, `${path}: ${t}, expected ${schema.type}`];
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) out.push(`${path}: too short`);
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) out.push(`${path}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number' && schema.minimum !== undefined && value < schema.minimum) out.push(`${path}: below ${schema.minimum}`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) out.push(`${path}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) out.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((v, i) => out.push(...check(schema.items, v, `${path}[${i}]`)));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const k of schema.required ?? []) if (!(k in obj)) out.push(`${path}: missing ${k}`);
    for (const [k, v] of Object.entries(obj)) {
      if (schema.properties?.[k]) out.push(...check(schema.properties[k], v, `${path}.${k}`));
      else if (schema.additionalProperties === false) out.push(`${path}: unexpected ${k}`);
      else if (typeof schema.additionalProperties === 'object') out.push(...check(schema.additionalProperties, v, `${path}.${k}`));
    }
  }
  return out;
}

const schema = JSON.parse(readFileSync(new URL('../../schemas/task-record.schema.json', import.meta.url), 'utf8'));
const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as TaskRecord);

let dir: string;
let taskCount = 0;
const WORLDS = 10;

beforeAll(() => {
  dir = tempDir();
  for (let i = 0; i < WORLDS; i++) {
    const data = generateWorld(3, i, { themes: ['smartphones'] });
    taskCount += data.tasks.length;
    writeWorld(join(dir, `${data.meta.world_id}.sqlite`), data);
  }
});

describe('tasks export', () => {
  it('writes one schema-valid record per task, the ground truth scoring 1', () => {
    const out = join(tempDir(), 'nested', 'tasks.jsonl');
    const summary = exportTasks({ dir, out });
    const records = readJsonl(out);
    expect(summary).toMatchObject({ records: taskCount, worlds: WORLDS, overlap: [] });
    expect(records).toHaveLength(taskCount);
    for (const r of records) {
      expect(check(schema, r)).toEqual([]);
      expect(r.prompt[0]!.content).toContain('<answer>');
      expect(r.prompt[0]!.content).toContain('web_search');
      expect(r.prompt[1]!.content).toBe(r.extra_info.question);
      for (const tool of ['web_search', 'web_extractor'] as const)
        expect(r.extra_info.tools_kwargs[tool].create_kwargs).toEqual({ world: r.extra_info.world_id, task: r.extra_info.task_id });
      const g = r.reward_model.ground_truth;
      const task = {
        answer: g.answer,
        answerText: g.answer_text,
        answerType: g.answer_type,
        columns: g.columns,
        keyColumns: g.key_columns,
        tolerance: g.tolerance,
        aliases: g.aliases,
      };
      expect(scoreAnswer(task, g.answer_text).reward).toBe(1);
      // veRL's search-R1 scorer reads ground_truth['target']: the answer text, then its aliases
      expect(g.target).toEqual([...new Set([g.answer_text, ...g.aliases])]);
      for (const t of g.target) expect(scoreAnswer(task, t).reward).toBe(1);
    }
    expect(records.map((r) => r.extra_info.index)).toEqual(records.map((_, i) => i));
    expect(readdirSync(join(out, '..')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("carries each task's difficulty and certificate figures", () => {
    const out = join(tempDir(), 'tasks.jsonl');
    exportTasks({ dir, out });
    const records = readJsonl(out);
    const tasks = new Map(
      readdirSync(dir)
        .filter((f) => f.endsWith('.sqlite'))
        .flatMap((f) => readWorldTasks(join(dir, f)).tasks.map((t) => [`${f.replace('.sqlite', '')}/${t.id}`, t] as const)),
    );
    for (const r of records) {
      const t = tasks.get(`${r.extra_info.world_id}/${r.extra_info.task_id}`)!;
      const c = t.certificate!;
      expect(r.extra_info).toMatchObject({
        difficulty: t.difficulty,
        pages_needed: c.pagesNeeded,
        constraints: c.constraints,
        width: c.width,
        hops: c.hops + 1,
      });
      expect(r.extra_info.oracle_calls).toBe(c.plan.length);
      expect(['easy', 'medium', 'hard']).toContain(r.extra_info.difficulty);
    }
    expect(check(schema, { ...records[0]!, extra_info: { ...records[0]!.extra_info, difficulty: 3 } })).toEqual([
      '$.extra_info.difficulty: 3 not in enum',
      '$.extra_info.difficulty: integer, expected string',
    ]);
  });

  it('schemas/task-record.schema.json is the JSON Schema of the declared record', () => {
    // regenerate: npx tsx -e "import('./src/tasks/record-schema.ts').then((m) => console.log(JSON.stringify(m.taskRecordJsonSchema(), null, 2)))"
    expect(schema).toEqual(taskRecordJsonSchema());
  });

  it('the schema checker catches a broken record', () => {
    const out = join(tempDir(), 'tasks.jsonl');
    exportTasks({ dir, out });
    const r = readJsonl(out)[0]! as unknown as Record<string, any>;
    expect(check(schema, { ...r, ability: 'math' })).not.toEqual([]);
    expect(check(schema, { ...r, reward_model: { style: 'rule', ground_truth: 7 } })).not.toEqual([]);
    expect(check(schema, { ...r, reward_model: { style: 'rule', ground_truth: JSON.stringify(r.reward_model.ground_truth) } })).not.toEqual([]);
    const {
      extra_info: { world_id: _drop, ...rest },
    } = r;
    expect(check(schema, { ...r, extra_info: rest })).toEqual(['$.extra_info: missing world_id']);
  });

  it('splits by world: disjoint, complete and reproducible', () => {
    const split = parseSplit('train=0.7,eval=0.3');
    const a = join(tempDir(), 'tasks.jsonl');
    const b = join(tempDir(), 'tasks.jsonl');
    const sa = exportTasks({ dir, out: a, split });
    exportTasks({ dir, out: b, split });
    expect(existsSync(a)).toBe(false);
    for (const name of ['train', 'eval']) {
      expect(readFileSync(a.replace('.jsonl', `.${name}.jsonl`), 'utf8')).toBe(readFileSync(b.replace('.jsonl', `.${name}.jsonl`), 'utf8'));
    }
    const train = readJsonl(a.replace('.jsonl', '.train.jsonl'));
    const evalRecs = readJsonl(a.replace('.jsonl', '.eval.jsonl'));
    const trainWorlds = new Set(train.map((r) => r.extra_info.world_id));
    const evalWorlds = new Set(evalRecs.map((r) => r.extra_info.world_id));
    expect([...trainWorlds].filter((w) => evalWorlds.has(w))).toEqual([]);
    expect(trainWorlds.size + evalWorlds.size).toBe(WORLDS);
    expect(evalWorlds.size).toBeGreaterThan(0);
    expect(train.length + evalRecs.length).toBe(taskCount);
    expect(train.every((r) => r.extra_info.split === 'train') && evalRecs.every((r) => r.extra_info.split === 'eval')).toBe(true);
    expect(sa.files.map((f) => [f.split, f.worlds])).toEqual([
      ['train', trainWorlds.size],
      ['eval', evalWorlds.size],
    ]);
    expect(sa.overlap).toHaveLength(1);
    expect(sa.overlap[0]).toMatchObject({ a: 'train', b: 'eval' });
    expect(sa.overlap[0]!.share).toBeGreaterThanOrEqual(0);
    expect(sa.overlap[0]!.share).toBeLessThanOrEqual(1);
  });

  it('records the sha256 of the world file each task was exported from, as the manifest lists it', async () => {
    const worlds = tempDir();
    await generateBatch({ count: 3, seed: 8, out: worlds, workers: 1 });
    const out = join(tempDir(), 'tasks.jsonl');
    const progress: string[] = [];
    exportTasks({ dir: worlds, out, onProgress: (p) => progress.push(`${p.done}/${p.total}`) });
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
    const manifest = readManifest(worlds);
    const records = readJsonl(out);
    for (const r of records) {
      expect(r.extra_info.world_sha256).toBe(manifest.get(r.extra_info.world_id)!.sha256);
      expect(r.extra_info.world_sha256).toBe(sha256File(join(worlds, `${r.extra_info.world_id}.sqlite`)));
    }
    expect(new Set(records.map((r) => r.extra_info.world_sha256)).size).toBe(3);
  });

  it('refuses a world file that differs from its manifest line, writing nothing', async () => {
    const worlds = tempDir();
    await generateBatch({ count: 2, seed: 8, out: worlds, workers: 1 });
    const lines = readFileSync(join(worlds, 'index.jsonl'), 'utf8').replace(/"sha256":"[0-9a-f]{8}/, '"sha256":"00000000');
    writeFileSync(join(worlds, 'index.jsonl'), lines);
    const outDir = tempDir();
    expect(() => exportTasks({ dir: worlds, out: join(outDir, 't.jsonl') })).toThrow(/w8-000000\.sqlite differs from its sha256 in index\.jsonl/);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('fails cleanly on a folder without worlds, leaving no files', () => {
    const outDir = tempDir();
    expect(() => exportTasks({ dir: tempDir(), out: join(outDir, 't.jsonl') })).toThrow(/no world files/);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('overlapOf', () => {
  it('counts shared names over the smaller split', () => {
    const o = overlapOf([
      { split: 'train', names: new Set(['a', 'b', 'c', 'd']) },
      { split: 'eval', names: new Set(['c', 'd']) },
    ]);
    expect(o).toEqual([{ a: 'train', b: 'eval', shared: 2, share: 1, examples: ['c', 'd'] }]);
  });
});
