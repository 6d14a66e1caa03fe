/** The three export formats, read back by independent readers: DuckDB for Parquet, JSON.parse for JSON and JSONL. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeWorld } from '../../src/db/write.js';
import { exportTasks, type TaskRecord } from '../../src/tasks/export.js';
import { parquetSchemaOf } from '../../src/tasks/parquet-schema.js';
import { generateWorld } from '../../src/world/generate.js';
import { tempDir } from '../helpers.js';

let dir: string;
let taskCount = 0;
const WORLDS = 4;

beforeAll(() => {
  dir = tempDir();
  for (let i = 0; i < WORLDS; i++) {
    const data = generateWorld(5, i, { themes: i % 2 ? ['smartphones'] : undefined });
    taskCount += data.tasks.length;
    writeWorld(join(dir, `${data.meta.world_id}.sqlite`), data);
  }
});

const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as TaskRecord);

async function duck(sql: string): Promise<Record<string, unknown>[]> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    return (await c.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    c.closeSync();
  }
}

describe('tasks export formats', () => {
  it('Parquet read back by DuckDB: every record, every field and nested struct equal to the JSONL records', async () => {
    const out = tempDir();
    exportTasks({ dir, out: join(out, 't.jsonl') });
    const summary = exportTasks({ dir, out: join(out, 't.parquet') });
    expect(summary.records).toBe(taskCount);
    const expected = readJsonl(join(out, 't.jsonl'));
    expect(expected).toHaveLength(taskCount);

    const rows = await duck(`select * from read_parquet('${join(out, 't.parquet')}')`);
    expect(rows).toHaveLength(taskCount);
    // every field, nested ones included, as DuckDB reads them
    expect(rows).toEqual(expected);

    const columns = await duck(`describe select * from read_parquet('${join(out, 't.parquet')}')`);
    const types = Object.fromEntries(columns.map((c) => [c.column_name, c.column_type]));
    expect(Object.keys(types)).toEqual(['data_source', 'prompt', 'ability', 'reward_model', 'extra_info']);
    expect(types.prompt).toBe('STRUCT("role" VARCHAR, "content" VARCHAR)[]');
    // ground_truth is a struct (not a JSON string) whose target is a list of strings
    expect(types.reward_model).toBe(
      'STRUCT(style VARCHAR, ground_truth STRUCT("target" VARCHAR[], answer VARCHAR, answer_type VARCHAR, answer_text VARCHAR, "columns" VARCHAR[], key_columns VARCHAR[], tolerance DOUBLE, aliases VARCHAR[]))',
    );
    expect(types.extra_info).toMatch(/^STRUCT\(split VARCHAR, "index" INTEGER, world_id VARCHAR, world_sha256 VARCHAR, /);
    expect(types.extra_info).toContain('difficulty VARCHAR, hops INTEGER, pages_needed INTEGER, "constraints" INTEGER, width INTEGER, oracle_calls INTEGER');
    expect(types.extra_info).toContain(
      'tools_kwargs STRUCT(web_search STRUCT(create_kwargs STRUCT(world VARCHAR, task VARCHAR)), web_extractor STRUCT(create_kwargs STRUCT(world VARCHAR, task VARCHAR))))',
    );

    // nested fields by path, as a trainer's reader would reach them
    const picked = await duck(
      `select reward_model.ground_truth.target[1] as t, extra_info.tools_kwargs.web_search.create_kwargs.world as w, extra_info.world_sha256 as h, len(prompt)::INTEGER as n from read_parquet('${join(out, 't.parquet')}')`,
    );
    expect(picked).toEqual(expected.map((r) => ({ t: r.reward_model.ground_truth.target[0], w: r.extra_info.world_id, h: r.extra_info.world_sha256, n: 2 })));
    const tables = expected.filter((r) => r.reward_model.ground_truth.columns.length > 0).length;
    expect(tables).toBeGreaterThan(0); // some records have non-empty lists, others empty ones
    expect(tables).toBeLessThan(taskCount);
  });

  it('JSON is one array of the same records; JSONL one line each', () => {
    const out = tempDir();
    exportTasks({ dir, out: join(out, 't.json') });
    exportTasks({ dir, out: join(out, 't.jsonl') });
    const text = readFileSync(join(out, 't.json'), 'utf8');
    expect(text.startsWith('[\n{')).toBe(true);
    expect(text.endsWith('}\n]\n')).toBe(true);
    const array = JSON.parse(text) as TaskRecord[];
    expect(array).toEqual(readJsonl(join(out, 't.jsonl')));
    expect(readFileSync(join(out, 't.jsonl'), 'utf8').split('\n')).toHaveLength(taskCount + 1);
  });

  it('is deterministic: the same worlds give byte-identical files in every format, splits included', () => {
    for (const ext of ['parquet', 'json', 'jsonl']) {
      const [a, b] = [tempDir(), tempDir()];
      exportTasks({
        dir,
        out: join(a, `t.${ext}`),
        split: [
          { name: 'train', weight: 0.5 },
          { name: 'eval', weight: 0.5 },
        ],
      });
      exportTasks({
        dir,
        out: join(b, `t.${ext}`),
        split: [
          { name: 'train', weight: 0.5 },
          { name: 'eval', weight: 0.5 },
        ],
      });
      for (const name of ['train', 'eval']) {
        const fa = readFileSync(join(a, `t.${name}.${ext}`));
        expect(fa.length).toBeGreaterThan(0);
        expect(fa.equals(readFileSync(join(b, `t.${name}.${ext}`)))).toBe(true);
      }
    }
  });

  it('an empty split is still a readable file', async () => {
    const out = tempDir();
    // every world falls in "a" when "b" has almost no weight
    const s = exportTasks({
      dir,
      out: join(out, 't.parquet'),
      split: [
        { name: 'a', weight: 0.999999 },
        { name: 'b', weight: 0.000001 },
      ],
    });
    expect(s.files.map((f) => f.records)).toEqual([taskCount, 0]);
    expect(await duck(`select count(*)::INTEGER as n from read_parquet('${join(out, 't.b.parquet')}')`)).toEqual([{ n: 0 }]);
    exportTasks({
      dir,
      out: join(out, 'e.json'),
      split: [
        { name: 'a', weight: 0.999999 },
        { name: 'b', weight: 0.000001 },
      ],
    });
    expect(JSON.parse(readFileSync(join(out, 'e.b.json'), 'utf8'))).toEqual([]);
  });
});

describe('parquetSchemaOf', () => {
  it('refuses a field it has no exact Parquet type for', () => {
    expect(() => parquetSchemaOf(z.object({ a: z.string().optional() }))).toThrow(/no Parquet type for field a/);
    expect(() => parquetSchemaOf(z.object({ a: z.record(z.string(), z.string()) }))).toThrow(/no Parquet type for field a/);
    expect(parquetSchemaOf(z.object({ a: z.array(z.int()), b: z.object({ c: z.boolean() }) }))).toEqual([
      { name: 'root', num_children: 2 },
      { name: 'a', repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      { name: 'element', repetition_type: 'REQUIRED', type: 'INT32' },
      { name: 'b', repetition_type: 'REQUIRED', num_children: 1 },
      { name: 'c', repetition_type: 'REQUIRED', type: 'BOOLEAN' },
    ]);
  });
});
