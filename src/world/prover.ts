/**
 * The prover generation asks whether each certified task can be solved by searching: the reference
 * oracle (src/oracle/generation.ts proveByOracle) with the guard on, within the certificate's budget.
 * Injected, so generation does not depend on the oracle's code and tests can pass their own.
 */
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
 * The prover a batch uses (build-one.ts): none until the oracle's `proveByOracle` is wired here. Without
 * a prover every certified task counts as solved with an empty plan.
 */
export const BATCH_PROVER: Prover | undefined = undefined;
