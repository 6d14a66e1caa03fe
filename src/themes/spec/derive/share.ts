/** Derivations that state a part as a percentage: of a drawn market size, of another column, of a parent's total. */
import { z } from 'zod';
import { Range } from '../gen.js';
import { derivation, tableRows } from './registry.js';

const num = (v: unknown) => Number(v);
/** `part` as a percentage of `whole` to `decimals` places; `floor` keeps a group's shares from summing above 100. */
const pct = (part: number, whole: number, decimals: number, floor = false) => {
  const f = 10 ** decimals;
  return (floor ? Math.floor : Math.round)((part / whole) * 100 * f) / f;
};

/**
 * `table.column` = `of` as a percentage of a market size drawn per `group` value in `total`
 * (a model's share of a quarter's whole market, most of which the world's models do not cover).
 */
export const shareOfDrawnTotal = derivation({
  args: z.object({ table: z.string(), column: z.string(), of: z.string(), group: z.string(), total: Range, decimals: z.number().int().default(2) }),
  run(rows, a, { rng }) {
    const totals = new Map<string, number>();
    for (const r of tableRows(rows, a.table)) {
      const g = String(r[a.group]);
      if (!totals.has(g)) totals.set(g, rng.int(a.total[0], a.total[1]));
      if (r[a.column] !== null) r[a.column] = pct(num(r[a.of]), totals.get(g)!, a.decimals);
    }
  },
});

/** `table.column` = `part` as a percentage of `whole` in the same row (a net margin). */
export const percentOf = derivation({
  args: z.object({ table: z.string(), column: z.string(), part: z.string(), whole: z.string(), decimals: z.number().int().default(2) }),
  run(rows, a) {
    for (const r of tableRows(rows, a.table)) if (r[a.column] !== null) r[a.column] = pct(num(r[a.part]), num(r[a.whole]), a.decimals);
  },
});

/** `table.column` = `part` as a percentage of the parent's `whole` (floored, so siblings never sum above 100). */
export const percentOfParent = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    part: z.string(),
    via: z.string(),
    parents: z.string(),
    whole: z.string(),
    decimals: z.number().int().default(2),
  }),
  run(rows, a) {
    const byId = new Map(tableRows(rows, a.parents).map((p) => [p.id, p]));
    for (const r of tableRows(rows, a.table))
      if (r[a.column] !== null) r[a.column] = pct(num(r[a.part]), num(byId.get(num(r[a.via]))?.[a.whole]), a.decimals, true);
  },
});
