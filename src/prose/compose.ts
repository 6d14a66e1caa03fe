/**
 * Frames that combine 2–3 facts of one subject into one sentence, so a sentence's shape varies beyond
 * its template: coordination ("X launched at $429 and sold 2,138,400 units"), a fronted phrase ("With a
 * 6.1-inch screen, X …"), a relative clause ("X, which launched at $429, …"), an apposition ("X, a phone
 * model with a launch price of $429, …"), contrast ("…, while its …"), a second clause ("…; it also …")
 * and paired copulas. Clause order is the order of the pieces, which the writer shuffles.
 */
import { type Frame, type FrameCtx, type Piece, nounClause, predicate, same, withPhrase } from './frames.js';
import { joinAnd, withAlso, withArticle } from './grammar.js';

const who = (ctx: FrameCtx) => (ctx.entity.person ? 'who' : 'which');
const preds = (ps: Piece[]) => ps.map(predicate);

export const COMPOSED_FRAMES: Frame[] = [
  {
    id: 'coordination',
    sizes: [2, 3],
    ok: () => true,
    make(ps, ctx) {
      const m = ctx.head('subject');
      return { text: `${m.text} ${joinAnd(preds(ps))}`, refs: same(m, ps.length) };
    },
  },
  {
    id: 'with_front',
    sizes: [2, 3],
    ok: (ps) => ps.slice(0, -1).every((p) => withPhrase(p) !== null),
    make(ps, ctx) {
      const m = ctx.head('subject');
      // "With 1,116,453 units sold and a market share of 1.69%": one "with" heads the joined phrases.
      const phrases = ps.slice(0, -1).map((p) => withPhrase(p)!);
      const front = joinAnd(phrases.map((x, i) => (i > 0 && phrases[0]!.startsWith('with ') && x.startsWith('with ') ? x.slice(5) : x)));
      return { text: `${front}, ${m.text} ${predicate(ps[ps.length - 1]!)}`, refs: same(m, ps.length) };
    },
  },
  {
    id: 'relative',
    sizes: [2, 3],
    ok: (_ps, ctx) => !ctx.entity.composite,
    make(ps, ctx) {
      const m = ctx.head('object');
      const [first, ...rest] = preds(ps);
      return { text: `${m.text}, ${who(ctx)} ${first}, ${joinAnd(rest)}`, refs: same(m, ps.length) };
    },
  },
  {
    id: 'apposition',
    sizes: [2],
    ok: ([a], ctx) => withPhrase(a!) !== null && !ctx.entity.composite,
    make([a, b], ctx) {
      const m = ctx.head('object', true);
      return { text: `${m.text}, ${withArticle(ctx.entity.table.entity)} ${withPhrase(a!)}, ${predicate(b!)}`, refs: [m, m] };
    },
  },
  {
    id: 'while',
    sizes: [2],
    ok: (_ps, ctx) => ctx.again('possessive') !== null,
    make([a, b], ctx) {
      const m = ctx.head('subject');
      const r = ctx.again('possessive')!;
      return { text: `${m.text} ${predicate(a!)}, while ${r.text} ${nounClause(b!)}`, refs: [m, r] };
    },
  },
  {
    id: 'also',
    sizes: [2],
    ok: (_ps, ctx) => ctx.again('subject') !== null,
    make([a, b], ctx) {
      const m = ctx.head('subject');
      const r = ctx.again('subject')!;
      return { text: `${m.text} ${predicate(a!)}; ${r.text} ${withAlso(predicate(b!))}`, refs: [m, r] };
    },
  },
  {
    id: 'copula_pair',
    sizes: [2],
    ok: (_ps, ctx) => !ctx.entity.composite && ctx.again('possessive') !== null,
    make([a, b], ctx) {
      const m = ctx.head('possessive');
      const r = ctx.again('possessive')!;
      return { text: `${m.text} ${nounClause(a!)}, and ${r.text} ${nounClause(b!)}`, refs: [m, r] };
    },
  },
];
