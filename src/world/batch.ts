/**
 * generateBatch: many worlds in parallel worker threads, resumable and safe to kill. Each world is
 * written under a temporary name and renamed into place; the manifest is rewritten atomically. World i
 * depends only on (seed, i, generator version, options), never on the worker that built it.
 */
import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { FictionError } from '../errors.js';
import { getTheme } from '../themes/registry.js';
import { runPool, taskModule } from '../util/worker-pool.js';
import { buildOne, type BuildJob } from './build-one.js';
import { themeFor, type GenerateOptions } from './generate.js';
import { describeWorldFile, readManifest, writeManifest, type ManifestEntry } from './manifest.js';
import { GENERATOR_VERSION, worldId } from './types.js';

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
  for (const t of o.themes ?? []) getTheme(t);
}

/** Create the output folder and prove it is writable, before any work. */
function prepareOut(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    throw new FictionError('IO', `cannot write to output folder ${dir} (${code})`, { cause: e });
  }
}

export async function generateBatch(o: BatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  checkOptions(o);
  prepareOut(o.out);
  const shard = o.shard ?? { i: 0, n: 1 };
  const options: GenerateOptions = { themes: o.themes, realBrands: o.realBrands ?? false };
  const indices: number[] = [];
  for (let i = shard.i; i < o.count; i += shard.n) indices.push(i);

  // Leftovers of a killed run never carry a final name; remove them.
  const ours = new Set(indices.map((i) => worldId(o.seed, i)));
  for (const f of readdirSync(o.out)) {
    const m = /^(w\d+-\d+)\.sqlite\..*\.tmp$/.exec(f);
    if ((m && ours.has(m[1]!)) || /^index\.jsonl\..*\.tmp$/.test(f)) rmSync(join(o.out, f), { force: true });
  }

  const manifest = readManifest(o.out);
  const todo: number[] = [];
  let skipped = 0;
  for (const i of indices) {
    const id = worldId(o.seed, i);
    const file = join(o.out, `${id}.sqlite`);
    const entry = manifest.get(id);
    const expected = themeFor(i, o.themes).id;
    if (existsSync(file)) {
      const e = entry ?? safeDescribe(file);
      if (e && e.theme === expected && e.generator_version === GENERATOR_VERSION && e.real_brands === options.realBrands) {
        manifest.set(id, e);
        skipped++;
        continue;
      }
      rmSync(file, { force: true });
    }
    manifest.delete(id);
    todo.push(i);
  }

  const total = indices.length;
  let done = skipped;
  let lastSave = performance.now();
  const report = () => o.onProgress?.({ done, total, skipped, elapsedMs: performance.now() - started });
  const onEntry = (e: ManifestEntry) => {
    manifest.set(e.id, e);
    done++;
    report();
    if (performance.now() - lastSave > 2000) {
      writeManifest(o.out, manifest.values());
      lastSave = performance.now();
    }
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
    });
  } finally {
    writeManifest(o.out, manifest.values());
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

function safeDescribe(file: string): ManifestEntry | undefined {
  try {
    return describeWorldFile(file);
  } catch {
    return undefined;
  }
}
