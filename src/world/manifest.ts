/** worlds/index.jsonl: one line per world, rewritten atomically. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openWorld } from '../db/open.js';

export interface ManifestEntry {
  id: string;
  file: string;
  theme: string;
  seed: number;
  index: number;
  facts: number;
  tasks: number;
  sha256: string;
  generator_version: string;
  real_brands: boolean;
}

export const MANIFEST = 'index.jsonl';

/** Entries of an existing manifest, by world id; lines that do not parse are skipped. */
export function readManifest(dir: string): Map<string, ManifestEntry> {
  const path = join(dir, MANIFEST);
  const out = new Map<string, ManifestEntry>();
  if (!existsSync(path)) return out;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as ManifestEntry;
      if (typeof e.id === 'string' && typeof e.file === 'string') out.set(e.id, e);
    } catch {
      /* a torn line from an older writer: the world is re-described from its file */
    }
  }
  return out;
}

/** Write the manifest (sorted by seed, then index) via a temporary file and a rename. */
export function writeManifest(dir: string, entries: Iterable<ManifestEntry>): void {
  const sorted = [...entries].sort((a, b) => a.seed - b.seed || a.index - b.index || (a.id < b.id ? -1 : 1));
  const tmp = join(dir, `${MANIFEST}.${process.pid}.tmp`);
  writeFileSync(tmp, sorted.map((e) => JSON.stringify(e)).join('\n') + (sorted.length ? '\n' : ''));
  renameSync(tmp, join(dir, MANIFEST));
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Describe a world file already on disk (for resume when the manifest missed it). */
export function describeWorldFile(path: string): ManifestEntry {
  const w = openWorld(path);
  try {
    const count = (sql: string) => (w.db.prepare(sql).get() as { n: number }).n;
    return {
      id: w.id,
      file: basename(path),
      theme: w.meta.theme!,
      seed: Number(w.meta.seed),
      index: Number(w.meta.index),
      facts: count('SELECT COUNT(*) AS n FROM facts'),
      tasks: count('SELECT COUNT(*) AS n FROM tasks'),
      sha256: sha256File(path),
      generator_version: w.meta.generator_version!,
      real_brands: w.meta.real_brands === '1',
    };
  } finally {
    w.db.close();
  }
}
