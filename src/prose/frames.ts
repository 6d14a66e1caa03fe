/**
 * Syntactic frames of one fact, built from the column's lexicon: active (`verb`), copula over the noun
 * (possessive and "the … of" forms), attribution ("according to …"), value first (`fronted` or a derived
 * "{v} was the … of {s}") and each `more` sentence. Every frame writes the value exactly as formatValue
 * gives it. compose.ts adds the frames that combine 2–3 facts of one subject.
 */
import type { Rng } from '../rng.js';
import type { Lexicon } from '../themes/spec/parts.js';
import type { Fact } from '../world/types.js';
import type { Entity, Mention, Slot } from './coreference.js';
import { agreeWithCount, copulaFor, withArticle } from './grammar.js';
import { futureOf } from './lexicon.js';

/** One fact as the realizer says it: the lexicon, the value as written, whether it is still to come. */
export interface Piece {
  fact: Fact;
  lex: Lexicon;
  value: string;
  /** The value with its unit word, for frames that write it beside the noun ("3,107 mAh"; lexicon.ts amountOf). */
  amount: string;
  scheduled: boolean;
  numeric: boolean;
}

export interface FrameCtx {
  rng: Rng;
  /** Who a statement is attributed to: the page's source or site. */
  source: string;
  entity: Entity;
  /** The sentence's mention of the subject (chosen once); `names` keeps it to a name or short name. */
  head(slot: Slot, names?: boolean): Mention;
  /** A second reference to the subject inside the same sentence (a pronoun), or null when it has none. */
  again(slot: 'subject' | 'possessive'): Mention | null;
}

export interface Realized {
  text: string;
  /** The mention of the subject for each piece, in order. */
  refs: Mention[];
}

export interface Frame {
  id: string;
  /** How many facts the frame states. */
  sizes: number[];
  ok(ps: Piece[], ctx: FrameCtx): boolean;
  make(ps: Piece[], ctx: FrameCtx): Realized;
}

/** A template with its value: "a {v}" takes the article the value needs, and a count of 1 takes a singular noun. */
export function fill(template: string, value: string): string {
  return agreeWithCount(template.replace(/\ban? \{v\}/, () => withArticle(value)).replace('{v}', value), value);
}

/** The predicate of a piece: its lexicon's verb, or `future` for a scheduled event. */
export function predicate(p: Piece): string {
  return fill(p.scheduled ? futureOf(p.lex) : p.lex.verb, p.value);
}

/** "launch price was $429" / "launch date is set for March 4, 2031". */
export function nounClause(p: Piece): string {
  return p.scheduled ? `${p.lex.noun} ${copulaFor('is', p.lex.noun)} set for ${p.amount}` : `${p.lex.noun} ${copulaFor(p.lex.verb, p.lex.noun)} ${p.amount}`;
}

/** The prepositional phrase carrying the value ("with a launch price of $429"), for numbers by default. */
export function withPhrase(p: Piece): string | null {
  if (p.scheduled) return null;
  if (p.lex.with) return fill(p.lex.with, p.value);
  return p.numeric ? `with ${withArticle(p.lex.noun)} of ${p.amount}` : null;
}

const all = (ps: Piece[], f: (p: Piece) => boolean) => ps.every(f);
const same = (m: Mention, n: number): Mention[] => Array.from({ length: n }, () => m);

/** Where `{s}` stands in a template: its start (the grammatical subject), a possessive, or inside the sentence. */
function slotIn(template: string): Slot {
  if (template.includes("{s}'s")) return 'possessive';
  return template.startsWith('{s}') ? 'subject' : 'object';
}

/** A composite subject ("Zentria X9, Q2 2031") takes no possessive: "the units of Zentria X9, Q2 2031", never "…2031's units". */
const possessiveOk = (ctx: FrameCtx) => !ctx.entity.composite;

/** "under the {s} banner": after an article the subject is a modifier, which only a name or short name can be ("the it banner"). */
const attributive = (template: string) => /\b(?:the|a|an) \{s\}/i.test(template);

function fromTemplate(template: string, p: Piece, ctx: FrameCtx): Realized {
  const m = ctx.head(slotIn(template), attributive(template));
  const text = fill(template.replace("{s}'s", m.text).replace('{s}', m.text), p.value);
  return { text, refs: [m] };
}

const usableMore = (p: Piece, ctx: FrameCtx) => p.lex.more.filter((t) => possessiveOk(ctx) || slotIn(t) !== 'possessive');

const ATTRIBUTIONS: ((p: Piece, ctx: FrameCtx) => Realized | null)[] = [
  (p, ctx) => {
    const m = ctx.head('subject');
    return { text: `according to ${ctx.source}, ${m.text} ${predicate(p)}`, refs: [m] };
  },
  (p, ctx) => {
    const m = ctx.head('subject');
    return { text: `${m.text} ${predicate(p)}, according to ${ctx.source}`, refs: [m] };
  },
  (p, ctx) => {
    if (p.scheduled || !possessiveOk(ctx)) return null;
    const m = ctx.head('possessive');
    return { text: `${ctx.source} lists ${m.text} ${p.lex.noun} as ${p.amount}`, refs: [m] };
  },
  (p, ctx) => {
    if (!possessiveOk(ctx)) return null;
    const m = ctx.head('possessive');
    return { text: `${m.text} ${nounClause(p)}, ${ctx.source} reports`, refs: [m] };
  },
  (p, ctx) => {
    const m = ctx.head('subject');
    return { text: `records compiled by ${ctx.source} show that ${m.text} ${predicate(p)}`, refs: [m] };
  },
];

export const SINGLE_FRAMES: Frame[] = [
  {
    id: 'active',
    sizes: [1],
    ok: () => true,
    make([p], ctx) {
      const m = ctx.head('subject');
      return { text: `${m.text} ${predicate(p!)}`, refs: [m] };
    },
  },
  {
    id: 'copula',
    sizes: [1],
    ok: (_ps, ctx) => possessiveOk(ctx),
    make([p], ctx) {
      const m = ctx.head('possessive');
      return { text: `${m.text} ${nounClause(p!)}`, refs: [m] };
    },
  },
  {
    id: 'copula_of',
    sizes: [1],
    ok: ([p]) => !p!.scheduled,
    make([p], ctx) {
      const m = ctx.head('object');
      return { text: `the ${p!.lex.noun} of ${m.text} ${copulaFor(p!.lex.verb, p!.lex.noun)} ${p!.amount}`, refs: [m] };
    },
  },
  {
    id: 'attribution',
    sizes: [1],
    ok: () => true,
    make([p], ctx) {
      const order = ctx.rng.shuffle(ATTRIBUTIONS.map((_, i) => i));
      for (const i of order) {
        const r = ATTRIBUTIONS[i]!(p!, ctx);
        if (r) return r;
      }
      throw new Error('no attribution applies');
    },
  },
  {
    id: 'fronted',
    sizes: [1],
    // A sentence does not open on a minus sign ("-18.4°C is the record low…"): a negative value is said another way.
    ok: ([p]) => !p!.scheduled && !p!.amount.startsWith('-'),
    make([p], ctx) {
      const own = p!.lex.fronted;
      if (own && (possessiveOk(ctx) || slotIn(own) !== 'possessive') && ctx.rng.chance(0.6)) return fromTemplate(own.replace(/\.$/, ''), p!, ctx);
      return fromTemplate(`${p!.amount} ${copulaFor(p!.lex.verb)} the ${p!.lex.noun} of {s}`, p!, ctx);
    },
  },
  {
    id: 'more',
    sizes: [1],
    ok: ([p], ctx) => !p!.scheduled && usableMore(p!, ctx).length > 0,
    make([p], ctx) {
      return fromTemplate(ctx.rng.pick(usableMore(p!, ctx)).replace(/\.$/, ''), p!, ctx);
    },
  },
];

export { all, same };
