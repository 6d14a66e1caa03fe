/**
 * Seeded perturbation draws. Every draw comes from an Rng seeded by (session seed, call index) or
 * (session seed, call index, query index), and every draw is made whatever the rates are, so the same
 * seed and call sequence always give the same faults, and changing one rate does not reshuffle the
 * others. Page sizes are the one exception: they are seeded by (session seed, query text), so page 2
 * of a query continues exactly where page 1 stopped.
 */
import type { ObservationError } from '../render/observation.js';
import { Rng } from '../rng.js';
import type { ToolName } from '../tools/definitions.js';
import { queryFailedFault, transientFault } from './faults.js';
import type { PerturbationProfile } from './profile.js';

export interface CallPlan {
  /** A transient error failing the whole call. */
  error?: ObservationError;
  /** Added latency in ms (0 for none). */
  latencyMs: number;
}

export function callRng(seed: number, callIndex: number): Rng {
  return new Rng(`perturb|${seed}|${callIndex}`);
}

export function queryRng(seed: number, callIndex: number, queryIndex: number): Rng {
  return new Rng(`perturb|${seed}|${callIndex}|${queryIndex}`);
}

export function planCall(profile: Readonly<PerturbationProfile>, seed: number, callIndex: number, tool: ToolName): CallPlan {
  if (profile.errorRate === 0 && profile.latencyRate === 0) return { latencyMs: 0 };
  const rng = callRng(seed, callIndex);
  const fails = rng.chance(profile.errorRate);
  const kind = rng.pick(profile.errorKinds);
  const faultRng = rng.fork('fault');
  const delayed = rng.chance(profile.latencyRate);
  const latencyMs = rng.int(profile.latencyMinMs, profile.latencyMaxMs);
  const plan: CallPlan = { latencyMs: delayed ? latencyMs : 0 };
  if (fails) plan.error = transientFault(kind, faultRng, tool);
  return plan;
}

/**
 * Which queries of a batch fail (partial failure). A single query never fails this way, and at least
 * one query of a batch always answers.
 */
export function planPartialFailures(profile: Readonly<PerturbationProfile>, rngs: readonly Rng[]): (ObservationError | undefined)[] {
  const drawn = rngs.map((rng): ObservationError | undefined => {
    const fails = rng.chance(profile.partialFailureRate);
    const fault = queryFailedFault(rng.fork('fault'));
    return fails ? fault : undefined;
  });
  if (rngs.length < 2) return rngs.map(() => undefined);
  if (!drawn.includes(undefined)) drawn[0] = undefined;
  return drawn;
}

/** The page size of a paginated query, or null for the normal page size. */
export function pageSizeFor(profile: Readonly<PerturbationProfile>, seed: number, queryText: string): number | null {
  if (profile.paginationRate === 0) return null;
  const rng = new Rng(`perturb|${seed}|page-size|${queryText}`);
  const paginated = rng.chance(profile.paginationRate);
  const size = rng.int(profile.pageSizeMin, profile.pageSizeMax);
  return paginated ? size : null;
}
