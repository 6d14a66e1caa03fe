/** Derivations between a row and its children: the earliest child date, a total split among children, a value keyed by the parent's. */
import { z } from 'zod';
import { Range } from '../gen.js';
import { derivation, tableRows } from './registry.js';

const num = (v: unknown) => Number(v);

/** For a share `chance` of the rows that have children, `table.column` = the earliest `children.of` (a maiden flight on its first launch of the year). */
export const earliestChild = derivation({
  args: z.object({ table: z.string(), column: z.string(), children: z.string(), via: z.string(), of: z.string(), chance: z.number().min(0).max(1).default(1) }),
  run(rows, a, { rng }) {
    const first = new Map<number, string>();
    for (const c of tableRows(rows, a.children)) {
      const k = num(c[a.via]);
      const d = c[a.of];
      if (d != null && (!first.has(k) || String(d) < first.get(k)!)) first.set(k, String(d));
    }
    for (const p of tableRows(rows, a.table)) if (rng.chance(a.chance) && first.has(p.id) && p[a.column] !== null) p[a.column] = first.get(p.id)!;
  },
});

/**
 * A total drawn as a `fraction` of a capacity on the row `capVia` refers to, split among the row's
 * children (each at least `min`, the first the largest share): a launch's payload mass within its
 * vehicle's capacity, shared by the payloads it carried.
 */
export const allocate = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    capVia: z.string(),
    capTable: z.string(),
    cap: z.string(),
    fraction: Range,
    children: z.string(),
    via: z.string(),
    part: z.string(),
    min: z.number().int().min(0).default(0),
  }),
  run(rows, a, { rng }) {
    const caps = tableRows(rows, a.capTable);
    const kids = new Map<number, typeof caps>();
    for (const c of tableRows(rows, a.children)) kids.set(num(c[a.via]), [...(kids.get(num(c[a.via])) ?? []), c]);
    for (const r of tableRows(rows, a.table)) {
      const own = kids.get(r.id) ?? [];
      const cap = num(caps[num(r[a.capVia]) - 1]?.[a.cap]);
      const total = Math.min(cap, Math.max(a.min * own.length, Math.round(cap * rng.real(a.fraction[0], a.fraction[1]))));
      // A total or part the world lacks (an optional attribute, null) stays null; the draws are the same.
      if (r[a.column] !== null) r[a.column] = total;
      let left = total;
      own.forEach((c, k) => {
        const rest = own.length - k - 1;
        const mass = rest === 0 ? left : Math.max(a.min, Math.round((left - a.min * rest) * rng.real(0.3, 0.8)));
        if (c[a.part] !== null) c[a.part] = mass;
        left -= mass;
      });
    }
  },
});

/**
 * `table.column` picked from `map[parent.key]` for the first child of each parent and from `others`
 * (with the first child's value) for the rest: a launch's main payload serves a purpose its orbit fits.
 */
export const pickByParent = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    via: z.string(),
    parents: z.string(),
    key: z.string(),
    map: z.record(z.string(), z.array(z.string()).min(1)),
    others: z.array(z.string()).default([]),
  }),
  run(rows, a, { rng }) {
    const parents = tableRows(rows, a.parents);
    const main = new Map<number, string>();
    for (const c of tableRows(rows, a.table)) {
      // A column the world lacks (an optional attribute, null) stays null.
      if (c[a.column] === null) continue;
      const k = num(c[a.via]);
      const options = a.map[String(parents[k - 1]?.[a.key])] ?? [];
      if (!main.has(k)) {
        const v = rng.pick(options);
        main.set(k, v);
        c[a.column] = v;
      } else c[a.column] = rng.pick([...a.others, main.get(k)!]);
    }
  },
});

/**
 * A parent's `column` split among its children's `part` by weights drawn in `weights`, each part
 * rounded to a multiple of `step` and the last taking the remainder, so the parts sum to the total
 * exactly (quarters or segments of a company's annual revenue).
 */
export const split = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    children: z.string(),
    via: z.string(),
    part: z.string(),
    weights: Range,
    step: z.number().positive().default(1),
  }),
  run(rows, a, { rng }) {
    const kids = new Map<number, ReturnType<typeof tableRows>>();
    for (const c of tableRows(rows, a.children)) kids.set(num(c[a.via]), [...(kids.get(num(c[a.via])) ?? []), c]);
    for (const p of tableRows(rows, a.table)) {
      const own = kids.get(p.id) ?? [];
      const w = own.map(() => rng.real(a.weights[0], a.weights[1]));
      const sum = w.reduce((x, y) => x + y, 0);
      const total = num(p[a.column]);
      let left = total;
      own.forEach((c, k) => {
        const v = k === own.length - 1 ? left : Math.round((total * w[k]!) / sum / a.step) * a.step;
        // A part the world lacks (an optional attribute, null) stays null; the draws are the same.
        if (c[a.part] !== null) c[a.part] = v;
        left -= v;
      });
    }
  },
});

/**
 * A decaying series over each parent's children in row order: the first is `start.factor` × the
 * parent's `start.of` plus `start.plus`, each next one the last × a per-parent `decay` × a `jitter`,
 * never below a drawn `floor` (a film's weekly grosses after its opening week).
 */
export const decayingSeries = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    via: z.string(),
    parents: z.string(),
    start: z.object({ of: z.string(), factor: Range, plus: Range.default([0, 0]) }),
    decay: Range,
    jitter: Range.default([1, 1]),
    floor: Range.default([0, 0]),
  }),
  run(rows, a, { rng }) {
    const parents = tableRows(rows, a.parents);
    const state = new Map<number, { next: number; decay: number }>();
    for (const c of tableRows(rows, a.table)) {
      const k = num(c[a.via]);
      if (!state.has(k)) {
        const of = num(parents[k - 1]?.[a.start.of]);
        state.set(k, {
          next: Math.round(of * rng.real(a.start.factor[0], a.start.factor[1])) + rng.int(a.start.plus[0], a.start.plus[1]),
          decay: rng.real(a.decay[0], a.decay[1]),
        });
      }
      const st = state.get(k)!;
      c[a.column] = Math.max(st.next, rng.int(a.floor[0], a.floor[1]));
      st.next = Math.round(st.next * st.decay * rng.real(a.jitter[0], a.jitter[1]));
    }
  },
});

/**
 * `table.column` drawn in [min, the sum of the parent's `capColumns`] (a player's appearances, at
 * most the matches the club played).
 */
export const drawUpTo = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    via: z.string(),
    parents: z.string(),
    capColumns: z.array(z.string()).min(1),
    min: z.number().int().default(0),
  }),
  run(rows, a, { rng }) {
    const parents = tableRows(rows, a.parents);
    for (const r of tableRows(rows, a.table)) {
      if (r[a.column] === null) continue;
      const p = parents[num(r[a.via]) - 1]!;
      const cap = a.capColumns.reduce((s, c) => s + num(p[c]), 0);
      r[a.column] = rng.int(Math.min(a.min, cap), cap);
    }
  },
});

/**
 * Children take shares of a parent's `budget` in row order, each drawn in [0, min(what is left, the
 * cap for its `key` value)]: players' goals within the club's goals and their position's cap.
 */
export const allotCapped = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    via: z.string(),
    parents: z.string(),
    budget: z.string(),
    key: z.string(),
    caps: z.record(z.string(), z.number().int().min(0)),
  }),
  run(rows, a, { rng }) {
    const parents = tableRows(rows, a.parents);
    const left = new Map(parents.map((p) => [p.id, num(p[a.budget])]));
    for (const r of tableRows(rows, a.table)) {
      const k = num(r[a.via]);
      const v = rng.int(0, Math.min(left.get(k) ?? 0, a.caps[String(r[a.key])] ?? 0));
      left.set(k, (left.get(k) ?? 0) - v);
      r[a.column] = v;
    }
  },
});

/**
 * A seasonal series over each parent's children in row order: the n-th child's value is the parent's
 * `of` (0 without it) + `profile[n − 1]` × a `scale` drawn once per parent × a `vary` drawn per child, plus a
 * `jitter` drawn per child, to `decimals` places: a station's monthly temperatures around its annual
 * mean, or its monthly sunshine as a share of each month's daylight.
 */
export const seasonal = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    via: z.string(),
    parents: z.string(),
    of: z.string().optional(),
    profile: z.array(z.number()).min(1),
    scale: Range,
    vary: Range.default([1, 1]),
    jitter: Range.default([0, 0]),
    decimals: z.number().int().min(0).default(0),
  }),
  run(rows, a, { rng }) {
    const parents = tableRows(rows, a.parents);
    const state = new Map<number, { n: number; scale: number }>();
    for (const c of tableRows(rows, a.table)) {
      const k = num(c[a.via]);
      if (!state.has(k)) state.set(k, { n: 0, scale: rng.real(a.scale[0], a.scale[1]) });
      const st = state.get(k)!;
      const base = a.of ? parents[k - 1]?.[a.of] : 0;
      const shape = a.profile[st.n++ % a.profile.length]!;
      if (c[a.column] === null || base == null) continue;
      const v = num(base) + shape * st.scale * rng.real(a.vary[0], a.vary[1]) + rng.real(a.jitter[0], a.jitter[1]);
      c[a.column] = Number(v.toFixed(a.decimals));
    }
  },
});
