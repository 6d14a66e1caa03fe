/**
 * generateBatch: many worlds in parallel worker threads, resumable and safe to kill. Each world is
 * written under a temporary name and renamed into place; the manifest gains a line per finished world
 * and is rewritten atomically at the end. World i depends only on (seed, i, generator version, the
 * options in BatchIdentity), never on the worker that built it; a folder that holds the same seed under
 * other options is refused, never overwritten.
 */
import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmSync, type Stats, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { FictionError, isFictionError } from '../errors.js';
import { getTheme, specDigest } from '../themes/registry.js';
import { runPool, taskModule } from '../util/worker-pool.js';
import { buildOne, type BuildJob } from './build-one.js';
import { registerThemeSpecs, themeFor, type GenerateOptions } from './generate.js';
import {
  appendManifest,
  type BatchIdentity,
  describeWorldFile,
  identityDifference,
  type ManifestEntry,
  manifestEntry,
  readManifest,
  resolveThemes,
  sha256File,
  writeManifest,
} from './manifest.js';
import { checkTasksPerWorld, DEFAULT_DIFFICULTY, DEFAULT_TASKS_PER_WORLD, parseDifficulty } from './select-tasks.js';
import { GENERATOR_VERSION, worldId } from './types.js';

/**
 * A worker keeps about 45 MB alive between worlds and fits one world in under 64 MB of old space, but
 * left alone V8 let each worker's heap grow to 175 MB of garbage before collecting it: 1,000 worlds
 * peaked at 637 MB RSS. Capped, a worker collects sooner (the young generation is set as well, since
 * V8 otherwise shrinks it with the old one and scavenges far more often).
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 48 };

export interface Shard {
  i: number;
  n: number;
}

export interface BatchOptions extends GenerateOptions {
  count: number;
  seed: number;
  out: string;
  /** Worker threads; 1 builds in the calling thread. Default: the number of cores. */
  workers?: number;
  shard?: Shard;
  onProgress?: (p: BatchProgress) => void;
  /** One line per world found damaged and rebuilt. */
  onWarning?: (text: string) => void;
}

export interface BatchProgress {
  done: number;
  total: number;
  skipped: number;
  elapsedMs: number;
}

export interface BatchSummary {
  worlds: number;
  generated: number;
  skipped: number;
  facts: number;
  tasks: number;
  themes: string[];
  seconds: number;
  out: string;
}

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2])) throw new FictionError('BAD_INPUT', `--shard must be i/n with 0 <= i < n, got "${text}"`);
  return { i: Number(m[1]), n: Number(m[2]) };
}

function checkOptions(o: BatchOptions): void {
  if (!Number.isSafeInteger(o.count) || o.count < 1) throw new FictionError('BAD_INPUT', `--count must be a positive integer, got ${o.count}`);
  if (!Number.isSafeInteger(o.seed) || o.seed < 0) throw new FictionError('BAD_INPUT', `--seed must be a non-negative integer, got ${o.seed}`);
  if (o.workers !== undefined && (!Number.isSafeInteger(o.workers) || o.workers < 1))
    throw new FictionError('BAD_INPUT', `--workers must be a positive integer`);
  registerThemeSpecs(o);
  for (const t of o.themes ?? []) getTheme(t);
  if (o.tasksPerWorld !== undefined) checkTasksPerWorld(o.tasksPerWorld);
  if (o.difficulty !== undefined) parseDifficulty(o.difficulty);
}

/**
 * Create the output folder one level at a time (Node's recursive mkdir never returns on /proc, where
 * mkdir fails with ENOENT under an existing parent) and prove it is writable, before any work.
 */
function prepareOut(dir: string): void {
  try {
    const missing: string[] = [];
    for (let p = resolve(dir); ; ) {
      let st: Stats;
      try {
        st = statSync(p);
      } catch (e) {
        const parent = dirname(p);
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || parent === p) throw e;
        missing.push(p);
        p = parent;
        continue;
      }
      if (!st.isDirectory()) throw Object.assign(new Error(`${p} is not a folder`), { code: 'ENOTDIR' });
      break;
    }
    for (const p of missing.reverse()) {
      try {
        mkdirSync(p);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(p).isDirectory()) throw e;
      }
    }
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    throw new FictionError('IO', `cannot write to output folder ${dir} (${code})`, { cause: e });
  }
}

/** How a listed or described world differs from the batch this run asks for, if it does. */
function entryDifference(e: ManifestEntry, want: BatchIdentity): string | undefined {
  const dial = { difficulty: e.difficulty ?? DEFAULT_DIFFICULTY, tasks_per_world: e.tasks_per_world ?? DEFAULT_TASKS_PER_WORLD };
  if (e.themes)
    return identityDifference(
      e.seed,
      { generator_version: e.generator_version, themes: e.themes, real_brands: e.real_brands, theme_specs: e.theme_specs, ...dial },
      want,
    );
  // A line of an older writer (or a file the manifest missed): its own theme stands for the list.
  const diff = identityDifference(e.seed, { ...want, generator_version: e.generator_version, real_brands: e.real_brands, ...dial }, want);
  if (diff) return diff;
  const expected = themeFor(e.index, want.themes).id;
  if (e.theme !== expected) return `holds ${e.file}, a ${e.theme} world; this run asks for a ${expected} world there (themes=${want.themes.join(',')})`;
  return undefined;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // our own leftovers cannot be in use: this run has not written yet
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function generateBatch(o: BatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  checkOptions(o);
  prepareOut(o.out);
  const shard = o.shard ?? { i: 0, n: 1 };
  // Theme specs given to the batch: without --themes, the batch is made of their themes alone.
  const specThemes = (o.themeSpecs ?? []).map((raw) => getTheme((raw as { id: string }).id));
  const want: BatchIdentity = {
    generator_version: GENERATOR_VERSION,
    themes: resolveThemes(o.themes?.length ? o.themes : specThemes.map((t) => t.id)),
    ...(specThemes.length > 0 ? { theme_specs: Object.fromEntries(specThemes.map((t) => [t.id, specDigest(t)])) } : {}),
    real_brands: o.realBrands ?? false,
    difficulty: o.difficulty ?? DEFAULT_DIFFICULTY,
    tasks_per_world: o.tasksPerWorld ?? DEFAULT_TASKS_PER_WORLD,
  };
  const options: GenerateOptions = {
    themes: want.themes,
    realBrands: want.real_brands,
    difficulty: want.difficulty,
    tasksPerWorld: want.tasks_per_world,
    ...(o.themeSpecs?.length ? { themeSpecs: o.themeSpecs } : {}),
  };
  const indices: number[] = [];
  for (let i = shard.i; i < o.count; i += shard.n) indices.push(i);
  const ours = new Set(indices.map((i) => worldId(o.seed, i)));
  const warn = (text: string) => o.onWarning?.(text);

  // A folder holding this seed under other options is refused before anything is touched: its worlds
  // carry the same ids as this run's, and replacing them would silently change a published batch.
  const manifest = readManifest(o.out);
  const refuse = (diff: string) => {
    throw new FictionError('BAD_INPUT', `${o.out} ${diff}: use another --out`);
  };
  for (const e of manifest.values()) {
    if (e.seed !== o.seed || !existsSync(join(o.out, e.file))) continue;
    const diff = entryDifference(e, want);
    if (diff) refuse(diff);
  }
  const described = new Map<string, ManifestEntry | undefined>();
  for (const id of ours) {
    if (manifest.has(id) || !existsSync(join(o.out, `${id}.sqlite`))) continue;
    const e = safeDescribe(join(o.out, `${id}.sqlite`));
    described.set(id, e);
    const diff = e && entryDifference(e, want);
    if (diff) refuse(diff);
  }

  // Leftovers of a killed run never carry a final name; remove them (not those of a live run sharing the folder).
  for (const f of readdirSync(o.out)) {
    const m = /^(w\d+-\d+)\.sqlite\..*\.tmp$/.exec(f);
    const idx = /^index\.jsonl\.(\d+)\.tmp$/.exec(f);
    if ((m && ours.has(m[1]!)) || (idx && !isAlive(Number(idx[1])))) rmSync(join(o.out, f), { force: true });
  }

  // Check every world already there: a listed one must still have its listed sha256 (a truncated or
  // changed file is rebuilt), an unlisted one must open and pass SQLite's quick check.
  const total = indices.length;
  let done = 0;
  let skipped = 0;
  const report = () => o.onProgress?.({ done, total, skipped, elapsedMs: performance.now() - started });
  const todo: number[] = [];
  for (const [k, i] of indices.entries()) {
    // Hashing a big folder takes a while: let signals (Ctrl-C) and timers run between files.
    if (k % 32 === 31) await new Promise((resolve) => setImmediate(resolve));
    const id = worldId(o.seed, i);
    const file = join(o.out, `${id}.sqlite`);
    if (existsSync(file)) {
      const listed = manifest.get(id);
      // A line without tasks_per_world was written before format v3: its file has no task certificates.
      if (listed && listed.tasks_per_world === undefined) {
        warn(`${id}.sqlite was written before world format v3 (no task certificates): rebuilding it`);
        rmSync(file, { force: true });
        manifest.delete(id);
        todo.push(i);
        continue;
      }
      const e = listed ? (sha256File(file) === listed.sha256 ? listed : undefined) : described.get(id);
      if (e) {
        manifest.set(id, manifestEntry({ ...e, themes: want.themes, theme_specs: want.theme_specs }));
        skipped++;
        done++;
        report();
        continue;
      }
      warn(`${id}.sqlite ${listed ? 'differs from its sha256 in index.jsonl' : 'is damaged'} (truncated or changed): rebuilding it`);
      rmSync(file, { force: true });
    }
    manifest.delete(id);
    todo.push(i);
  }

  // The manifest is on disk from the start and gains a line as each world finishes, so a run killed at
  // any moment leaves a manifest listing the worlds it completed; the final rewrite sorts it.
  writeManifest(o.out, manifest.values());
  const onEntry = (built: ManifestEntry) => {
    const e = manifestEntry({ ...built, themes: want.themes, theme_specs: want.theme_specs });
    manifest.set(e.id, e);
    try {
      appendManifest(o.out, e);
    } catch {
      /* a full disk: the world is listed by the final rewrite, or re-described by the next run */
    }
    done++;
    report();
  };
  report();
  const jobs: BuildJob[] = todo.map((index) => ({ dir: o.out, seed: o.seed, index, options }));
  try {
    await runPool({
      jobs,
      workers: Math.min(o.workers ?? availableParallelism(), jobs.length),
      module: taskModule(import.meta.url, './batch-worker'),
      local: buildOne,
      onResult: onEntry,
      describe: (job) => `world ${worldId(job.seed, job.index)}`,
      resourceLimits: WORKER_HEAP,
    });
  } finally {
    // Lines another shard appended to a shared folder meanwhile are kept; this run's worlds are its own.
    const merged = new Map([...readManifest(o.out)].filter(([id]) => !ours.has(id)));
    for (const [id, e] of manifest) if (ours.has(id) || !merged.has(id)) merged.set(id, e);
    writeManifest(o.out, merged.values());
  }

  const mine = indices.map((i) => manifest.get(worldId(o.seed, i))!).filter(Boolean);
  return {
    worlds: mine.length,
    generated: todo.length,
    skipped,
    facts: mine.reduce((s, e) => s + e.facts, 0),
    tasks: mine.reduce((s, e) => s + e.tasks, 0),
    themes: [...new Set(mine.map((e) => e.theme))].sort(),
    seconds: (performance.now() - started) / 1000,
    out: o.out,
  };
}

/** The file's manifest line, or undefined if it is damaged; a world of a newer format is never overwritten. */
function safeDescribe(file: string): ManifestEntry | undefined {
  try {
    return describeWorldFile(file);
  } catch (e) {
    if (isFictionError(e) && e.code === 'UNSUPPORTED_FORMAT' && /upgrade fictionworld/.test(e.message))
      throw new FictionError('BAD_INPUT', `${e.message.replace(/: upgrade fictionworld$/, '')}: use another --out`);
    // A whole world under another world's name is someone's file, not damage: never deleted to rebuild.
    if (isFictionError(e) && e.code === 'UNSUPPORTED_FORMAT' && /: named for world /.test(e.message))
      throw new FictionError('BAD_INPUT', `${e.message.replace(/: refusing to open it under the wrong id$/, '')}: use another --out`);
    return undefined;
  }
}
