/** Test fixtures for family drafts: generated worlds as FamilyContexts, and an in-memory database of their theme tables. */
import Database from 'better-sqlite3';
import { themeTableSql } from '../../../src/db/ddl.js';
import { Rng } from '../../../src/rng.js';
import type { FamilyContext } from '../../../src/tasks/families/family.js';
import { deriveFacts } from '../../../src/world/facts.js';
import { generateWorld } from '../../../src/world/generate.js';
import type { WorldData } from '../../../src/world/types.js';

export function contextOf(data: WorldData, label = 'family'): FamilyContext {
  const fx = deriveFacts(data.theme, data.rows);
  return {
    theme: data.theme,
    rows: data.rows,
    fx,
    documents: data.documents,
    rng: new Rng(`${data.meta.world_id}:${label}`),
    allNames: new Set(fx.facts.map((f) => f.subject.toLowerCase())),
  };
}

const worlds = new Map<string, WorldData>();
export function world(seed: number, index: number): WorldData {
  const key = `${seed}:${index}`;
  let w = worlds.get(key);
  if (!w) worlds.set(key, (w = generateWorld(seed, index)));
  return w;
}

/** The world's theme tables in an in-memory SQLite database (what a task's SQL runs over). */
export function themeDb(data: WorldData): Database.Database {
  const db = new Database(':memory:');
  for (const t of data.theme.tables) db.exec(themeTableSql(t));
  for (const t of data.theme.tables) {
    const cols = ['id', ...t.columns.map((c) => c.name)];
    const ins = db.prepare(`INSERT INTO ${t.name} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    for (const r of data.rows[t.name] ?? []) ins.run(cols.map((c) => r[c] ?? null));
  }
  return db;
}
