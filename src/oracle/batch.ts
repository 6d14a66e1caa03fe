/**
 * Solvability of a batch: the oracle searcher runs every task of every world (or of `sample` worlds
 * spread over the folder, tasks/sample-worlds.ts) in a session bound to the task, so the leakage guard is on, and each
 * answer is scored with the tasks' own scorer (run-task.ts). A task is solved when its reward is exact
 * (a table: every cell right) within its budget (budget.ts: 2 × pages needed + 4 with a certificate,
 * plus one per answer row for a table; 10 calls, plus one per row for a wide table, without).
 */
import { FictionError } from '../errors.js';
import { hash32 } from '../rng.js';
import { createSearchWorld } from '../search/world-index.js';
import { sampleWorldFiles } from '../tasks/sample-worlds.js';
import type { PerturbationProfile } from '../perturb/profile.js';
import type { TaskKind } from '../world/types.js';
import { runOracleTask } from './run-task.js';
import { vocabularyOf } from './vocabulary.js';

export { budgetFor } from './budget.js';

export interface TaskSolve {
  worldId: string;
  theme: string;
  taskId: string;
  kind: TaskKind;
  /** The task's difficulty as stored (tasks.difficulty). */
  difficulty: string;
  solved: boolean;
  reward: number;
  calls: number;
  budget: number;
  note?: string;
}

export interface SolveGroup {
  tasks: number;
  solved: number;
  share: number;
  meanReward: number;
  /** Mean and largest number of calls over the tasks solved. */
  meanCalls: number;
  maxCalls: number;
}

export interface SolvabilityReport {
  worlds: number;
  overall: SolveGroup;
  byTheme: Record<string, SolveGroup>;
  /** By task kind: the easy six and each issue-24 family. */
  byKind: Record<string, SolveGroup>;
  byDifficulty: Record<string, SolveGroup>;
  /** Kind → difficulty → group. */
  byKindDifficulty: Record<string, Record<string, SolveGroup>>;
  /** Theme → kind → group. */
  byThemeKind: Record<string, Record<string, SolveGroup>>;
  /** How many solved tasks needed each number of calls. */
  callsHistogram: Record<string, number>;
  /** The target: at least this share solved within budget, with the guard on. */
  target: number;
  /** Every kind (family) reaches the target. */
  pass: boolean;
  /** Unsolved tasks (at most 100), with the question and why. */
  failures: (TaskSolve & { question: string; answer: string | null })[];
}

export interface SolveBatchOptions {
  /** Take N worlds spread evenly over the folder (deterministic: tasks/sample-worlds.ts), as every `--sample` does. */
  sample?: number;
  /** Called after each world: worlds done, worlds in all (a progress display), the world's file. */
  onWorld?: (done: number, total: number, file: string) => void;
  /** Perturbations of every session (default none); simulated latency is never waited for. */
  profile?: Partial<PerturbationProfile>;
  /** Seed of the perturbation draws (default 0); each task's session draws from its own seed derived from it. */
  sessionSeed?: number;
}

export const SOLVABILITY_TARGET = 0.95;
const MAX_FAILURES = 100;

/** Run the oracle on every task of one world file. */
export async function solveWorld(
  file: string,
  opts: Pick<SolveBatchOptions, 'profile' | 'sessionSeed'> = {},
): Promise<{ worldId: string; theme: string; results: (TaskSolve & { question: string; answer: string | null })[] }> {
  const world = createSearchWorld(file);
  try {
    const theme = world.world.meta.theme ?? world.world.theme.id;
    const results: (TaskSolve & { question: string; answer: string | null })[] = [];
    const vocabulary = vocabularyOf(world.world.theme);
    for (const taskId of world.taskIds()) {
      const task = world.task(taskId)!;
      const run = await runOracleTask(world, task, {
        vocabulary,
        ...(opts.profile ? { profile: opts.profile } : {}),
        seed: hash32(`${opts.sessionSeed ?? 0}|${world.id}|${taskId}`),
      });
      results.push({
        worldId: world.id,
        theme,
        taskId,
        kind: task.kind,
        difficulty: String(task.difficulty),
        solved: run.solved,
        reward: run.reward,
        calls: run.calls,
        budget: run.budget,
        ...(run.note ? { note: run.note } : {}),
        question: task.question,
        answer: run.answer,
      });
    }
    return { worldId: world.id, theme, results };
  } finally {
    world.close();
  }
}

function group(list: readonly TaskSolve[]): SolveGroup {
  const solved = list.filter((r) => r.solved);
  const calls = solved.map((r) => r.calls);
  return {
    tasks: list.length,
    solved: solved.length,
    share: list.length > 0 ? solved.length / list.length : 0,
    meanReward: list.length > 0 ? list.reduce((s, r) => s + r.reward, 0) / list.length : 0,
    meanCalls: calls.length > 0 ? calls.reduce((s, c) => s + c, 0) / calls.length : 0,
    maxCalls: calls.length > 0 ? Math.max(...calls) : 0,
  };
}

function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of list) (out.get(key(t)) ?? out.set(key(t), []).get(key(t))!).push(t);
  return new Map([...out].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

export function summarizeSolves(results: readonly (TaskSolve & { question: string; answer: string | null })[], worlds: number): SolvabilityReport {
  const byTheme: Record<string, SolveGroup> = {};
  const byThemeKind: Record<string, Record<string, SolveGroup>> = {};
  for (const [theme, list] of groupBy(results, (r) => r.theme)) {
    byTheme[theme] = group(list);
    byThemeKind[theme] = Object.fromEntries([...groupBy(list, (r) => r.kind)].map(([k, l]) => [k, group(l)]));
  }
  const byKind = Object.fromEntries([...groupBy(results, (r) => r.kind)].map(([k, l]) => [k, group(l)]));
  const byDifficulty = Object.fromEntries([...groupBy(results, (r) => r.difficulty)].map(([k, l]) => [k, group(l)]));
  const byKindDifficulty = Object.fromEntries(
    [...groupBy(results, (r) => r.kind)].map(([k, l]) => [k, Object.fromEntries([...groupBy(l, (r) => r.difficulty)].map(([d, m]) => [d, group(m)]))]),
  );
  const callsHistogram: Record<string, number> = {};
  for (const r of results) if (r.solved) callsHistogram[String(r.calls)] = (callsHistogram[String(r.calls)] ?? 0) + 1;
  const overall = group(results);
  return {
    worlds,
    overall,
    byTheme,
    byKind,
    byDifficulty,
    byKindDifficulty,
    byThemeKind,
    callsHistogram,
    target: SOLVABILITY_TARGET,
    pass: overall.share >= SOLVABILITY_TARGET && Object.values(byKind).every((g) => g.share >= SOLVABILITY_TARGET),
    failures: results.filter((r) => !r.solved).slice(0, MAX_FAILURES),
  };
}

/** Solvability of the worlds in `dir` (every world, or `sample` of them spread over the folder). */
export async function solveBatch(dir: string, opts: SolveBatchOptions = {}): Promise<SolvabilityReport> {
  if (opts.sample !== undefined && (!Number.isInteger(opts.sample) || opts.sample < 1))
    throw new FictionError('BAD_INPUT', `sample must be a positive integer, got ${String(opts.sample)}`);
  const files = sampleWorldFiles(dir, opts.sample);
  const results: (TaskSolve & { question: string; answer: string | null })[] = [];
  for (const [i, file] of files.entries()) {
    results.push(...(await solveWorld(file, opts)).results);
    opts.onWorld?.(i + 1, files.length, file);
  }
  return summarizeSolves(results, files.length);
}
