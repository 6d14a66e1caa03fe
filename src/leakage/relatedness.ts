/**
 * Is a query related to the session's task? Remove the answer's surface forms from the query; the
 * query is related when what is left names an entity of an answer fact (its subject, or an entity its
 * row refers to, other than the answer) and retrieval on what is left (unperturbed, unguarded) ranks a
 * page with a matching passage that states an answer fact among its top 5. Naming a guessed answer
 * therefore never makes a query related, and a multi-hop question needs its bridge entity named.
 *
 * Entities are named by their full display name, after folding (case, accents, invisible characters,
 * separators), never by a fragment: "X9" alone does not name "Zentria X9".
 */
import { prepareQuery } from '../search/query.js';
import type { GuardContext } from './guard-context.js';
import { fold } from '../text/fold.js';

/** How many top results retrieval on the reduced query looks at. */
export const RELATED_TOP_K = 5;

export interface Relatedness {
  related: boolean;
  /** The query with the answer's surface forms removed (folded). */
  reduced: string;
  /** How many answer forms were removed. */
  removed: number;
  /** Entities of answer facts the reduced query names. */
  named: string[];
  /** Whether retrieval on the reduced query ranks an answer-fact passage in its top results. */
  answerInTop: boolean;
}

export function classifyQuery(ctx: GuardContext, queryText: string): Relatedness {
  const folded = fold(queryText);
  const hit = ctx.relatedCache.get(folded);
  if (hit) return hit;
  // The answer's forms are taken out unless the family's policy says the answer is a candidate the work checks.
  const detections = ctx.policy.stripAnswer ? ctx.detector.scanFolded(folded) : [];
  let reduced = folded;
  for (const d of [...detections].sort((a, b) => b.start - a.start)) reduced = `${reduced.slice(0, d.start)} ${reduced.slice(d.end)}`;
  reduced = reduced.replace(/\s+/g, ' ').trim();
  const named = [...new Set(ctx.entities.scanFolded(reduced).map((d) => d.itemText))];
  let answerInTop = false;
  if (named.length > 0) {
    const top = ctx.world.retrieve(prepareQuery(reduced), RELATED_TOP_K).slice(0, RELATED_TOP_K);
    answerInTop = top.some((c) => c.passages.some((p) => p.factIds.some((id) => ctx.answerFactIds.has(id))));
  }
  const result: Relatedness = { related: named.length > 0 && answerInTop, reduced, removed: detections.length, named, answerInTop };
  ctx.relatedCache.set(folded, result);
  return result;
}
