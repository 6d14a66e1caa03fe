/**
 * The oracle's proof at generation: run the reference oracle on candidate tasks of a world that is not
 * written yet. The world is built in memory by the writer's own insert (src/db/write.ts, into an
 * in-memory SQLite database), opened for search as a file would be, and every task is solved in a
 * session bound to it (guard on), within its budget (budget.ts), each call recorded as a plan step.
 * Deterministic: each session's seed derives from the world and task ids, and no perturbation runs.
 */
import Database from 'better-sqlite3';
import { metaEntries, insertWorld } from '../db/write.js';
import type { OpenWorld } from '../db/open.js';
import { hash32 } from '../rng.js';
import { createSearchWorld } from '../search/world-index.js';
import type { PlanStep } from '../tasks/certificate/schema.js';
import type { Task, WorldData } from '../world/types.js';
import { runOracleTask } from './run-task.js';
import { vocabularyOf } from './vocabulary.js';

export interface OracleProof {
  taskId: string;
  solved: boolean;
  reward: number;
  /** The oracle's calls, in order (its plan); their count is what the budget was held to. */
  plan: PlanStep[];
  budget: number;
  /** Why it failed, when it did. */
  note?: string;
}

/** `data` with `tasks` in place of its own, as an open world over an in-memory database. */
function openInMemory(data: WorldData, tasks: readonly Task[]): OpenWorld {
  const db = new Database(':memory:');
  insertWorld(db, { ...data, tasks: [...tasks] });
  return { db, path: ':memory:', meta: Object.fromEntries(metaEntries(data)), id: data.meta.world_id, theme: data.theme };
}

/** Solve every task of `tasks` over the world `data` describes (not written yet); one proof per task, in order. */
export async function proveByOracle(data: WorldData, tasks: Task[]): Promise<OracleProof[]> {
  if (tasks.length === 0) return [];
  const world = createSearchWorld(openInMemory(data, tasks));
  try {
    const vocabulary = vocabularyOf(data.theme);
    const out: OracleProof[] = [];
    for (const task of tasks) {
      const run = await runOracleTask(world, task, { vocabulary, seed: hash32(`${world.id}|${task.id}`) });
      out.push({ taskId: task.id, solved: run.solved, reward: run.reward, plan: run.plan, budget: run.budget, ...(run.note ? { note: run.note } : {}) });
    }
    return out;
  } finally {
    world.close();
  }
}
