/**
 * writeWorld: the one place a world file is written. Builds the database in memory, verifies every
 * task's SQL against it, writes its image to a temporary name in the target folder and renames it into
 * place; on any failure the temporary file is removed, so no half-written world carries a final name.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { FictionError } from '../errors.js';
import { passageClaims } from '../world/claims.js';
import type { Rows, ThemeDef } from '../themes/_define.js';
import type { WorldData } from '../world/types.js';
import { FTS_REBUILD_SQL, FTS_TOKENIZERS, ftsSql, themeTableSql } from './ddl.js';
import { FIXED_TABLES_SQL, INDEXES_SQL } from './schema-ddl.js';
import { checkTaskSql } from './task-sql.js';

export interface WrittenWorld {
  file: string;
  sha256: string;
  bytes: number;
}

export function metaEntries(data: WorldData): [string, string][] {
  return Object.entries(data.meta)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]);
}

/** Create a theme's own tables in an open database (no transaction of its own). */
export function createThemeTables(db: Database.Database, theme: ThemeDef): void {
  for (const t of theme.tables) db.exec(themeTableSql(t));
}

/** Insert a theme's rows into its tables (no transaction of its own: the caller's, or none). */
export function insertThemeRows(db: Database.Database, theme: ThemeDef, rows: Rows): void {
  for (const t of theme.tables) {
    const cols = ['id', ...t.columns.map((c) => c.name)];
    const ins = db.prepare(`INSERT INTO ${t.name} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    for (const r of rows[t.name] ?? []) ins.run(cols.map((c) => r[c] ?? null));
  }
}

/**
 * An in-memory database holding only a theme's tables and rows: what a task's uniqueness proof
 * (src/tasks/certificate) runs against before the world is written. The caller closes it.
 */
export function themeTablesDb(theme: ThemeDef, rows: Rows): Database.Database {
  const db = new Database(':memory:');
  createThemeTables(db, theme);
  db.transaction(() => insertThemeRows(db, theme, rows))();
  return db;
}

/** Insert a world into an open, empty database (one transaction). */
export function insertWorld(db: Database.Database, data: WorldData): void {
  db.exec(FIXED_TABLES_SQL);
  createThemeTables(db, data.theme);
  // The indexes cut text as the world's pages are written: words for English, trigrams for Chinese.
  db.exec(ftsSql(FTS_TOKENIZERS[data.theme.locale ?? 'en']));
  const tx = db.transaction(() => {
    const meta = db.prepare('INSERT INTO world_meta (key, value) VALUES (?, ?)');
    for (const [k, v] of metaEntries(data)) meta.run(k, v);
    insertThemeRows(db, data.theme, data.rows);
    const fact = db.prepare('INSERT INTO facts VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const f of data.facts) fact.run(f.id, f.subject, f.predicate, f.object, f.objectType, f.sourceTable, f.sourceRowid, f.sourceColumn);
    const doc = db.prepare('INSERT INTO documents VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const pas = db.prepare('INSERT INTO passages VALUES (?, ?, ?, ?)');
    const pf = db.prepare('INSERT INTO passage_facts VALUES (?, ?)');
    const df = db.prepare('INSERT INTO document_facts VALUES (?, ?)');
    const claim = db.prepare('INSERT INTO claims VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const link = db.prepare('INSERT INTO links VALUES (?, ?, ?, ?)');
    const factById = new Map(data.facts.map((f) => [f.id, f]));
    const docByUrl = new Map(data.documents.map((d) => [d.url, d.id]));
    let claimId = 0;
    let linkId = 0;
    for (const d of data.documents) {
      // date_kind is NULL exactly when the page is undated; a dated page says what its date is ('published' unless told).
      doc.run(d.id, d.url, d.title, d.site, d.published, d.kind, d.body, d.published === null ? null : (d.dateKind ?? 'published'));
      const onPage = new Set<number>();
      for (const p of d.passages) {
        pas.run(p.id, p.documentId, p.ord, p.text);
        for (const f of p.factIds) {
          pf.run(p.id, f);
          onPage.add(f);
        }
        for (const c of passageClaims(data.theme, factById, p)) claim.run(++claimId, p.id, d.id, c.factId, c.form, c.stated, c.subjectForm, c.subjectText);
      }
      for (const f of [...onPage].sort((a, b) => a - b)) df.run(d.id, f);
    }
    // Links after every page: a link's target may come later, and foreign keys are enforced.
    for (const d of data.documents)
      for (const l of d.links ?? []) {
        const target = docByUrl.get(l.url);
        if (target === undefined)
          throw new FictionError('INCONSISTENT', `world ${data.meta.world_id}: ${d.url} links to ${l.url}, which is no page of the world`);
        link.run(++linkId, d.id, target, l.anchor);
      }
    const task = db.prepare('INSERT INTO tasks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const t of data.tasks)
      task.run(
        t.id,
        t.kind,
        t.question,
        t.answer,
        t.answerText,
        t.answerType,
        JSON.stringify(t.columns),
        JSON.stringify(t.keyColumns),
        t.tolerance,
        JSON.stringify(t.aliases),
        JSON.stringify(t.answerFactIds),
        JSON.stringify(t.hopFactIds),
        t.sql,
        t.difficulty,
        t.certificate === undefined ? null : JSON.stringify(t.certificate),
      );
    db.exec(FTS_REBUILD_SQL);
    db.exec(INDEXES_SQL);
  });
  tx();
}

/** Write `data` to `finalPath` atomically (temp file in the same folder, verified, then renamed). */
export function writeWorld(finalPath: string, data: WorldData, tmpTag = String(process.pid)): WrittenWorld {
  const tmp = `${finalPath}.${tmpTag}.tmp`;
  rmSync(tmp, { force: true });
  let db: Database.Database | undefined;
  try {
    db = new Database(':memory:');
    db.pragma('page_size = 4096');
    insertWorld(db, data);
    const bad = checkTaskSql(db, data.tasks);
    if (bad.length > 0) throw new FictionError('INCONSISTENT', `world ${data.meta.world_id}: ${bad[0]}`);
    const bytes = db.serialize();
    db.close();
    db = undefined;
    writeFileSync(tmp, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    renameSync(tmp, finalPath);
    return { file: finalPath, sha256, bytes: bytes.length };
  } catch (e) {
    try {
      db?.close();
    } catch {
      /* already failing */
    }
    rmSync(tmp, { force: true });
    if (e instanceof FictionError) throw e;
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOSPC') throw new FictionError('IO', `no space left writing ${finalPath}`, { cause: e });
    if (err.code === 'EACCES' || err.code === 'EPERM' || err.code === 'EROFS')
      throw new FictionError('IO', `cannot write ${finalPath}: ${err.code}`, { cause: e });
    throw new FictionError('IO', `writing ${finalPath} failed: ${err.message}`, { cause: e });
  }
}
