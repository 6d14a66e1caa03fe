/**
 * Conflict questions: find the entity the question describes (and follow its links), then read the
 * attribute on several pages. A statement a page marks as hedged
 * (estimated, preliminary, rounded "about …", a forum post's "if I remember right") does not count; a
 * statement marked final, revised or corrected wins; otherwise the value most pages state exactly
 * (tables, infoboxes, list items) is the answer.
 */
import type { ConflictReading, Described } from '../../tasks/families/reading.js';
import { read, resolveRef, searchAhead, select, statedValue, type SolveContext } from '../entities.js';
import { findMembers, nounForms } from '../members.js';
import { withoutSite } from '../page-read.js';
import { kindOf, linkTarget } from '../vocabulary.js';
import { amountOf, plainText } from '../written.js';
import type { FamilyAnswer } from './result.js';

/** Words that mark a statement as not the final value. */
export const HEDGES =
  /\b(?:estimated|estimate|preliminary|provisional|about|around|roughly|approximately|nearly|some|if I remember|I think|or close to it|unconfirmed|rumou?red)\b/i;
/** Words that mark a statement as the final value. */
export const FINAL = /\b(?:final|finally|revised|corrected|confirmed|correction)\b/i;

/** Pages opened beyond the first value, to compare statements. */
const MORE_PAGES = 3;

const voteKey = (v: string) => {
  const n = amountOf(v);
  return n === null ? plainText(v) : String(n);
};

/** Whether a result seen so far is the list of every entity of `kind` ("List of districts (2034)"). */
function listSeen(ctx: SolveContext, kind: string): boolean {
  const forms = nounForms(kindOf(ctx.vocabulary, kind)?.plural ?? kind);
  return ctx.b.hits.some((h) =>
    forms.some(
      (f) =>
        withoutSite(h.title)
          .replace(/ \(\d{4}\)$/, '')
          .toLowerCase() === `list of ${f}`,
    ),
  );
}

/** Linked entities fitting a via's description, at most this many, are searched for their members. */
const VIA_PARENTS = 3;

/**
 * A described entity with a via, found from the linked side: the linked entities that fit the via's
 * description (their kind's list), then the members of the described kind filed under each ("Districts
 * of Kingsley"), and of those the one meeting every condition. Cheaper than reading every member of a
 * kind no page lists whole; null when it does not single one out.
 */
async function viaFirst(ctx: SolveContext, d: Described): Promise<string | null> {
  const via = d.conditions.find((c) => c.op === 'via');
  if (via?.op !== 'via') return null;
  const kind = via.target.kind || linkTarget(ctx.vocabulary, via.link, d.kind);
  if (!kind) return null;
  const parents = await select(ctx, { kind, conditions: via.target.conditions });
  if (parents.length === 0 || parents.length > VIA_PARENTS) return null;
  const noun = kindOf(ctx.vocabulary, d.kind)?.plural ?? d.kind;
  const pool: string[] = [];
  for (const parent of parents) {
    if (ctx.b.left < 2) return null;
    for (const m of (await findMembers(ctx.b, { noun, scope: { link: via.link, parent } }, 2)) ?? []) if (!pool.includes(m)) pool.push(m);
  }
  if (pool.length === 0) return null;
  const fit = await select(ctx, d, pool);
  return fit.length === 1 ? fit[0]! : null;
}

export async function solveConflict(ctx: SolveContext, r: ConflictReading): Promise<FamilyAnswer> {
  if ('kind' in r.of) await searchAhead(ctx, [r.of]);
  // A kind whose list the search ahead did not find is found from its via's side.
  const found = 'kind' in r.of && !listSeen(ctx, r.of.kind) ? await viaFirst(ctx, r.of) : null;
  const one = found ? { name: found, fits: 1 } : await resolveRef(ctx, r.of);
  if (!one.name) return { answer: null, note: `entity not resolved (${one.fits} candidates)` };
  // Links from the entity found to the one asked about, each read as its entity's pages state it.
  let name = one.name;
  for (const link of r.links) {
    await read(ctx, [name], [link]);
    const next = statedValue(ctx, name, link);
    if (!next) return { answer: null, note: `link ${link} of ${name} not found` };
    name = ctx.b.knowledge.knownName(next) ?? next;
  }
  await read(ctx, [name], [r.asks]);
  // More pages about the entity and the attribute, to weigh one statement against another.
  const hits = (await ctx.b.search([`${name} ${r.asks}`])).flat();
  let opened = 0;
  for (const h of hits) {
    if (opened >= MORE_PAGES || ctx.b.left <= 1) break;
    if (ctx.b.knowledge.hasOpened(h.url) || !`${h.title} ${h.snippet}`.toLowerCase().includes(name.toLowerCase())) continue;
    await ctx.b.open(h.url);
    opened++;
  }
  const votes = new Map<string, { value: string; n: number }>();
  const vote = (value: string, weight: number) => {
    const k = voteKey(value);
    const e = votes.get(k) ?? votes.set(k, { value, n: 0 }).get(k)!;
    e.n += weight;
  };
  for (const s of ctx.b.knowledge.statements(name, r.asks)) if (!HEDGES.test(s.value)) vote(s.value, 1);
  // A sentence naming the entity that marks its one figure final or corrected outweighs the rest.
  const finals = ctx.b.knowledge.pages.flatMap((p) =>
    p.texts.filter((t) => t.toLowerCase().includes(name.toLowerCase()) && FINAL.test(t) && !HEDGES.test(t) && t.toLowerCase().includes(r.asks.toLowerCase())),
  );
  for (const t of finals) {
    const n = amountOf(t);
    if (n !== null) for (const [k, e] of votes) if (k === String(n)) e.n += 3;
  }
  const best = [...votes.values()].sort((a, b) => b.n - a.n)[0];
  if (best) return { answer: best.value };
  const v = statedValue(ctx, name, r.asks);
  return v && !HEDGES.test(v) ? { answer: v } : { answer: null, note: `no exact statement of ${r.asks} of ${name}` };
}
