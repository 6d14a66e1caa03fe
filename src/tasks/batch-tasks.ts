/** Reading the tasks of a folder of worlds, one world at a time, in file-name order. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadTasks } from '../db/load.js';
import { openWorld } from '../db/open.js';
import { FictionError } from '../errors.js';
import type { Task } from '../world/types.js';

export interface WorldTasks {
  worldId: string;
  theme: string;
  file: string;
  tasks: Task[];
  /** Display names of the world's named entities (for split-overlap reports). */
  entityNames: string[];
}

/** The world files of `dir`, sorted by name (temporary `.tmp` files of a running batch are skipped). */
export function listWorldFiles(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new FictionError('NOT_FOUND', `no folder of worlds at ${dir}`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sqlite'))
    .sort();
  if (files.length === 0) throw new FictionError('NOT_FOUND', `no world files (*.sqlite) in ${dir}`);
  return files.map((f) => join(dir, f));
}

export function readWorldTasks(file: string): WorldTasks {
  const w = openWorld(file);
  try {
    const entityNames: string[] = [];
    for (const t of w.theme.tables) {
      if (!t.nameColumn) continue;
      const rows = w.db.prepare(`SELECT ${t.nameColumn} AS name FROM ${t.name} ORDER BY id`).all() as { name: unknown }[];
      for (const r of rows) if (r.name !== null && r.name !== undefined) entityNames.push(String(r.name));
    }
    return { worldId: w.id, theme: w.meta.theme ?? w.theme.id, file, tasks: loadTasks(w), entityNames };
  } finally {
    w.db.close();
  }
}
