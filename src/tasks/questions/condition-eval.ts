/**
 * What a Described entity means over a world: the rows it matches (in JS, over the world's rows) and the
 * SQL that counts or selects them (over the world file's theme tables). The two mirror each other
 * clause by clause; a test runs both over generated worlds and compares. Also the leaves of a
 * description (its constraints, for leave-one-out proofs) and the facts each reads.
 */
import type { Row, Rows } from '../../themes/_define.js';
import type { FactIndex } from '../../world/facts.js';
import type { ProofSql } from '../certificate/schema.js';
import type { Condition, Described } from '../families/reading.js';
import { conditionValues, renderCondition } from './conditions.js';
import { byLabel, type ColumnWords, refWords, type TableWords } from './labels.js';
import { shiftYears } from './values.js';

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const lit = (v: number | string) => (typeof v === 'number' ? String(v) : sqlText(v));

/** Rows of every table by id. */
export type RowIndex = (table: string, id: number) => Row | undefined;

export function indexRows(rows: Rows): RowIndex {
  const m = new Map<string, Map<number, Row>>();
  for (const [t, list] of Object.entries(rows)) m.set(t, new Map(list.map((r) => [r.id, r])));
  return (table, id) => m.get(table)?.get(id);
}

const shared = new WeakMap<Rows, RowIndex>();

/** indexRows, built once per rows object: for rows that no longer change (a drafting context's world). */
export function sharedRowIndex(rows: Rows): RowIndex {
  let at = shared.get(rows);
  if (!at) shared.set(rows, (at = indexRows(rows)));
  return at;
}

function nameOf(w: TableWords, row: Row): string | null {
  return w.table.nameColumn ? String(row[w.table.nameColumn]) : null;
}

/** A column's non-null values in ascending order, per table and column: built once per evaluation, for rank conditions. */
type Ranked = Map<string, Row[string][] | null>;

/** How many values of `sorted` (ascending) lie above (or below) v: the rows that rank before a row holding v. */
function countBeyond(sorted: readonly Row[string][], v: Row[string], above: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid]!;
    if (above ? !(x! > v!) : x! < v!) lo = mid + 1;
    else hi = mid;
  }
  return above ? sorted.length - lo : lo;
}

function rankedValues(ranked: Ranked, list: readonly Row[], table: string, column: string): Row[string][] | null {
  const key = `${table}\u0000${column}`;
  if (ranked.has(key)) return ranked.get(key)!;
  const values = list.map((r) => r[column]).filter((x) => x !== null && x !== undefined);
  // Only values of one type order totally (as the comparisons below read them); otherwise count directly.
  const oneType = values.every((x) => typeof x === typeof values[0] && (typeof x !== 'number' || !Number.isNaN(x)));
  const sorted = oneType ? values.sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0)) : null;
  ranked.set(key, sorted);
  return sorted;
}

/** A condition's test of one row; compiled on its first row, so a condition no row reaches is never read. */
type Test = (row: Row) => boolean;

function lazyTest(compile: () => Test): Test {
  let test: Test | undefined;
  return (row) => (test ??= compile())(row);
}

/** The row's link target through `link`, if it has one. */
function linked(at: RowIndex, link: ColumnWords, row: Row): Row | undefined {
  const id = row[link.col.name];
  return id == null ? undefined : at(link.col.ref!, Number(id));
}

/** Whether a row meets `c`: the lookups a condition needs (its column, bounds, linked table) made once, not per row. */
function testOf(w: TableWords, rows: Rows, at: RowIndex, c: Condition, ranked: Ranked): Test {
  return lazyTest(() => compileTest(w, rows, at, c, ranked));
}

function compileTest(w: TableWords, rows: Rows, at: RowIndex, c: Condition, ranked: Ranked): Test {
  if (c.op === 'via') {
    const link = byLabel(w, c.link);
    const rw = refWords(w, link);
    const inner = c.target.conditions.map((x) => testOf(rw, rows, at, x, ranked));
    return (row) => {
      const target = linked(at, link, row);
      return target !== undefined && inner.every((t) => t(target));
    };
  }
  const col = byLabel(w, c.label);
  const name = col.col.name;
  const valued = (test: (v: NonNullable<Row[string]>, row: Row) => boolean): Test => {
    return (row) => {
      const v = row[name];
      return v !== null && v !== undefined && test(v, row);
    };
  };
  switch (c.op) {
    case 'between':
      return valued((v) => {
        const { lo, hi } = conditionValues(w, c);
        return v >= lo!.lo && v <= hi!.hi;
      });
    case 'above':
      return valued((v) => v > conditionValues(w, c).value!.hi);
    case 'below':
      return valued((v) => v < conditionValues(w, c).value!.lo);
    case 'is': {
      if (col.col.type !== 'entity') return valued((v) => v === c.value);
      let rw: TableWords | undefined;
      return valued((v) => {
        const target = at(col.col.ref!, Number(v));
        return target !== undefined && nameOf((rw ??= refWords(w, col)), target) === c.value;
      });
    }
    case 'rank': {
      const list = rows[w.table.name] ?? [];
      return valued((v) => {
        const sorted = rankedValues(ranked, list, w.table.name, name);
        if (sorted) return countBeyond(sorted, v, c.order === 'highest') === c.n - 1;
        const better = list.filter((r) => {
          const x = r[name];
          return x !== null && x !== undefined && (c.order === 'highest' ? x > v : x < v);
        }).length;
        return better === c.n - 1;
      });
    }
    case 'within_years': {
      let link: ColumnWords | undefined;
      let otherColumn: string | undefined;
      return valued((v, row) => {
        link ??= byLabel(w, c.link);
        const target = linked(at, link, row);
        const other = target?.[(otherColumn ??= byLabel(refWords(w, link), c.otherLabel).col.name)];
        if (typeof other !== 'string') return false;
        return String(v) >= shiftYears(other, -c.years) && String(v) <= shiftYears(other, c.years);
      });
    }
  }
}

/** Does `row` (a row of w's table, as `at` holds it) meet every condition? */
export function meets(w: TableWords, rows: Rows, at: RowIndex, row: Row, conds: readonly Condition[]): boolean {
  const self = at(w.table.name, row.id);
  const ranked: Ranked = new Map();
  return self !== undefined && conds.every((c) => testOf(w, rows, at, c, ranked)(self));
}

/** The rows of w's table that meet every condition. */
export function matchRows(w: TableWords, rows: Rows, conds: readonly Condition[], at: RowIndex = indexRows(rows)): Row[] {
  const ranked: Ranked = new Map();
  const tests = conds.map((c) => testOf(w, rows, at, c, ranked));
  return (rows[w.table.name] ?? []).filter((r) => tests.every((t) => t(r)));
}

function conditionSql(w: TableWords, c: Condition, a: string, depth: number): string {
  if (c.op === 'via') {
    const link = byLabel(w, c.link);
    const rw = refWords(w, link);
    const b = `t${depth + 1}`;
    return `${a}.${link.col.name} IN (SELECT ${b}.id FROM ${rw.table.name} ${b} WHERE ${whereSql(rw, c.target.conditions, b, depth + 1)})`;
  }
  const col = byLabel(w, c.label);
  const x = `${a}.${col.col.name}`;
  switch (c.op) {
    case 'between': {
      const { lo, hi } = conditionValues(w, c);
      return `${x} BETWEEN ${lit(lo!.lo)} AND ${lit(hi!.hi)}`;
    }
    case 'above':
      return `${x} > ${lit(conditionValues(w, c).value!.hi)}`;
    case 'below':
      return `${x} < ${lit(conditionValues(w, c).value!.lo)}`;
    case 'is': {
      if (col.col.type !== 'entity') return `${x} = ${sqlText(c.value)}`;
      const rw = refWords(w, col);
      return `${x} IN (SELECT id FROM ${rw.table.name} WHERE ${rw.table.nameColumn} = ${sqlText(c.value)})`;
    }
    case 'rank': {
      const r = `r${depth}`;
      return `${x} IS NOT NULL AND (SELECT COUNT(*) FROM ${w.table.name} ${r} WHERE ${r}.${col.col.name} ${c.order === 'highest' ? '>' : '<'} ${x}) = ${c.n - 1}`;
    }
    case 'within_years': {
      const link = byLabel(w, c.link);
      const rw = refWords(w, link);
      const o = `l${depth}.${byLabel(rw, c.otherLabel).col.name}`;
      return `EXISTS (SELECT 1 FROM ${rw.table.name} l${depth} WHERE l${depth}.id = ${a}.${link.col.name} AND ${x} BETWEEN date(${o}, '-${c.years} years') AND date(${o}, '+${c.years} years'))`;
    }
  }
}

/** The SQL condition (over alias `a`, a row of w's table) that every condition holds. */
export function whereSql(w: TableWords, conds: readonly Condition[], a = 't0', depth = 0): string {
  return conds.map((c) => `(${conditionSql(w, c, a, depth)})`).join(' AND ');
}

/** A leaf of a description: a condition that is not a via, with the via links that lead to it. */
export interface Leaf {
  /** Indexes of the via conditions followed, then the leaf's own index. */
  path: number[];
  condition: Condition;
  /** The vocabulary of the table the leaf is on. */
  words: TableWords;
}

export function leavesOf(w: TableWords, conds: readonly Condition[], path: number[] = []): Leaf[] {
  return conds.flatMap((c, i) =>
    c.op === 'via' ? leavesOf(refWords(w, byLabel(w, c.link)), c.target.conditions, [...path, i]) : [{ path: [...path, i], condition: c, words: w }],
  );
}

/** The conditions without one leaf; a via left with no conditions goes too (it then says nothing). */
export function withoutLeaf(conds: readonly Condition[], path: readonly number[]): Condition[] {
  const [i, ...rest] = path;
  return conds.flatMap((c, k) => {
    if (k !== i) return [c];
    if (rest.length === 0 || c.op !== 'via') return [];
    const inner = withoutLeaf(c.target.conditions, rest);
    return inner.length === 0 ? [] : [{ ...c, target: { ...c.target, conditions: inner } }];
  });
}

/** SELECT COUNT(*) of w's rows meeting the conditions (every row when there are none). */
export function countSql(w: TableWords, conds: readonly Condition[]): string {
  return `SELECT COUNT(*) FROM ${w.table.name} t0${conds.length ? ` WHERE ${whereSql(w, conds)}` : ''}`;
}

/** The uniqueness proof of a description: the count under every leaf, and under each leave-one-out. */
export function proofOf(w: TableWords, d: Described): ProofSql {
  return {
    sql: countSql(w, d.conditions),
    leaveOneOut: leavesOf(w, d.conditions).map((leaf) => ({
      constraint: renderCondition(leaf.words, leaf.condition),
      sql: countSql(w, withoutLeaf(d.conditions, leaf.path)),
    })),
  };
}

/** The facts the conditions read for one row (and the rows it links to): cells compared, links followed. */
export function factsRead(w: TableWords, fx: FactIndex, at: RowIndex, row: Row, conds: readonly Condition[]): number[] {
  const out: number[] = [];
  const cell = (table: string, r: Row, column: string) => {
    const f = fx.cell(table, r.id, column);
    if (f) out.push(f.id);
  };
  for (const c of conds) {
    if (c.op === 'via' || c.op === 'within_years') {
      const link = byLabel(w, c.link);
      cell(w.table.name, row, link.col.name);
      const target = at(link.col.ref!, Number(row[link.col.name]));
      if (!target) continue;
      const rw = refWords(w, link);
      if (c.op === 'via') out.push(...factsRead(rw, fx, at, target, c.target.conditions));
      else {
        cell(w.table.name, row, byLabel(w, c.label).col.name);
        cell(rw.table.name, target, byLabel(rw, c.otherLabel).col.name);
      }
      continue;
    }
    cell(w.table.name, row, byLabel(w, c.label).col.name);
  }
  return [...new Set(out)];
}

/** The link facts the conditions follow for one row (the bridges' facts). */
export function linkFacts(w: TableWords, fx: FactIndex, at: RowIndex, row: Row, conds: readonly Condition[]): number[] {
  const out: number[] = [];
  for (const c of conds) {
    if (c.op !== 'via' && c.op !== 'within_years') continue;
    const link = byLabel(w, c.link);
    const f = fx.cell(w.table.name, row.id, link.col.name);
    if (f) out.push(f.id);
    const target = at(link.col.ref!, Number(row[link.col.name]));
    if (c.op === 'via' && target) out.push(...linkFacts(refWords(w, link), fx, at, target, c.target.conditions));
  }
  return [...new Set(out)];
}

/** The rows a via leads to from one row, in order (the bridges). */
export function bridgesOf(w: TableWords, at: RowIndex, row: Row, conds: readonly Condition[]): { words: TableWords; row: Row }[] {
  const via = conds.find((c) => c.op === 'via');
  if (via?.op !== 'via') return [];
  const link = byLabel(w, via.link);
  const target = at(link.col.ref!, Number(row[link.col.name]));
  if (!target) return [];
  const rw = refWords(w, link);
  return [{ words: rw, row: target }, ...bridgesOf(rw, at, target, via.target.conditions)];
}
