/** Derivations that order rows: a rank by a value, overall or within groups. */
import { z } from 'zod';
import type { Row } from '../../_define.js';
import { derivation, tableRows } from './registry.js';

const num = (v: unknown) => Number(v);

/** A rank the world does not have (an optional attribute, every cell null) stays null. */
function assign(list: Row[], column: string, by: string, ascending: boolean): void {
  if (list.every((r) => r[column] === null)) return;
  list
    .slice()
    .sort((a, b) => (ascending ? num(a[by]) - num(b[by]) : num(b[by]) - num(a[by])) || a.id - b.id)
    .forEach((r, i) => (r[column] = i + 1));
}

/** `table.column` = 1..n ordering the rows by `by` (largest first unless `ascending`), ties by id. */
export const rank = derivation({
  args: z.object({ table: z.string(), column: z.string(), by: z.string(), ascending: z.boolean().default(false), within: z.string().optional() }),
  run(rows, a) {
    const list = tableRows(rows, a.table);
    if (!a.within) return assign(list, a.column, a.by, a.ascending);
    const groups = new Map<string, Row[]>();
    for (const r of list) groups.set(String(r[a.within]), [...(groups.get(String(r[a.within])) ?? []), r]);
    for (const g of groups.values()) assign(g, a.column, a.by, a.ascending);
  },
});
