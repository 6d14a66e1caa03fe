/** The drizzle schema (schemas/world.ts) and the JSON Schema of the manifest match what is written. */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../schemas/world.js';
import { FIXED_TABLES } from '../../src/db/ddl.js';
import { generateBatch } from '../../src/world/batch.js';
import { tempDir } from '../helpers.js';

const tables = [schema.worldMeta, schema.facts, schema.documents, schema.passages, schema.passageFacts, schema.documentFacts, schema.tasks] as SQLiteTable[];

describe('world file schema', async () => {
  const dir = tempDir();
  await generateBatch({ count: 1, seed: 1, out: dir, workers: 1 });
  const path = join(dir, 'w1-000000.sqlite');

  it('declares every fixed table with exactly the columns on disk', () => {
    const db = new Database(path, { readonly: true });
    expect(tables.map((t) => getTableConfig(t).name)).toEqual([...FIXED_TABLES]);
    for (const t of tables) {
      const cfg = getTableConfig(t);
      // An INTEGER PRIMARY KEY is the rowid: never null, though SQLite reports notnull 0 for it.
      const onDisk = (db.prepare(`PRAGMA table_info(${cfg.name})`).all() as { name: string; notnull: number; pk: number; type: string }[]).map(
        (c) => `${c.name}:${c.notnull || (c.pk && c.type === 'INTEGER') ? 1 : 0}`,
      );
      const declared = cfg.columns.map((c) => `${c.name}:${c.notNull || c.primary ? 1 : 0}`);
      expect(declared.sort(), cfg.name).toEqual(onDisk.sort());
    }
    db.close();
  });

  it('is readable through drizzle, with typed rows', () => {
    const db = drizzle(new Database(path, { readonly: true }), { schema });
    const meta = db.select().from(schema.worldMeta).where(eq(schema.worldMeta.key, 'format_version')).all();
    expect(meta).toEqual([{ key: 'format_version', value: '1' }]);
    const first = db.select().from(schema.tasks).limit(1).all()[0]!;
    expect(JSON.parse(first.answerFactIds).length).toBeGreaterThan(0);
  });

  it('has manifest lines that follow schemas/manifest.schema.json', () => {
    const s = JSON.parse(readFileSync('schemas/manifest.schema.json', 'utf8'));
    const line = JSON.parse(readFileSync(join(dir, 'index.jsonl'), 'utf8').trim());
    for (const k of s.required) expect(line).toHaveProperty(k);
    for (const k of Object.keys(line)) expect(Object.keys(s.properties)).toContain(k);
    expect(line.id).toMatch(new RegExp(s.properties.id.pattern));
    expect(line.sha256).toMatch(new RegExp(s.properties.sha256.pattern));
  });
});
