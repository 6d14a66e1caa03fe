/** Chain questions: resolve the start (named, or described as a constraint question describes), follow each link by reading it, read the last attribute. */
import type { ChainReading } from '../../tasks/families/reading.js';
import { read, resolveRef, statedValue, type SolveContext } from '../entities.js';
import type { FamilyAnswer } from './result.js';

export async function solveChainReading(ctx: SolveContext, r: ChainReading): Promise<FamilyAnswer> {
  const start = await resolveRef(ctx, r.start);
  if (!start.name) return { answer: null, note: `start not resolved (${start.fits} candidates)` };
  let at = start.name;
  for (const link of r.links) {
    await read(ctx, [at], [link]);
    const next = statedValue(ctx, at, link);
    if (!next) return { answer: null, note: `link ${link} of ${at} not found` };
    at = next;
  }
  await read(ctx, [at], [r.asks]);
  const v = statedValue(ctx, at, r.asks);
  return v ? { answer: v } : { answer: null, note: `${r.asks} of ${at} not found` };
}
