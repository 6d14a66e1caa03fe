/**
 * Trainer records, one per task, in the field names veRL reads (record-schema.ts declares them), as
 * Parquet (the default), one JSON array or JSON Lines (record-writer.ts). With a split, each world
 * goes to one split file by a hash of its id, and the report says how many entity names the splits
 * share. Each record carries the sha256 of the world file its task was read from, so a trainer can
 * tell when a world id no longer names the same world.
 */
import { mkdirSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { FictionError } from '../errors.js';
import { WEB_EXTRACTOR, WEB_SEARCH } from '../tools/definitions.js';
import type { BatchProgress } from '../world/batch.js';
import { readManifest, sha256File } from '../world/manifest.js';
import type { Task } from '../world/types.js';
import { AGENT_PROMPT_VERSION, promptMessages } from './agent-prompt.js';
import { listWorldFiles, readWorldTasks, type WorldTasks } from './batch-tasks.js';
import { hopsOf } from './hops.js';
import type { TaskRecord } from './record-schema.js';
import { createRecordWriter, EXTENSION, exportTarget, type ExportFormat, type RecordWriter } from './record-writer.js';
import { splitOf, splitPath, type SplitPart } from './split.js';

export type { TaskRecord } from './record-schema.js';

export const DATA_SOURCE = 'fictionworld';
export const ABILITY = 'search';

export interface RecordContext {
  worldId: string;
  worldSha256: string;
  theme: string;
  split: string;
  index: number;
  /** `data_source` of the record (default "fictionworld"). */
  dataSource?: string;
}

export function taskRecord(task: Task, ctx: RecordContext): TaskRecord {
  const bind = { create_kwargs: { world: ctx.worldId, task: task.id } };
  return {
    data_source: ctx.dataSource ?? DATA_SOURCE,
    prompt: promptMessages(task) as TaskRecord['prompt'],
    ability: ABILITY,
    reward_model: {
      style: 'rule',
      ground_truth: {
        target: [...new Set([task.answerText, ...task.aliases])],
        answer: task.answer,
        answer_type: task.answerType,
        answer_text: task.answerText,
        columns: task.columns,
        key_columns: task.keyColumns,
        tolerance: task.tolerance,
        aliases: task.aliases,
      },
    },
    extra_info: {
      split: ctx.split,
      index: ctx.index,
      world_id: ctx.worldId,
      world_sha256: ctx.worldSha256,
      theme: ctx.theme,
      task_id: task.id,
      kind: task.kind,
      question: task.question,
      difficulty: task.difficulty,
      // searches in a chain: the links the certificate counts, plus the last read
      hops: task.certificate ? task.certificate.hops + 1 : hopsOf(task),
      pages_needed: task.certificate?.pagesNeeded ?? 0,
      constraints: task.certificate?.constraints ?? 0,
      width: task.certificate?.width ?? 1,
      oracle_calls: task.certificate?.plan.length ?? 0,
      prompt_version: AGENT_PROMPT_VERSION,
      need_tools_kwargs: true,
      tools_kwargs: { [WEB_SEARCH]: bind, [WEB_EXTRACTOR]: bind },
    },
  };
}

export interface SplitOverlap {
  a: string;
  b: string;
  /** Distinct entity names (case-folded) found in worlds of both splits. */
  shared: number;
  /** `shared` over the distinct names of the smaller split. */
  share: number;
  examples: string[];
}

export interface ExportedFile {
  split: string;
  path: string;
  worlds: number;
  records: number;
  entityNames: number;
}

export interface ExportSummary {
  records: number;
  worlds: number;
  files: ExportedFile[];
  overlap: SplitOverlap[];
}

export interface ExportOptions {
  dir: string;
  out: string;
  /** parquet, json (one array) or jsonl; by default the one `out` ends in, else parquet. */
  format?: ExportFormat;
  split?: SplitPart[];
  /** `data_source` of every record (default "fictionworld"; e.g. "searchR1_nq" routes veRL's stock scorer to search-R1 exact match). */
  dataSource?: string;
  /** Called as each world is read (`done` of `total` world files). */
  onProgress?: (p: BatchProgress) => void;
}

/**
 * The tasks of one world file with the sha256 of the bytes they were read from. The file must not be
 * replaced while it is read, and must match its line in the folder's manifest, if listed there.
 */
function readHashedWorld(file: string, listed: Map<string, { sha256: string }>): WorldTasks & { sha256: string } {
  const stamp = (s: { ino: number; size: number; mtimeMs: number }) => `${s.ino}:${s.size}:${s.mtimeMs}`;
  const before = stamp(statSync(file));
  const sha256 = sha256File(file);
  const w = readWorldTasks(file);
  if (stamp(statSync(file)) !== before) throw new FictionError('INCONSISTENT', `${file} changed while it was being exported: export again`);
  const entry = listed.get(basename(file).replace(/\.sqlite$/, ''));
  if (entry && entry.sha256 !== sha256)
    throw new FictionError('INCONSISTENT', `${file} differs from its sha256 in index.jsonl: run \`fictionworld validate ${dirname(file)}\``);
  return { ...w, sha256 };
}

/** Write the records of every task in `opts.dir`; files appear whole (written aside, then renamed). */
export function exportTasks(opts: ExportOptions): ExportSummary {
  const { format } = exportTarget(opts);
  const parts = opts.split ?? [{ name: 'all', weight: 1 }];
  const started = performance.now();
  const worldFiles = listWorldFiles(opts.dir);
  const listed = readManifest(opts.dir);
  const files = new Map<string, ExportedFile & { writer: RecordWriter; names: Set<string> }>();
  const abortAll = () => {
    for (const f of files.values()) f.writer.abort();
  };
  for (const p of parts) {
    const path = opts.split ? splitPath(opts.out, p.name, EXTENSION[format]) : opts.out;
    let writer: RecordWriter;
    try {
      mkdirSync(dirname(path), { recursive: true });
      writer = createRecordWriter(format, path);
    } catch (e) {
      abortAll();
      throw e instanceof FictionError ? e : new FictionError('IO', `cannot write ${path}: ${(e as Error).message}`, { cause: e });
    }
    files.set(p.name, { split: p.name, path, worlds: 0, records: 0, entityNames: 0, writer, names: new Set() });
  }
  let records = 0;
  let worlds = 0;
  const report = () => opts.onProgress?.({ done: worlds, total: worldFiles.length, skipped: 0, elapsedMs: performance.now() - started });
  try {
    report();
    for (const file of worldFiles) {
      const w = readHashedWorld(file, listed);
      const f = files.get(opts.split ? splitOf(w.worldId, parts) : 'all')!;
      worlds++;
      f.worlds++;
      for (const n of w.entityNames) f.names.add(n.toLowerCase());
      const ctx = { worldId: w.worldId, worldSha256: w.sha256, theme: w.theme, split: f.split, dataSource: opts.dataSource };
      f.writer.write(w.tasks.map((t) => taskRecord(t, { ...ctx, index: f.records++ })));
      records += w.tasks.length;
      report();
    }
    for (const f of files.values()) f.writer.close();
  } catch (e) {
    abortAll();
    throw e;
  }
  const list = [...files.values()];
  return {
    records,
    worlds,
    files: list.map(({ split, path, worlds: n, records: r, names }) => ({ split, path, worlds: n, records: r, entityNames: names.size })),
    overlap: opts.split ? overlapOf(list) : [],
  };
}

export function overlapOf(splits: { split: string; names: Set<string> }[]): SplitOverlap[] {
  const out: SplitOverlap[] = [];
  for (let i = 0; i < splits.length; i++) {
    for (let j = i + 1; j < splits.length; j++) {
      const [a, b] = [splits[i]!, splits[j]!];
      const [small, large] = a.names.size <= b.names.size ? [a.names, b.names] : [b.names, a.names];
      const shared = [...small].filter((n) => large.has(n)).sort();
      out.push({ a: a.split, b: b.split, shared: shared.length, share: small.size > 0 ? shared.length / small.size : 0, examples: shared.slice(0, 5) });
    }
  }
  return out;
}
