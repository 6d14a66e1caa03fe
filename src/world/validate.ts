/** validateDir: re-check world files on disk, listing every problem found (never stopping at the first). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { FictionError } from '../errors.js';
import { loadWorld } from '../db/load.js';
import { openWorld, type OpenWorld } from '../db/open.js';
import { FIXED_TABLES } from '../db/schema-ddl.js';
import { checkTaskSql } from '../db/task-sql.js';
import { proofProblems } from '../tasks/certificate/verify.js';
import type { BatchProgress } from './batch.js';
import { checkWorld } from './consistency.js';
import { MANIFEST, readManifest, sha256File } from './manifest.js';

export interface FileReport {
  file: string;
  problems: string[];
}

export interface ValidateReport {
  files: FileReport[];
  problems: number;
}

/** The fixed tables the file lacks (a file written by no v2 writer): reading on would fail on each. */
function missingTables(w: OpenWorld): string[] {
  const have = new Set(w.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  return FIXED_TABLES.filter((t) => !have.has(t));
}

/** Checks only SQL can make (what loading a file into memory loses): claims agree with their passages' pages. */
function claimAndLinkRows(w: OpenWorld): string[] {
  const out: string[] = [];
  const count = (sql: string) => w.db.prepare(sql).pluck().get() as number;
  const misplaced = count('SELECT COUNT(*) FROM claims c JOIN passages p ON p.id = c.passage_id WHERE p.document_id != c.document_id');
  if (misplaced > 0) out.push(`${misplaced} claims name another document than their passage's`);
  // passage_facts is the projection of the claims that give a fact away (every form but erroneous).
  const gives = "SELECT DISTINCT passage_id, fact_id FROM claims WHERE form != 'erroneous'";
  const missing = count(`SELECT COUNT(*) FROM (${gives} EXCEPT SELECT passage_id, fact_id FROM passage_facts)`);
  const extra = count(`SELECT COUNT(*) FROM (SELECT passage_id, fact_id FROM passage_facts EXCEPT ${gives})`);
  if (missing + extra > 0) out.push(`passage_facts differs from the claims that give facts away (${missing} missing, ${extra} extra)`);
  const dated = count('SELECT COUNT(*) FROM documents WHERE (published IS NULL) != (date_kind IS NULL)');
  if (dated > 0) out.push(`${dated} documents have a date_kind without a date or a date without a date_kind`);
  return out;
}

/**
 * Every check of one world file: format, structure (every fixed table, foreign keys), consistency
 * (checkWorld on the world read back: claims, links, dates, task certificates), claims against their
 * pages, task SQL, uniqueness proofs, provenance projection, FTS.
 */
export function validateFile(path: string): string[] {
  let w: OpenWorld;
  try {
    w = openWorld(path);
  } catch (e) {
    return [(e as Error).message];
  }
  try {
    const problems: string[] = [];
    const expectedId = basename(path).replace(/\.sqlite$/, '');
    if (w.id !== expectedId) problems.push(`world_meta.world_id is ${w.id} but the file is named ${expectedId}`);
    const absent = missingTables(w);
    if (absent.length > 0) return [...problems, `missing tables: ${absent.join(', ')}`];
    const fk = w.db.prepare('PRAGMA foreign_key_check').all();
    if (fk.length > 0) problems.push(`${fk.length} foreign keys do not resolve`);
    const projection = w.db
      .prepare(`SELECT COUNT(*) AS n FROM (SELECT DISTINCT p.document_id, pf.fact_id FROM passage_facts pf JOIN passages p ON p.id = pf.passage_id
                EXCEPT SELECT document_id, fact_id FROM document_facts)`)
      .get() as { n: number };
    const extra = w.db
      .prepare(`SELECT COUNT(*) AS n FROM (SELECT document_id, fact_id FROM document_facts EXCEPT
                SELECT DISTINCT p.document_id, pf.fact_id FROM passage_facts pf JOIN passages p ON p.id = pf.passage_id)`)
      .get() as { n: number };
    if (projection.n + extra.n > 0) problems.push(`document_facts differs from the projection of passage_facts (${projection.n} missing, ${extra.n} extra)`);
    const fts = w.db.prepare('SELECT (SELECT COUNT(*) FROM passages_fts) AS a, (SELECT COUNT(*) FROM passages) AS b').get() as { a: number; b: number };
    if (fts.a !== fts.b) problems.push(`passages_fts has ${fts.a} rows for ${fts.b} passages`);
    problems.push(...claimAndLinkRows(w));
    const data = loadWorld(w);
    problems.push(...checkWorld(data));
    problems.push(...checkTaskSql(w.db, data.tasks));
    // Certificates: checkWorld re-derived pages, difficulty and checks from the file's provenance; the
    // uniqueness proofs run again on the file's own theme tables.
    for (const t of data.tasks) problems.push(...proofProblems(w.db, t));
    return problems;
  } catch (e) {
    return [`unreadable: ${(e as Error).message.split('\n')[0]}`];
  } finally {
    w.db.close();
  }
}

/**
 * Check every world file of `dir` and its manifest. `onFile` sees each report as it is made, in the
 * order of the returned list (the manifest's first); `onProgress` counts the world files checked.
 */
export function validateDir(dir: string, onFile?: (r: FileReport) => void, onProgress?: (p: BatchProgress) => void): ValidateReport {
  const started = performance.now();
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new FictionError('NOT_FOUND', `no folder at ${dir}`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sqlite'))
    .sort();
  const manifest = readManifest(dir);
  const reports: FileReport[] = [];
  const add = (r: FileReport) => {
    reports.push(r);
    onFile?.(r);
  };
  let checked = 0;
  const report = () => onProgress?.({ done: checked, total: files.length, skipped: 0, elapsedMs: performance.now() - started });
  if (!existsSync(join(dir, MANIFEST))) add({ file: MANIFEST, problems: ['missing manifest'] });
  const fileSet = new Set(files);
  for (const e of manifest.values()) if (!fileSet.has(e.file)) add({ file: MANIFEST, problems: [`lists ${e.file}, which does not exist`] });
  report();
  for (const f of files) {
    const path = join(dir, f);
    const problems = validateFile(path);
    const entry = manifest.get(f.replace(/\.sqlite$/, ''));
    if (!entry) problems.push('not listed in index.jsonl');
    else if (entry.sha256 !== sha256File(path)) problems.push('sha256 differs from index.jsonl');
    add({ file: f, problems });
    checked++;
    report();
  }
  return { files: reports, problems: reports.reduce((s, r) => s + r.problems.length, 0) };
}
