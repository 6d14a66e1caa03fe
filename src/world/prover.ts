/**
 * The prover generation asks whether each certified task can be solved by searching: the reference
 * oracle (src/oracle/generation.ts proveByOracle) with the guard on, within the certificate's budget.
 * Injected, so generation does not depend on the oracle's code and tests can pass their own.
 */
import { proveByOracle } from '../oracle/generation.js';
import type { PlanStep } from '../tasks/certificate/schema.js';
import type { Task, WorldData } from './types.js';

export interface Proof {
  solved: boolean;
  /** The oracle's tool calls, as it made them (stored in the certificate). */
  plan: PlanStep[];
}

/** One proof per task, in the order of `tasks` (the tasks are also `data.tasks`). */
export type Prover = (data: WorldData, tasks: readonly Task[]) => Promise<Proof[]> | Proof[];

/**
 * The prover a batch uses (build-one.ts): the reference oracle, searching the world it is proving with
 * the guard on, within each certificate's budget.
 */
export const BATCH_PROVER: Prover = (data, tasks) => proveByOracle(data, [...tasks]);
