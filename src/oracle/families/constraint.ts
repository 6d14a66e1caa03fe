/**
 * Constraint (inverted) questions: find every entity of the described kind (its list page, else its
 * parents' lists), read each candidate's attributes, keep those meeting every condition (linked
 * entities read for `via` and `within_years`, the whole kind for `rank`); the answer is the one left,
 * or its asked attribute.
 */
import type { ConstraintReading } from '../../tasks/families/reading.js';
import { read, searchAhead, select, statedValue, type SolveContext } from '../entities.js';
import type { FamilyAnswer } from './result.js';

export async function solveConstraint(ctx: SolveContext, r: ConstraintReading): Promise<FamilyAnswer> {
  await searchAhead(ctx, [r.target]);
  const fit = await select(ctx, r.target);
  if (fit.length !== 1)
    return { answer: null, note: fit.length === 0 ? 'no candidate meets every condition' : `${fit.length} candidates meet every condition` };
  const one = fit[0]!;
  if (!r.asks) return { answer: one };
  await read(ctx, [one], [r.asks]);
  const v = statedValue(ctx, one, r.asks);
  return v ? { answer: v } : { answer: null, note: `${r.asks} of the one candidate not found` };
}
