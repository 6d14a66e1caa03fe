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
 *
 * A reader reads one format version, the current one. A newer file asks for a newer fictionworld; an
 * older (v1 or v2) file asks to be regenerated: v2 tasks carry no certificates (no proof of a unique
 * answer, no shortcut checks, a numeric difficulty), and v1 worlds were made by the generator this format replaced
 * (their theme tables, pages and dates are that generator's, v1 pages report future events as past),
 * and no v1 file carries the claims and links that the checker, the guard and the report read, so
 * reading one would mean a second, weaker path through every reader. Regenerating is one command.
 */
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { FictionError } from '../errors.js';
import { getTheme, registerSpecTheme } from '../themes/registry.js';
import type { ThemeSpecInput } from '../themes/spec/schema.js';
import type { ThemeDef } from '../themes/_define.js';
import { FORMAT_VERSION } from '../world/types.js';

export interface OpenWorld {
  db: Database.Database;
  path: string;
  meta: Record<string, string>;
  id: string;
  theme: ThemeDef;
}

/** A file name that names a world: `w<seed>-<index>.sqlite` (db/locate.ts's world ids). */
const WORLD_FILE_RE = /^(w\d{1,12}-\d{6,9})\.sqlite$/;

/** SQLite's error for a file that is not (or no longer) a well-formed database: truncated, overwritten, corrupted. */
export function isDamage(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'));
}

/** The one-line error for a damaged world file, naming it: `<file>: damaged (<what SQLite said>)`. */
export function damagedWorld(path: string, e: unknown): FictionError {
  const said = String((e as Error)?.message ?? e).split('\n')[0];
  return new FictionError('UNSUPPORTED_FORMAT', `${path}: damaged (${said})`, { cause: e });
}

/**
 * Run `read` over an open world, turning SQLite's damage errors (which name no file) into `damagedWorld`:
 * a file can open and read its world_meta, then fail on a page further in.
 */
export function readingWorld<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw isDamage(e) ? damagedWorld(path, e) : e;
  }
}

/**
 * The theme of a world: a built-in one by its id, or one the file carries as its spec (a drafted or
 * `--theme-file` theme), registered on first use (the same spec again is a no-op). A spec whose id another
 * theme holds is refused.
 */
function themeOf(path: string, meta: Record<string, string>): ThemeDef {
  const id = meta.theme ?? '';
  if (meta.theme_spec === undefined) return getTheme(id);
  let spec: unknown;
  try {
    spec = JSON.parse(meta.theme_spec);
  } catch {
    throw new FictionError('UNSUPPORTED_FORMAT', `${path}: world_meta.theme_spec is not JSON`);
  }
  let theme: ThemeDef;
  try {
    theme = registerSpecTheme(spec as ThemeSpecInput);
  } catch (e) {
    throw new FictionError('UNSUPPORTED_FORMAT', `${path}: its theme spec: ${(e as Error).message.split('\n')[0]}`);
  }
  if (theme.id !== id) throw new FictionError('UNSUPPORTED_FORMAT', `${path}: world_meta.theme is "${id.slice(0, 40)}" but its theme spec is "${theme.id}"`);
  return theme;
}

/**
 * Open a world file. Refused, each with one line naming the file: a file that is no SQLite database or
 * a damaged one, one without world_meta, a newer or older format, and a file named for one world id
 * (`w7-000042.sqlite`) that holds another (it would open silently under the wrong id).
 */
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
    // An older file is refused too (see the header): its pages and theme tables are a former generator's.
    if (version < FORMAT_VERSION)
      throw new FictionError(
        'UNSUPPORTED_FORMAT',
        `${path} is world format v${version}; this fictionworld reads v${FORMAT_VERSION} (claims, links, task certificates): regenerate the batch with fictionworld generate`,
      );
    const named = WORLD_FILE_RE.exec(basename(path))?.[1];
    if (named !== undefined && named !== meta.world_id) {
      const held = String(meta.world_id ?? 'no world_id').slice(0, 40);
      throw new FictionError('UNSUPPORTED_FORMAT', `${path}: named for world ${named} but holds world ${held}: refusing to open it under the wrong id`);
    }
    return { db, path, meta, id: meta.world_id!, theme: themeOf(path, meta) };
  } catch (e) {
    db.close();
    if (e instanceof FictionError) throw e;
    if (isDamage(e)) throw damagedWorld(path, e);
    throw new FictionError('UNSUPPORTED_FORMAT', `${path} is not a fictionworld world file (${String((e as Error)?.message ?? e).split('\n')[0]})`, {
      cause: e,
    });
  }
}
