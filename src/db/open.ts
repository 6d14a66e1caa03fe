/**
 * Opening world files for reading: read-only, format version checked, theme resolved.
 *
 * A world file is written once (write.ts: a temp file renamed into place) and never changed after, so
 * a handle takes its shared lock at the first read and keeps it until it closes (SQLite's EXCLUSIVE
 * locking mode; a read-only handle only ever takes the shared lock, so any number of processes still
 * read the same file). In the default mode SQLite locks and unlocks the file, checks for a hot journal
 * and re-reads the header to validate its page cache around every statement: about nine system calls
 * per read, and on this project's test VM (page-table isolation on every system call) a page body
 * read took 20 µs instead of 2.5 µs. A program that rewrote a world file in place while a handle was
 * open would now get SQLITE_BUSY instead of racing the reader.
 */
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { FictionError } from '../errors.js';
import { getTheme } from '../themes/registry.js';
import type { ThemeDef } from '../themes/_define.js';
import { FORMAT_VERSION } from '../world/types.js';

export interface OpenWorld {
  db: Database.Database;
  path: string;
  meta: Record<string, string>;
  id: string;
  theme: ThemeDef;
}

export function openWorld(path: string): OpenWorld {
  if (!existsSync(path) || !statSync(path).isFile()) throw new FictionError('NOT_FOUND', `no world file at ${path}`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new FictionError('IO', `cannot open ${path}: ${(e as Error).message}`, { cause: e });
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    const rows = db.prepare('SELECT key, value FROM world_meta').all() as { key: string; value: string }[];
    const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const version = Number(meta.format_version);
    if (!Number.isInteger(version)) throw new FictionError('UNSUPPORTED_FORMAT', `${path} has no format_version`);
    if (version > FORMAT_VERSION)
      throw new FictionError(
        'UNSUPPORTED_FORMAT',
        `${path} is world format v${version}; this fictionworld reads up to v${FORMAT_VERSION}: upgrade fictionworld`,
      );
    return { db, path, meta, id: meta.world_id!, theme: getTheme(meta.theme!) };
  } catch (e) {
    db.close();
    if (e instanceof FictionError) throw e;
    throw new FictionError('UNSUPPORTED_FORMAT', `${path} is not a fictionworld world file`, { cause: e });
  }
}
