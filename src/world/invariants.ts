/** Reusable invariant checks; a theme composes them. Each returns a list of problems. */
import type { Row } from '../themes/_define.js';

const num = (v: unknown) => Number(v);

/** Each parent's `totalCol` equals the sum of its children's `partCol`; a total the world lacks (null: an optional attribute) has nothing to check. */
export function checkSumEquals(parents: Row[], totalCol: string, children: Row[], fkCol: string, partCol: string): string[] {
  const sums = new Map<number, number>();
  for (const c of children) sums.set(num(c[fkCol]), (sums.get(num(c[fkCol])) ?? 0) + num(c[partCol]));
  const out: string[] = [];
  for (const p of parents) {
    if (p[totalCol] === null) continue;
    const s = sums.get(p.id) ?? 0;
    if (Math.abs(s - num(p[totalCol])) > 1e-6) out.push(`${totalCol} of row ${p.id} is ${p[totalCol]} but its parts sum to ${s}`);
  }
  return out;
}

/**
 * `rankCol` is 1..n and orders rows by `valueCol` (descending unless `ascending`), ties broken by id.
 * A world without the rank (every cell null: an optional attribute it lacks) has nothing to check.
 */
export function checkRanking(rows: Row[], rankCol: string, valueCol: string, ascending = false): string[] {
  if (rows.every((r) => r[rankCol] === null)) return [];
  const sorted = rows.slice().sort((a, b) => (ascending ? num(a[valueCol]) - num(b[valueCol]) : num(b[valueCol]) - num(a[valueCol])) || a.id - b.id);
  const out: string[] = [];
  sorted.forEach((r, i) => {
    if (num(r[rankCol]) !== i + 1) out.push(`${rankCol} of row ${r.id} is ${r[rankCol]} but ${valueCol} puts it at ${i + 1}`);
  });
  return out;
}

/** Within each group, the shares sum to at most `max` and each lies in [0, max]. */
export function checkSharesAtMost(rows: Row[], groupCol: string, shareCol: string, max: number): string[] {
  const sums = new Map<string, number>();
  const out: string[] = [];
  for (const r of rows) {
    // A share the world does not have (an optional attribute) is no share.
    if (r[shareCol] === null) continue;
    const v = num(r[shareCol]);
    if (v < 0 || v > max) out.push(`${shareCol} of row ${r.id} is ${v}, outside 0..${max}`);
    sums.set(String(r[groupCol]), (sums.get(String(r[groupCol])) ?? 0) + v);
  }
  for (const [g, s] of sums) if (s > max + 1e-9) out.push(`${shareCol} in ${g} sums to ${s.toFixed(2)}, above ${max}`);
  return out;
}

/** A child's date is strictly after its parent's date (founded < launched). */
export function checkDateOrder(parents: Row[], parentDate: string, children: Row[], fkCol: string, childDate: string): string[] {
  const byId = new Map(parents.map((p) => [p.id, p]));
  const out: string[] = [];
  for (const c of children) {
    const p = byId.get(num(c[fkCol]));
    if (!p || p[parentDate] == null || c[childDate] == null) continue;
    if (!(String(p[parentDate]) < String(c[childDate]))) out.push(`${childDate} of row ${c.id} (${c[childDate]}) is not after ${parentDate} ${p[parentDate]}`);
  }
  return out;
}

/** Within a row, the dates in `cols` are strictly increasing where present. */
export function checkRowDates(rows: Row[], cols: string[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const present = cols.filter((c) => r[c] != null);
    for (let i = 1; i < present.length; i++)
      if (!(String(r[present[i - 1]!]) < String(r[present[i]!])))
        out.push(`row ${r.id}: ${present[i - 1]} ${r[present[i - 1]!]} is not before ${present[i]} ${r[present[i]!]}`);
  }
  return out;
}

/** Within each group of `groupCol`, `rankCol` is 1..n and orders rows by `valueCol` (descending), ties broken by id. */
export function checkRankingWithin(rows: Row[], groupCol: string, rankCol: string, valueCol: string): string[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const k = String(r[groupCol]);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(r);
  }
  return [...groups].flatMap(([g, rs]) => checkRanking(rs, rankCol, valueCol).map((m) => `${groupCol} ${g}: ${m}`));
}

/** Each parent's `totalCol` is at least the sum of its children's `partCol` (children cover part of it). */
export function checkSumAtMost(parents: Row[], totalCol: string, children: Row[], fkCol: string, partCol: string): string[] {
  const sums = new Map<number, number>();
  for (const c of children) sums.set(num(c[fkCol]), (sums.get(num(c[fkCol])) ?? 0) + num(c[partCol]));
  const out: string[] = [];
  for (const p of parents) {
    const s = sums.get(p.id) ?? 0;
    if (p[totalCol] != null && s > num(p[totalCol]) + 1e-6)
      out.push(`${partCol} of the children of row ${p.id} sums to ${s}, above its ${totalCol} ${p[totalCol]}`);
  }
  return out;
}

/** A child's `childCol` is at most its parent's `parentCol` (attendance ≤ capacity). */
export function checkAtMostParent(children: Row[], fkCol: string, childCol: string, parents: Row[], parentCol: string): string[] {
  const byId = new Map(parents.map((p) => [p.id, p]));
  const out: string[] = [];
  for (const c of children) {
    const p = byId.get(num(c[fkCol]));
    if (!p || p[parentCol] == null || c[childCol] == null) continue;
    if (num(c[childCol]) > num(p[parentCol])) out.push(`${childCol} of row ${c.id} (${c[childCol]}) exceeds ${parentCol} ${p[parentCol]} of row ${p.id}`);
  }
  return out;
}

/**
 * Each `later` row's date is strictly after every `earlier` row's date that shares its foreign key
 * value (an approval comes after all of the drug's trials have ended).
 */
export function checkDateAfterAll(later: Row[], laterFk: string, laterDate: string, earlier: Row[], earlierFk: string, earlierDate: string): string[] {
  const latest = new Map<number, string>();
  for (const e of earlier) {
    const k = num(e[earlierFk]);
    if (e[earlierDate] == null) continue;
    const d = String(e[earlierDate]);
    if (!latest.has(k) || d > latest.get(k)!) latest.set(k, d);
  }
  const out: string[] = [];
  for (const r of later) {
    const d = latest.get(num(r[laterFk]));
    if (d === undefined || r[laterDate] == null) continue;
    if (!(String(r[laterDate]) > d)) out.push(`${laterDate} of row ${r.id} (${r[laterDate]}) is not after ${earlierDate} ${d}`);
  }
  return out;
}

/** Within a row, `col` is at most `limitCol` where both are present (net income ≤ operating income). */
export function checkNotAbove(rows: Row[], col: string, limitCol: string): string[] {
  const out: string[] = [];
  for (const r of rows)
    if (r[col] != null && r[limitCol] != null && num(r[col]) > num(r[limitCol]))
      out.push(`${col} of row ${r.id} (${r[col]}) exceeds its ${limitCol} ${r[limitCol]}`);
  return out;
}

/** A child's date is on or after its parent's date (a vehicle's first flight ≤ each of its launches). */
export function checkDateNotBefore(parents: Row[], parentDate: string, children: Row[], fkCol: string, childDate: string): string[] {
  const byId = new Map(parents.map((p) => [p.id, p]));
  const out: string[] = [];
  for (const c of children) {
    const p = byId.get(num(c[fkCol]));
    if (!p || p[parentDate] == null || c[childDate] == null) continue;
    if (String(c[childDate]) < String(p[parentDate])) out.push(`${childDate} of row ${c.id} (${c[childDate]}) is before ${parentDate} ${p[parentDate]}`);
  }
  return out;
}

/** Each parent's `countCol` equals the number of children referring to it. */
export function checkCountEquals(parents: Row[], countCol: string, children: Row[], fkCol: string): string[] {
  const counts = new Map<number, number>();
  for (const c of children) counts.set(num(c[fkCol]), (counts.get(num(c[fkCol])) ?? 0) + 1);
  return parents
    .filter((p) => p[countCol] != null && num(p[countCol]) !== (counts.get(p.id) ?? 0))
    .map((p) => `${countCol} of row ${p.id} is ${p[countCol]} but ${counts.get(p.id) ?? 0} rows refer to it`);
}

const pctProblem = (id: number, pctCol: string, pct: unknown, part: unknown, whole: unknown, decimals: number): string | null => {
  if (pct == null || part == null || whole == null || num(whole) === 0) return null;
  const exact = (num(part) / num(whole)) * 100;
  return Math.abs(exact - num(pct)) > 10 ** -decimals + 1e-9
    ? `${pctCol} of row ${id} is ${pct} but ${part} of ${whole} is ${exact.toFixed(decimals + 2)}%`
    : null;
};

/** Within a row, `pctCol` is `partCol` as a percentage of `wholeCol`, to one unit of its last decimal. */
export function checkPercentOf(rows: Row[], partCol: string, wholeCol: string, pctCol: string, decimals: number): string[] {
  return rows.map((r) => pctProblem(r.id, pctCol, r[pctCol], r[partCol], r[wholeCol], decimals)).filter((m): m is string => m !== null);
}

/** A child's `pctCol` is its `partCol` as a percentage of its parent's `wholeCol` (a segment's share of revenue). */
export function checkPercentOfParent(
  parents: Row[],
  wholeCol: string,
  children: Row[],
  fkCol: string,
  partCol: string,
  pctCol: string,
  decimals: number,
): string[] {
  const byId = new Map(parents.map((p) => [p.id, p]));
  return children
    .map((c) => pctProblem(c.id, pctCol, c[pctCol], c[partCol], byId.get(num(c[fkCol]))?.[wholeCol], decimals))
    .filter((m): m is string => m !== null);
}

/** Each row's `pctCol` is its `partCol` as a percentage of that column's total over all rows (a party's national vote share). */
export function checkShareOfTotal(rows: Row[], partCol: string, pctCol: string, decimals: number): string[] {
  const total = rows.reduce((s, r) => s + num(r[partCol]), 0);
  return rows.map((r) => pctProblem(r.id, pctCol, r[pctCol], r[partCol], total, decimals)).filter((m): m is string => m !== null);
}

/** `row[col]` equals the `targetCol` of the row that `row[viaCol]` refers to (a vote row's district is its candidate's). */
export function checkSameAsReferenced(rows: Row[], col: string, viaCol: string, targets: Row[], targetCol: string): string[] {
  const byId = new Map(targets.map((t) => [t.id, t]));
  const out: string[] = [];
  for (const r of rows) {
    const t = byId.get(num(r[viaCol]));
    if (!t || r[col] == null) continue;
    if (num(r[col]) !== num(t[targetCol])) out.push(`${col} of row ${r.id} is ${r[col]} but its ${viaCol} row ${t.id} has ${targetCol} ${t[targetCol]}`);
  }
  return out;
}

/**
 * Each parent's `pointerCol` is the `childKey` of the child with the strictly largest `valueCol` among
 * the children referring to it (a district's winner has the most votes).
 */
export function checkArgMax(parents: Row[], pointerCol: string, children: Row[], fkCol: string, valueCol: string, childKey = 'id'): string[] {
  const best = new Map<number, { key: number; value: number; tied: boolean }>();
  for (const c of children) {
    const k = num(c[fkCol]);
    const v = num(c[valueCol]);
    const b = best.get(k);
    if (!b || v > b.value) best.set(k, { key: num(c[childKey]), value: v, tied: false });
    else if (v === b.value) b.tied = true;
  }
  const out: string[] = [];
  for (const p of parents) {
    if (p[pointerCol] == null) continue;
    const b = best.get(p.id);
    if (!b) out.push(`${pointerCol} of row ${p.id} is set but no rows refer to it`);
    else if (b.tied) out.push(`row ${p.id}: the largest ${valueCol} is tied`);
    else if (b.key !== num(p[pointerCol])) out.push(`${pointerCol} of row ${p.id} is ${p[pointerCol]} but ${b.key} has the largest ${valueCol}`);
  }
  return out;
}

/** Two-hop sum: each parent's `totalCol` equals the sum of `partCol` over children whose mid row refers to it (votes → candidate → party). */
export function checkSumVia(parents: Row[], totalCol: string, children: Row[], childFk: string, mids: Row[], midFk: string, partCol: string): string[] {
  const midById = new Map(mids.map((m) => [m.id, m]));
  const sums = new Map<number, number>();
  for (const c of children) {
    const m = midById.get(num(c[childFk]));
    if (!m || m[midFk] == null) continue;
    sums.set(num(m[midFk]), (sums.get(num(m[midFk])) ?? 0) + num(c[partCol]));
  }
  return parents
    .filter((p) => p[totalCol] != null && Math.abs(num(p[totalCol]) - (sums.get(p.id) ?? 0)) > 1e-6)
    .map((p) => `${totalCol} of row ${p.id} is ${p[totalCol]} but its parts sum to ${sums.get(p.id) ?? 0}`);
}

/** Each parent's `gapCol` is the lead of the largest `valueCol` among its children over the second largest (a district's majority). */
export function checkTopGap(parents: Row[], gapCol: string, children: Row[], fkCol: string, valueCol: string): string[] {
  const values = new Map<number, number[]>();
  for (const c of children) {
    const k = num(c[fkCol]);
    if (!values.has(k)) values.set(k, []);
    values.get(k)!.push(num(c[valueCol]));
  }
  const out: string[] = [];
  for (const p of parents) {
    if (p[gapCol] == null) continue;
    const [first = 0, second = 0] = (values.get(p.id) ?? []).sort((a, b) => b - a);
    if (num(p[gapCol]) !== first - second) out.push(`${gapCol} of row ${p.id} is ${p[gapCol]} but the top two ${valueCol} differ by ${first - second}`);
  }
  return out;
}
