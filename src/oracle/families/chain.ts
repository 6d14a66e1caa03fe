/**
 * Chain questions: resolve the start (named, or described as a constraint question describes), follow
 * each link by reading it, read the last attribute. The lists of the kinds along the chain are searched
 * for in one call ahead; a step whose entity's list was found reads it there.
 */
import type { ChainReading } from '../../tasks/families/reading.js';
import { openSeenList, read, resolveRef, searchAhead, statedValue, type SolveContext } from '../entities.js';
import { kindOf, linkTarget } from '../vocabulary.js';
import type { FamilyAnswer } from './result.js';

/** The kinds a chain passes through: its start's (described, or the kind with its first link), then each link's target. */
function kindsAlong(ctx: SolveContext, r: ChainReading): (string | null)[] {
  const first = r.links[0]?.toLowerCase();
  let kind: string | null =
    'kind' in r.start ? r.start.kind : ([...ctx.vocabulary.kinds.values()].find((k) => first !== undefined && k.labels.get(first)?.to)?.kind ?? null);
  const out = [kind];
  for (const link of r.links) {
    kind = kind ? linkTarget(ctx.vocabulary, link, kind) : null;
    out.push(kind);
  }
  return out;
}

export async function solveChainReading(ctx: SolveContext, r: ChainReading): Promise<FamilyAnswer> {
  const kinds = kindsAlong(ctx, r);
  const lists = kinds.flatMap((k, i) => (k && (i > 0 || !('kind' in r.start)) ? [`list of ${kindOf(ctx.vocabulary, k)?.plural ?? k}`] : []));
  await searchAhead(ctx, 'kind' in r.start ? [r.start] : [], lists);
  const start = await resolveRef(ctx, r.start);
  if (!start.name) return { answer: null, note: `start not resolved (${start.fits} candidates)` };
  let at = start.name;
  const step = async (i: number, label: string) => {
    if (statedValue(ctx, at, label) === undefined && kinds[i]) await openSeenList(ctx, kinds[i]!);
    await read(ctx, [at], [label]);
    return statedValue(ctx, at, label);
  };
  for (const [i, link] of r.links.entries()) {
    const next = await step(i, link);
    if (!next) return { answer: null, note: `link ${link} of ${at} not found` };
    at = next;
  }
  const v = await step(r.links.length, r.asks);
  return v ? { answer: v } : { answer: null, note: `${r.asks} of ${at} not found` };
}
