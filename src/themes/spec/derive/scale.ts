/** Derivations of a row's value from another of its values: a cost that grows with capacity. */
import { z } from 'zod';
import { Range } from '../gen.js';
import { derivation, tableRows } from './registry.js';

/**
 * `table.column` = `of` × a factor drawn in `factor`, plus an offset drawn in `plus`, rounded to a
 * multiple of `step` (or to `decimals` places), plus the row's `add` column: a launch's cost from its
 * vehicle's capacity; with `times`, `of` × another column of the row × the factor (a product of two figures); with
 * `min`/`max`, held within those bounds (a count of frost days never below 0).
 */
export const scaled = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    of: z.string(),
    factor: Range,
    plus: Range.default([0, 0]),
    step: z.number().positive().optional(),
    decimals: z.number().int().min(0).default(0),
    /** A column of the row added before rounding (operating income = net income + a share of revenue). */
    add: z.string().optional(),
    /** A column of the row `of` is multiplied by first (room revenue = nights sold × the hotel's nightly rate). */
    times: z.string().optional(),
    /** Read `of` from the row this reference column points to, in `parents` (a budget line from its city's population). */
    via: z.string().optional(),
    parents: z.string().optional(),
    /** Bounds the value is held within after rounding (frost days: none below 0). */
    min: z.number().optional(),
    max: z.number().optional(),
  }),
  run(rows, a, { rng }) {
    const parents = a.via && a.parents ? tableRows(rows, a.parents) : undefined;
    for (const r of tableRows(rows, a.table)) {
      const of = parents ? parents[Number(r[a.via!]) - 1]?.[a.of] : r[a.of];
      if (r[a.column] === null || of == null || (a.times && r[a.times] == null)) continue;
      const v =
        Number(of) * (a.times ? Number(r[a.times]) : 1) * rng.real(a.factor[0], a.factor[1]) + rng.real(a.plus[0], a.plus[1]) + (a.add ? Number(r[a.add]) : 0);
      const rounded = a.step ? Math.round(v / a.step) * a.step : Number(v.toFixed(a.decimals));
      r[a.column] = Math.min(a.max ?? Infinity, Math.max(a.min ?? -Infinity, rounded));
    }
  },
});
