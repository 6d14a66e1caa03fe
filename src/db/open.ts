/** Opening world files for reading: read-only, format version checked, theme resolved. */
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
    const rows = db.prepare('SELECT key, value FROM world_meta').all() as { key: string; value: string }[];
    const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const version = Number(meta.format_version);
    if (!Number.isInteger(version)) throw new FictionError('UNSUPPORTED_FORMAT', `${path} has no format_version`);
    if (version > FORMAT_VERSION)
      throw new FictionError('UNSUPPORTED_FORMAT', `${path} is world format v${version}; this fictionworld reads up to v${FORMAT_VERSION}: upgrade fictionworld`);
    return { db, path, meta, id: meta.world_id!, theme: getTheme(meta.theme!) };
  } catch (e) {
    db.close();
    if (e instanceof FictionError) throw e;
    throw new FictionError('UNSUPPORTED_FORMAT', `${path} is not a fictionworld world file`, { cause: e });
  }
}
