/**
 * Trainer records: one JSON line per task, in the field names veRL reads (`data_source`, `prompt`,
 * `ability`, `reward_model`, `extra_info`). The record's types are the same for every task (strings
 * stay strings, lists of strings stay lists), so the file converts to Parquet without a schema.
 * With a split, each world goes to one split file by a hash of its id, and the report says how many
 * entity names the splits share. Each record carries the sha256 of the world file its task was read
 * from, so a trainer can tell when a world id no longer names the same world.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { FictionError } from '../errors.js';
import { openAiTools, WEB_EXTRACTOR, WEB_SEARCH, type OpenAiTool } from '../tools/definitions.js';
import type { BatchProgress } from '../world/batch.js';
import { readManifest, sha256File } from '../world/manifest.js';
import type { Task } from '../world/types.js';
import type { Difficulty } from './certificate/schema.js';
import { AGENT_PROMPT_VERSION, promptMessages, type ChatMessage } from './agent-prompt.js';
import { listWorldFiles, readWorldTasks, type WorldTasks } from './batch-tasks.js';
import { hopsOf } from './hops.js';
import { splitOf, splitPath, type SplitPart } from './split.js';

export const DATA_SOURCE = 'fictionworld';
export const ABILITY = 'search';

export interface TaskRecord {
  data_source: string;
  prompt: ChatMessage[];
  ability: string;
  /** `ground_truth` is the task's answer: the JSON array of rows its SQL returns. */
  reward_model: { style: 'rule'; ground_truth: string };
  extra_info: {
    split: string;
    index: number;
    world_id: string;
    /** sha256 of the world file the task was exported from (as in index.jsonl). */
    world_sha256: string;
    theme: string;
    task_id: string;
    kind: string;
    question: string;
    answer_type: string;
    answer_text: string;
    columns: string[];
    key_columns: string[];
    tolerance: number;
    aliases: string[];
    /** easy, medium or hard: derived from the certificate's figures below. */
    difficulty: Difficulty;
    hops: number;
    /** The certificate's figures (src/tasks/certificate/schema.ts), for curricula and filters. */
    pages_needed: number;
    constraints: number;
    /** Answer cells of a table answer; 1 otherwise. */
    width: number;
    /** Tool calls of the reference oracle's plan (0 when the world was generated without the prover). */
    oracle_calls: number;
    prompt_version: number;
    tools: OpenAiTool[];
    need_tools_kwargs: boolean;
    tools_kwargs: Record<string, { create_kwargs: { world_id: string; task_id: string } }>;
  };
}

export interface RecordContext {
  worldId: string;
  worldSha256: string;
  theme: string;
  split: string;
  index: number;
}

export function taskRecord(task: Task, ctx: RecordContext, tools: OpenAiTool[] = openAiTools()): TaskRecord {
  const bind = { create_kwargs: { world_id: ctx.worldId, task_id: task.id } };
  return {
    data_source: DATA_SOURCE,
    prompt: promptMessages(task),
    ability: ABILITY,
    reward_model: { style: 'rule', ground_truth: task.answer },
    extra_info: {
      split: ctx.split,
      index: ctx.index,
      world_id: ctx.worldId,
      world_sha256: ctx.worldSha256,
      theme: ctx.theme,
      task_id: task.id,
      kind: task.kind,
      question: task.question,
      answer_type: task.answerType,
      answer_text: task.answerText,
      columns: task.columns,
      key_columns: task.keyColumns,
      tolerance: task.tolerance,
      aliases: task.aliases,
      difficulty: task.difficulty,
      // searches in a chain: the links the certificate counts, plus the last read
      hops: task.certificate ? task.certificate.hops + 1 : hopsOf(task),
      pages_needed: task.certificate?.pagesNeeded ?? 0,
      constraints: task.certificate?.constraints ?? 0,
      width: task.certificate?.width ?? 1,
      oracle_calls: task.certificate?.plan.length ?? 0,
      prompt_version: AGENT_PROMPT_VERSION,
      tools,
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
  split?: SplitPart[];
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
  const parts = opts.split ?? [{ name: 'all', weight: 1 }];
  const started = performance.now();
  const worldFiles = listWorldFiles(opts.dir);
  const listed = readManifest(opts.dir);
  const files = new Map<string, ExportedFile & { fd: number; tmp: string; names: Set<string> }>();
  for (const p of parts) {
    const path = opts.split ? splitPath(opts.out, p.name) : opts.out;
    const tmp = `${path}.${process.pid}.tmp`;
    let fd: number;
    try {
      mkdirSync(dirname(path), { recursive: true });
      fd = openSync(tmp, 'w');
    } catch (e) {
      for (const f of files.values()) cleanup(f);
      throw new FictionError('IO', `cannot write ${path}: ${(e as Error).message}`, { cause: e });
    }
    files.set(p.name, { split: p.name, path, worlds: 0, records: 0, entityNames: 0, fd, tmp, names: new Set() });
  }
  const tools = openAiTools();
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
      const ctx = { worldId: w.worldId, worldSha256: w.sha256, theme: w.theme, split: f.split };
      const lines = w.tasks.map((t) => JSON.stringify(taskRecord(t, { ...ctx, index: f.records++ }, tools)));
      if (lines.length > 0) writeSync(f.fd, `${lines.join('\n')}\n`);
      records += lines.length;
      report();
    }
    for (const f of files.values()) {
      closeSync(f.fd);
      renameSync(f.tmp, f.path);
    }
  } catch (e) {
    for (const f of files.values()) cleanup(f);
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

function cleanup(f: { fd: number; tmp: string }): void {
  try {
    closeSync(f.fd);
  } catch {
    /* already closed */
  }
  rmSync(f.tmp, { force: true });
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
