/**
 * Conflict questions: read the attribute on several pages. A statement a page marks as hedged
 * (estimated, preliminary, rounded "about …", a forum post's "if I remember right") does not count; a
 * statement marked final, revised or corrected wins; otherwise the value most pages state exactly
 * (tables, infoboxes, list items) is the answer.
 */
import type { ConflictReading } from '../../tasks/families/reading.js';
import { read, resolveRef, statedValue, type SolveContext } from '../entities.js';
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

export async function solveConflict(ctx: SolveContext, r: ConflictReading): Promise<FamilyAnswer> {
  const one = await resolveRef(ctx, r.of);
  if (!one.name) return { answer: null, note: `entity not resolved (${one.fits} candidates)` };
  const name = one.name;
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
