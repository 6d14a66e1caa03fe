/**
 * Is a query related to the session's task? Remove the answer's surface forms from the query; the
 * query is related when what is left names an entity of an answer fact (its subject, or an entity its
 * row refers to, other than the answer) and retrieval on what is left (unperturbed, unguarded) ranks a
 * page with a matching passage that states an answer fact among its top 5. Naming a guessed answer
 * therefore never makes a query related, and a multi-hop question needs its bridge entity named.
 *
 * A query that names more than MAX_OTHER_NAMES other entities of the world besides is related to none
 * of them (a policy listing every name it knows names the bridge by chance).
 *
 * Entities are named by their full display name, after folding (case, accents, invisible characters,
 * separators), never by a fragment: "X9" alone does not name "Zentria X9".
 */
import { prepareQuery } from '../search/query.js';
import type { GuardContext } from './guard-context.js';
import { fold } from '../text/fold.js';

/** Most other entities of the world a related query may name besides the task's ("X vs Y"). */
export const MAX_OTHER_NAMES = 3;

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
  const found = ctx.entities.scanFolded(reduced);
  let named = [...new Set(found.map((d) => d.itemText))];
  // A query that names many other entities of the world besides (a list of names dumped into one
  // query) names none in particular: it does not make the task's entity the one asked about.
  if (named.length > 0) {
    const others = new Set(
      ctx.worldNames
        .scanFolded(reduced)
        .filter((d) => !found.some((e) => e.start <= d.start && e.end >= d.end) && !named.includes(d.itemText))
        .map((d) => d.itemText),
    );
    if (others.size > MAX_OTHER_NAMES) named = [];
  }
  let answerInTop = false;
  if (named.length > 0) {
    const top = ctx.world.retrieve(prepareQuery(reduced), RELATED_TOP_K).slice(0, RELATED_TOP_K);
    answerInTop = top.some((c) => c.passages.some((p) => p.factIds.some((id) => ctx.answerFactIds.has(id))));
  }
  const result: Relatedness = { related: named.length > 0 && answerInTop, reduced, removed: detections.length, named, answerInTop };
  ctx.relatedCache.set(folded, result);
  return result;
}
