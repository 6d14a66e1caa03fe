/**
 * worlds/index.jsonl: one line per world. A batch appends a line as each world finishes (so a killed
 * run still lists every world it completed) and rewrites the file atomically, sorted, when it ends.
 * Each line carries the batch options its world depends on (`generator_version`, `themes`,
 * `real_brands`), so a run with other options can refuse the folder instead of replacing its worlds.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openWorld } from '../db/open.js';
import { listThemes } from '../themes/registry.js';
import { DEFAULT_DIFFICULTY, DEFAULT_TASKS_PER_WORLD, type DifficultyMode } from './select-tasks.js';

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
  /** The theme ids the batch's worlds take turns over, in order (all registered themes by default). */
  themes?: string[];
  real_brands: boolean;
  /** --difficulty and --tasks-per-world of the batch (absent on lines of a writer before format v3: mix, 16). */
  difficulty?: DifficultyMode;
  tasks_per_world?: number;
  /** Themes the batch was given as specs (`--theme-file`): id → digest of the spec (absent when none). */
  theme_specs?: Record<string, string>;
}

/**
 * Everything a world depends on besides its seed and index. Two batches with the same seed and
 * different identities never share a folder. A later option that shapes worlds is added here.
 */
export interface BatchIdentity {
  generator_version: string;
  themes: string[];
  real_brands: boolean;
  difficulty: DifficultyMode;
  tasks_per_world: number;
  theme_specs?: Record<string, string>;
}

export const MANIFEST = 'index.jsonl';

/** `e` with its fields in the one order every writer uses (so manifests compare byte for byte). */
export function manifestEntry(e: ManifestEntry): ManifestEntry {
  const out: ManifestEntry = {
    id: e.id,
    file: e.file,
    theme: e.theme,
    seed: e.seed,
    index: e.index,
    facts: e.facts,
    tasks: e.tasks,
    sha256: e.sha256,
    generator_version: e.generator_version,
    real_brands: e.real_brands,
  };
  if (e.themes) out.themes = e.themes;
  if (e.difficulty !== undefined) out.difficulty = e.difficulty;
  if (e.tasks_per_world !== undefined) out.tasks_per_world = e.tasks_per_world;
  if (e.theme_specs !== undefined) out.theme_specs = e.theme_specs;
  return out;
}

/** The theme list a `--themes` value stands for (every registered theme when absent or empty). */
export function resolveThemes(themes?: string[]): string[] {
  return themes && themes.length > 0 ? [...themes] : listThemes().map((t) => t.id);
}

function describeThemes(themes: string[]): string {
  const all = listThemes().map((t) => t.id);
  return themes.join(',') === all.join(',') ? 'all themes' : `themes=${themes.join(',')}`;
}

/**
 * The first way `have` (what a folder holds for a seed) differs from `want` (what a run asks for),
 * as "holds …; this run asks for …", or undefined when they are the same batch.
 */
export function identityDifference(seed: number, have: BatchIdentity, want: BatchIdentity): string | undefined {
  if (have.generator_version !== want.generator_version)
    return `holds seed ${seed} from generator ${have.generator_version}; this run is generator ${want.generator_version}`;
  if (have.themes.join(',') !== want.themes.join(','))
    return `holds seed ${seed} with ${describeThemes(have.themes)}; this run asks for ${describeThemes(want.themes)}`;
  if (have.real_brands !== want.real_brands)
    return `holds seed ${seed} ${have.real_brands ? 'with' : 'without'} --real-brands; this run asks ${want.real_brands ? 'for' : 'against'} it`;
  if (have.difficulty !== want.difficulty) return `holds seed ${seed} with --difficulty ${have.difficulty}; this run asks for --difficulty ${want.difficulty}`;
  if (have.tasks_per_world !== want.tasks_per_world)
    return `holds seed ${seed} with --tasks-per-world ${have.tasks_per_world}; this run asks for --tasks-per-world ${want.tasks_per_world}`;
  const specs = (i: BatchIdentity) =>
    Object.entries(i.theme_specs ?? {})
      .map(([id, d]) => `${id}@${d.slice(0, 12)}`)
      .join(',') || 'none';
  if (specs(have) !== specs(want)) return `holds seed ${seed} with theme specs ${specs(have)}; this run gives ${specs(want)}`;
  return undefined;
}

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
      /* a torn line of a killed run: the world is re-described from its file */
    }
  }
  return out;
}

/** Write the manifest (sorted by seed, then index) via a temporary file and a rename. */
export function writeManifest(dir: string, entries: Iterable<ManifestEntry>): void {
  const sorted = [...entries].sort((a, b) => a.seed - b.seed || a.index - b.index || (a.id < b.id ? -1 : 1));
  const tmp = join(dir, `${MANIFEST}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, sorted.map((e) => JSON.stringify(e)).join('\n') + (sorted.length ? '\n' : ''));
    renameSync(tmp, join(dir, MANIFEST));
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Add one line to the manifest (the file must end with a newline: `writeManifest` leaves it so). */
export function appendManifest(dir: string, entry: ManifestEntry): void {
  appendFileSync(join(dir, MANIFEST), `${JSON.stringify(entry)}\n`);
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Describe a world file already on disk (for resume when the manifest missed it); throws if it is damaged. */
export function describeWorldFile(path: string): ManifestEntry {
  const w = openWorld(path);
  try {
    const pageSize = w.db.pragma('page_size', { simple: true }) as number;
    const pages = w.db.pragma('page_count', { simple: true }) as number;
    if (pageSize * pages !== statSync(path).size) throw new Error(`${path} is truncated`);
    const check = w.db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`${path} is damaged: ${String(check)}`);
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
      difficulty: (w.meta.difficulty ?? DEFAULT_DIFFICULTY) as DifficultyMode,
      tasks_per_world: Number(w.meta.tasks_per_world ?? DEFAULT_TASKS_PER_WORLD),
    };
  } finally {
    w.db.close();
  }
}
