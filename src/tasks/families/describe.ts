/**
 * Drawing descriptions of an entity: the conditions a row meets that a question can state (round
 * ranges, a year or a span of months, a shared text value, an ordinal, a time relative to a linked
 * entity), and a search for a small set of them that singles the row out with no condition to spare.
 * Shared by the constraint and chain families.
 */
import type { Rng } from '../../rng.js';
import type { Row, Rows } from '../../themes/_define.js';
import { matchRows, meets, type RowIndex } from '../questions/condition-eval.js';
import { refWords, type ColumnWords, type TableWords } from '../questions/labels.js';
import { MAX_ORDINAL } from '../questions/ordinals.js';
import { drawWidth, roundBounds, writeDatePart, writeNumber } from '../questions/values.js';
import type { Condition } from './reading.js';

export interface DrawOptions {
  /** Lower-cased entity names of the world: a text value equal to one is never stated. */
  allNames: Set<string>;
  /** Offer ordinal conditions (they single a row out by themselves). */
  ranks: boolean;
}

function rankOf(rows: Row[], col: string, v: Row[string], order: 'highest' | 'lowest'): { n: number; tied: boolean } {
  let better = 0;
  let same = 0;
  for (const r of rows) {
    const x = r[col];
    if (x === null || x === undefined) continue;
    if (x === v) same++;
    else if (order === 'highest' ? x > v! : x < v!) better++;
  }
  return { n: better + 1, tied: same > 1 };
}

/** Every form a number condition can take here: a drawn range, a wide one, above, below (the search picks). */
function numberConditions(c: ColumnWords, v: number, rng: Rng): Condition[] {
  if (c.ordinal) return [];
  const out: Condition[] = [];
  for (const width of [drawWidth(rng), 1]) {
    const b = roundBounds(v, width, rng.chance(0.5) ? 1 : 2, c.col.decimals ?? 0);
    // "more than 1 launches": a unit word needs a bound other than 1; "between 50% and 150%" of a share
    // that cannot pass 100% reads as no bound at all.
    if (!b || (c.suffix && (b.lo === 1 || b.hi === 1)) || (c.col.unit === 'percent' && b.hi > 100)) continue;
    const lo = writeNumber(b.lo, c);
    const hi = writeNumber(b.hi, c);
    // "between 2 and 4 phone models": the unit words once, after the upper bound.
    out.push({ op: 'between', label: c.label, lo: c.suffix ? lo.slice(0, -c.suffix.length) : lo, hi });
    if (width === 1) out.push({ op: 'above', label: c.label, value: lo }, { op: 'below', label: c.label, value: hi });
  }
  return out;
}

/** Every form a date condition can take here: its year, a span of months, after or before a year. */
function dateConditions(c: ColumnWords, iso: string, rng: Rng): Condition[] {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const out: Condition[] = [{ op: 'between', label: c.label, lo: String(y), hi: String(y) }];
  const first = Math.max(1, m - rng.int(0, 3));
  const last = Math.min(12, Math.max(m, first + rng.int(2, 5)));
  const at = (mm: number) => writeDatePart(`${y}-${String(mm).padStart(2, '0')}-01`, 'month');
  if (first < last) out.push({ op: 'between', label: c.label, lo: at(first), hi: at(last) });
  out.push({ op: 'above', label: c.label, value: String(y - rng.int(1, 4)) }, { op: 'below', label: c.label, value: String(y + rng.int(1, 4)) });
  return out;
}

/** Conditions on w's own columns (and within-years relations to its links) that `row` meets. */
export function ownConditions(w: TableWords, rows: Rows, at: RowIndex, row: Row, rng: Rng, opts: DrawOptions): Condition[] {
  const all = rows[w.table.name] ?? [];
  const out: Condition[] = [];
  for (const c of w.columns) {
    const v = row[c.col.name];
    if (v === null || v === undefined) continue;
    if (c.col.type === 'integer' || c.col.type === 'real') out.push(...numberConditions(c, Number(v), rng));
    if (c.col.type === 'date') out.push(...dateConditions(c, String(v), rng));
    if (c.col.type === 'text' && !c.person) {
      const shared = all.filter((r) => r[c.col.name] === v).length;
      if (shared >= 2 && shared < all.length && !opts.allNames.has(String(v).toLowerCase())) out.push({ op: 'is', label: c.label, value: String(v) });
    }
    if (opts.ranks && (c.col.type === 'integer' || c.col.type === 'real' || c.col.type === 'date') && !c.ordinal && all.length >= 4) {
      const order = rng.chance(0.5) ? 'highest' : 'lowest';
      const r = rankOf(all, c.col.name, v, order);
      if (!r.tied && r.n <= Math.min(MAX_ORDINAL, 5)) out.push({ op: 'rank', label: c.label, n: r.n, order });
    }
    if (c.col.type === 'date')
      for (const link of w.columns.filter((l) => l.col.type === 'entity')) {
        const target = at(link.col.ref!, Number(row[link.col.name]));
        if (!target) continue;
        for (const other of refWords(w, link).columns.filter((o) => o.col.type === 'date')) {
          const ov = target[other.col.name];
          if (typeof ov !== 'string') continue;
          const years = Math.abs(Number(String(v).slice(0, 4)) - Number(ov.slice(0, 4))) + 1;
          if (years <= 10) out.push({ op: 'within_years', label: c.label, years, link: link.label, otherLabel: other.label });
        }
      }
  }
  // A condition the row does not meet (a draw at a bound) is never offered.
  return out.filter((c) => meets(w, rows, at, row, [c]));
}

/**
 * A smallest-found set of pool items (tried in order) whose conditions (`build` turns the chosen items
 * into a description of w's rows) the row alone meets: added while they narrow the candidates, then
 * pruned until dropping any one lets another row in. Null when the pool cannot single the row out.
 */
export function singleOut<T>(
  w: TableWords,
  rows: Rows,
  at: RowIndex,
  pool: readonly T[],
  build: (chosen: T[]) => Condition[],
  rng: Rng,
  /** The order in which chosen items are tried for removal (default random); tightest first keeps more loose ones. */
  pruneOrder: (chosen: T[]) => T[] = (c) => rng.shuffle(c),
  /** The ids of the rows each item's conditions alone match, as far as known (filled in as items are tried). */
  rowsOf: Map<T, ReadonlySet<number>> = new Map(),
): T[] | null {
  // `build` is a conjunction (a via's conditions meet in the one row linked): the rows meeting a set are
  // those meeting each of its items, so each item's rows are matched once and sets counted by intersection.
  const idsOf = (c: T) => rowsOf.get(c) ?? rowsOf.set(c, new Set(matchRows(w, rows, build([c]), at).map((r) => r.id))).get(c)!;
  const count = (chosen: T[]) => {
    const [least, ...others] = chosen.map(idsOf).sort((a, b) => a.size - b.size);
    let n = 0;
    for (const id of least!) if (others.every((o) => o.has(id))) n++;
    return n;
  };
  let chosen: T[] = [];
  let n = (rows[w.table.name] ?? []).length;
  for (const c of pool) {
    const k = count([...chosen, c]);
    if (k < n) {
      chosen.push(c);
      n = k;
    }
    if (n === 1) break;
  }
  if (n !== 1) return null;
  for (const c of pruneOrder(chosen)) {
    const rest = chosen.filter((x) => x !== c);
    if (rest.length > 0 && count(rest) === 1) chosen = rest;
  }
  return chosen;
}
