/** Reusable invariant checks; a theme composes them. Each returns a list of problems. */
import type { Row } from '../themes/_define.js';

const num = (v: unknown) => Number(v);

/** Each parent's `totalCol` equals the sum of its children's `partCol`. */
export function checkSumEquals(parents: Row[], totalCol: string, children: Row[], fkCol: string, partCol: string): string[] {
  const sums = new Map<number, number>();
  for (const c of children) sums.set(num(c[fkCol]), (sums.get(num(c[fkCol])) ?? 0) + num(c[partCol]));
  const out: string[] = [];
  for (const p of parents) {
    const s = sums.get(p.id) ?? 0;
    if (Math.abs(s - num(p[totalCol])) > 1e-6) out.push(`${totalCol} of row ${p.id} is ${p[totalCol]} but its parts sum to ${s}`);
  }
  return out;
}

/** `rankCol` is 1..n and orders rows by `valueCol` (descending unless `ascending`), ties broken by id. */
export function checkRanking(rows: Row[], rankCol: string, valueCol: string, ascending = false): string[] {
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
      if (!(String(r[present[i - 1]!]) < String(r[present[i]!]))) out.push(`row ${r.id}: ${present[i - 1]} ${r[present[i - 1]!]} is not before ${present[i]} ${r[present[i]!]}`);
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
    if (p[totalCol] != null && s > num(p[totalCol]) + 1e-6) out.push(`${partCol} of the children of row ${p.id} sums to ${s}, above its ${totalCol} ${p[totalCol]}`);
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
