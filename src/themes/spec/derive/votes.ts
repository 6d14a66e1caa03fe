/**
 * Derivations of an election count: votes split among a district's candidates by their parties'
 * popularity (with local noise; the leader strictly ahead), the winning party, the majority, party
 * totals across districts and national shares.
 */
import { z } from 'zod';
import type { Row } from '../../_define.js';
import { Range } from '../gen.js';
import { derivation, tableRows } from './registry.js';

const num = (v: unknown) => Number(v);

const groupBy = (list: Row[], col: string) => {
  const m = new Map<number, Row[]>();
  for (const r of list) m.set(num(r[col]), [...(m.get(num(r[col])) ?? []), r]);
  return m;
};

/**
 * Each district's `total` split among its `votes` rows by weight = the party's popularity (drawn per
 * party in `popularity`) × local noise; the remainder goes to the leader, who is kept strictly ahead.
 */
export const splitVotes = derivation({
  args: z.object({
    districts: z.string(),
    total: z.string(),
    votes: z.string(),
    via: z.string(),
    column: z.string(),
    candidate: z.string(),
    candidates: z.string(),
    party: z.string(),
    parties: z.string(),
    popularity: Range,
    noise: Range,
  }),
  run(rows, a, { rng }) {
    const popularity = new Map(tableRows(rows, a.parties).map((p) => [p.id, rng.real(a.popularity[0], a.popularity[1])]));
    const cands = tableRows(rows, a.candidates);
    const byDistrict = groupBy(tableRows(rows, a.votes), a.via);
    for (const d of tableRows(rows, a.districts)) {
      const own = byDistrict.get(d.id) ?? [];
      if (own.length === 0) continue;
      const valid = num(d[a.total]);
      const weights = own.map((v) => popularity.get(num(cands[num(v[a.candidate]) - 1]![a.party]))! * rng.real(a.noise[0], a.noise[1]));
      const sum = weights.reduce((x, y) => x + y, 0);
      const counts = weights.map((w) => Math.floor((valid * w) / sum));
      const top = counts.indexOf(Math.max(...counts));
      counts[top]! += valid - counts.reduce((x, y) => x + y, 0);
      const runnerUp = Math.max(...counts.filter((_, k) => k !== top));
      if (own.length > 1 && runnerUp === counts[top]) {
        counts[top]! += 1;
        counts[counts.findIndex((c, k) => k !== top && c === runnerUp)]! -= 1;
      }
      own.forEach((v, k) => (v[a.column] = counts[k]!));
    }
  },
});

/** `table.column` = the `key` (read through `keyVia` in `keyTable`) of the child with the most `of` (a district's winning party). */
export const argMaxVia = derivation({
  args: z.object({
    table: z.string(),
    column: z.string(),
    children: z.string(),
    via: z.string(),
    of: z.string(),
    keyVia: z.string(),
    keyTable: z.string(),
    key: z.string(),
  }),
  run(rows, a) {
    const keys = tableRows(rows, a.keyTable);
    const byParent = groupBy(tableRows(rows, a.children), a.via);
    for (const p of tableRows(rows, a.table)) {
      const own = byParent.get(p.id) ?? [];
      if (p[a.column] === null || own.length === 0) continue;
      const best = own.reduce((b, c) => (num(c[a.of]) > num(b[a.of]) ? c : b));
      p[a.column] = num(keys[num(best[a.keyVia]) - 1]![a.key]);
    }
  },
});

/** `table.column` = the lead of the largest `of` among the children over the second largest (a majority). */
export const topGap = derivation({
  args: z.object({ table: z.string(), column: z.string(), children: z.string(), via: z.string(), of: z.string() }),
  run(rows, a) {
    const byParent = groupBy(tableRows(rows, a.children), a.via);
    for (const p of tableRows(rows, a.table)) {
      if (p[a.column] === null) continue;
      const [first = 0, second = 0] = (byParent.get(p.id) ?? []).map((c) => num(c[a.of])).sort((x, y) => y - x);
      p[a.column] = first - second;
    }
  },
});

/** Two-hop sum: `table.column` = the sum of `children.of` over children whose `mids` row (via `childFk`) refers to it by `midFk`. */
export const sumVia = derivation({
  args: z.object({ table: z.string(), column: z.string(), children: z.string(), childFk: z.string(), mids: z.string(), midFk: z.string(), of: z.string() }),
  run(rows, a) {
    const mids = tableRows(rows, a.mids);
    const sums = new Map<number, number>();
    for (const c of tableRows(rows, a.children)) {
      const k = num(mids[num(c[a.childFk]) - 1]?.[a.midFk]);
      sums.set(k, (sums.get(k) ?? 0) + num(c[a.of]));
    }
    for (const p of tableRows(rows, a.table)) if (p[a.column] !== null) p[a.column] = sums.get(p.id) ?? 0;
  },
});

/**
 * `table.column` = `of` as a percentage of that column's total over all rows, to `decimals` places (a
 * national vote share). Floored, like a child's share of its parent, so the shares never sum above 100
 * (rounding each alone can give 100.01); each is within one unit of its last decimal.
 */
export const shareOfTotal = derivation({
  args: z.object({ table: z.string(), column: z.string(), of: z.string(), decimals: z.number().int().default(2) }),
  run(rows, a) {
    const list = tableRows(rows, a.table);
    const total = list.reduce((s, r) => s + num(r[a.of]), 0);
    const f = 10 ** a.decimals;
    for (const r of list) if (r[a.column] !== null) r[a.column] = Math.floor((num(r[a.of]) / total) * 100 * f + 1e-9) / f;
  },
});
