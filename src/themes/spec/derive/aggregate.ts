/** Derivations over a parent's children: the sum of a column, the number of children. */
import { z } from 'zod';
import { derivation, tableRows } from './registry.js';

const num = (v: unknown) => Number(v);

const sumArgs = z.object({
  table: z.string(),
  column: z.string(),
  children: z.string(),
  via: z.string(),
  of: z.string(),
  decimals: z.number().int().min(0).optional(),
  /** The mean over the children with a value instead of the sum (a station's annual mean temperature from its months). */
  mean: z.boolean().optional(),
});

/** `table.column` = the sum (or with `mean`, the mean) of `children.of` over the children whose `via` points at the row. */
export const sumChildren = derivation({
  args: sumArgs,
  run(rows, a) {
    const sums = new Map<number, number>();
    const counts = new Map<number, number>();
    for (const c of tableRows(rows, a.children))
      if (c[a.of] != null) {
        sums.set(num(c[a.via]), (sums.get(num(c[a.via])) ?? 0) + num(c[a.of]));
        counts.set(num(c[a.via]), (counts.get(num(c[a.via])) ?? 0) + 1);
      }
    const round = (v: number) => (a.decimals === undefined ? v : Number(v.toFixed(a.decimals)));
    for (const p of tableRows(rows, a.table))
      if (p[a.column] !== null) p[a.column] = round(a.mean ? (sums.get(p.id) ?? 0) / (counts.get(p.id) ?? 1) : (sums.get(p.id) ?? 0));
  },
});

/** `table.column` = the number of `children` rows whose `via` points at the row. */
export const countChildren = derivation({
  args: z.object({ table: z.string(), column: z.string(), children: z.string(), via: z.string() }),
  run(rows, a) {
    const counts = new Map<number, number>();
    for (const c of tableRows(rows, a.children)) counts.set(num(c[a.via]), (counts.get(num(c[a.via])) ?? 0) + 1);
    for (const p of tableRows(rows, a.table)) if (p[a.column] !== null) p[a.column] = counts.get(p.id) ?? 0;
  },
});
