/** The drizzle schema (schemas/world.ts), from which the DDL is generated, and the manifest's JSON Schema match what is written. */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { eq, getTableName, is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../schemas/world.js';
import { FIXED_TABLE_DEFS, FIXED_TABLES } from '../../src/db/schema-ddl.js';
import { generateBatch } from '../../src/world/batch.js';
import { tempDir } from '../helpers.js';

// Every table schemas/world.ts declares, in the order the writer creates them.
const tables = FIXED_TABLE_DEFS;

describe('world file schema', async () => {
  const dir = tempDir();
  await generateBatch({ count: 1, seed: 1, out: dir, workers: 1 });
  const path = join(dir, 'w1-000000.sqlite');

  it('creates every fixed table as drizzle declares it: columns, types, keys, nulls, references, indexes', () => {
    const db = new Database(path, { readonly: true });
    expect(tables.map((t) => getTableConfig(t).name)).toEqual([...FIXED_TABLES]);
    expect(new Set(Object.values(schema).filter((v) => is(v, SQLiteTable)))).toEqual(new Set(tables));
    const onDisk = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' AND sql LIKE 'CREATE TABLE%'").pluck().all();
    expect(onDisk.slice(0, tables.length)).toEqual([...FIXED_TABLES]);
    for (const t of tables) {
      const cfg = getTableConfig(t);
      const info = db.prepare(`PRAGMA table_info(${cfg.name})`).all() as { name: string; type: string; notnull: number; pk: number }[];
      const composite = cfg.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
      // An INTEGER PRIMARY KEY is the rowid: never null, though SQLite reports notnull 0 for it.
      expect(
        info.map((c) => `${c.name} ${c.type} notnull=${c.notnull || (c.pk && c.type === 'INTEGER') ? 1 : 0} pk=${c.pk}`),
        cfg.name,
      ).toEqual(
        cfg.columns.map((c) => `${c.name} ${c.getSQLType().toUpperCase()} notnull=${c.notNull ? 1 : 0} pk=${c.primary ? 1 : composite.indexOf(c.name) + 1}`),
      );
      const refs = (db.prepare(`PRAGMA foreign_key_list(${cfg.name})`).all() as { table: string; from: string; to: string }[]).map(
        (r) => `${r.from}->${r.table}.${r.to}`,
      );
      expect(refs.sort(), cfg.name).toEqual(
        cfg.foreignKeys
          .map((fk) => fk.reference())
          .map((r) => `${r.columns[0]!.name}->${getTableName(r.foreignTable)}.${r.foreignColumns[0]!.name}`)
          .sort(),
      );
      const indexes = db.prepare(`PRAGMA index_list(${cfg.name})`).all() as { name: string; unique: number; origin: string }[];
      const declared = indexes
        .filter((i) => i.origin === 'c')
        .map((i) => `${i.name}(${(db.prepare(`PRAGMA index_info(${i.name})`).all() as { name: string }[]).map((c) => c.name)})`);
      expect(declared.sort(), cfg.name).toEqual(
        cfg.indexes.map((i) => `${i.config.name}(${i.config.columns.map((c) => (c as { name: string }).name)})`).sort(),
      );
      const uniques = indexes
        .filter((i) => i.origin === 'u')
        .map((i) => (db.prepare(`PRAGMA index_info(${i.name})`).all() as { name: string }[]).map((c) => c.name).join());
      expect(uniques, cfg.name).toEqual(cfg.columns.filter((c) => c.isUnique).map((c) => c.name));
      // The link tables (composite keys) are stored WITHOUT ROWID: their primary key is the table.
      expect(/WITHOUT ROWID$/.test(db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(cfg.name) as string), cfg.name).toBe(
        composite.length > 0,
      );
    }
    db.close();
  });

  it('is readable through drizzle, with typed rows', () => {
    const db = drizzle(new Database(path, { readonly: true }), { schema });
    const meta = db.select().from(schema.worldMeta).where(eq(schema.worldMeta.key, 'format_version')).all();
    expect(meta).toEqual([{ key: 'format_version', value: '3' }]);
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
