/**
 * The reasoning family (issue 24, FRAMES-like): answers computed from facts, never read off a page.
 * - difference / ratio of one measure of two entities of a kind (either may be described by its rank);
 * - days between two event dates of two entities (a span of days a constant guess cannot hit, as
 *   whole years could: they cluster within a theme's periods);
 * - an entity's rank by a measure among the entities sharing its parent (a proper subset of its table);
 * - a series' value as of a date: the running total of a flow (units, revenue, gross) up to a period
 *   that is neither the first nor the last, or the latest snapshot (market share, chart position).
 * A computed number that some fact of the world states outright (a running total equal to an annual
 * figure) is not drawn. `sql` reproduces every answer.
 */
import { formatDate, formatNumber } from '../../format.js';
import type { Rng } from '../../rng.js';
import type { ColumnDef, Row, TableDef } from '../../themes/_define.js';
import { mentions } from '../../text.js';
import { periodEnd } from '../../world/fact-time.js';
import type { AnswerType } from '../../world/types.js';
import { sayConditions, sayRef } from '../questions/described.js';
import { type ReasoningAsk, readReasoning, renderReasoning } from '../questions/reasoning.js';
import { type Attr, attrOf, uniqueNoun } from '../questions/words.js';
import { sqlQuote } from './cells.js';
import type { FamilyContext, TaskDraft } from './family.js';
import type { EntityRef, ReasoningReading } from './reading.js';

interface Ref {
  row: Row;
  ref: EntityRef;
  text: string;
  /** SQL selecting the row's id. */
  idSql: string;
}

/** A row referred to by name, or (sometimes) as "the phone model with the second-highest launch price". */
function refFor(ctx: FamilyContext, t: TableDef, row: Row, avoid: ColumnDef[]): Ref | null {
  const name = ctx.fx.name(t.name, row.id);
  const byName: Ref = { row, ref: { name }, text: name, idSql: `(SELECT id FROM ${t.name} WHERE ${t.nameColumn} = ${sqlQuote(name)})` };
  if (!ctx.rng.chance(0.35)) return byName;
  const rows = ctx.rows[t.name]!;
  const measures = t.columns.filter((c) => c.measure && !avoid.includes(c) && rows.every((r) => r[c.name] != null));
  if (measures.length === 0) return byName;
  const col = ctx.rng.pick(measures);
  const order = ctx.rng.chance(0.5) ? 'highest' : 'lowest';
  const sorted = rows.slice().sort((x, y) => (Number(y[col.name]) - Number(x[col.name])) * (order === 'highest' ? 1 : -1));
  const n = sorted.findIndex((r) => r.id === row.id) + 1;
  if (n < 1 || n > 3 || new Set(rows.map((r) => r[col.name])).size !== rows.length) return byName;
  const a = attrOf(ctx.theme, t.name, col.name);
  const noun = a && uniqueNoun(a, t.entity);
  if (!a || !noun) return byName;
  const ref: EntityRef = { kind: t.entity, conditions: [{ op: 'rank', label: col.label, n, order }] };
  return {
    row,
    ref,
    text: sayRef(ref, { a, noun }),
    idSql: `(SELECT id FROM ${t.name} ORDER BY ${col.name} ${order === 'highest' ? 'DESC' : 'ASC'} LIMIT 1 OFFSET ${n - 1})`,
  };
}

/** Days from ISO date `a` to the later `b`. */
export function daysFrom(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

const daysSql = (a: string, b: string) => `CAST(round(julianday(${b}) - julianday(${a})) AS INTEGER)`;

interface Computed {
  ask: ReasoningAsk;
  reading: ReasoningReading;
  value: number;
  answerType: AnswerType;
  answerText: string;
  tolerance: number;
  factIds: number[];
  sql: string;
  signature: string;
  constraints: number;
  hops: number;
}

const words = (ctx: FamilyContext, t: TableDef, c: ColumnDef): { a: Attr; noun: string } | null => {
  const a = attrOf(ctx.theme, t.name, c.name);
  const noun = a ? uniqueNoun(a) : undefined;
  return a && noun ? { a, noun } : null;
};
/** One item, or undefined from an empty list. */
const pickSome = <T>(rng: Rng, xs: readonly T[]): T | undefined => (xs.length > 0 ? rng.pick(xs) : undefined);
const named = (ctx: FamilyContext) => ctx.theme.tables.filter((t) => t.nameColumn && (ctx.rows[t.name]?.length ?? 0) >= 3);
const numberText = (c: ColumnDef, v: number) => formatNumber(v, c.unit ?? 'plain', c.decimals ?? 0);
const refsConstraints = (...rs: Ref[]) => rs.filter((r) => !('name' in r.ref)).length;

function twoOf(ctx: FamilyContext, op: 'difference' | 'ratio'): Computed | null {
  const { rng, fx } = ctx;
  const t = pickSome(rng, named(ctx));
  const col =
    t &&
    pickSome(
      rng,
      t.columns.filter((c) => c.measure),
    );
  if (!t || !col) return null;
  const w = words(ctx, t, col);
  if (!w) return null;
  const pair = rng.sample(
    ctx.rows[t.name]!.filter((r) => r[col.name] != null),
    2,
  );
  if (pair.length < 2) return null;
  const [hi, lo] = pair.sort((x, y) => Number(y[col.name]) - Number(x[col.name])) as [Row, Row];
  const vh = Number(hi[col.name]);
  const vl = Number(lo[col.name]);
  if (vh === vl || vl <= 0) return null;
  const ra = refFor(ctx, t, hi, [col]);
  const rb = refFor(ctx, t, lo, [col]);
  if (!ra || !rb) return null;
  const decimals = col.decimals ?? 0;
  const value = op === 'difference' ? Number((vh - vl).toFixed(decimals)) : Number((vh / vl).toFixed(2));
  if (op === 'ratio' && (value < 1.1 || value > 50)) return null;
  const sel = (r: Ref) => `(SELECT ${col.name} FROM ${t.name} WHERE id = ${r.idSql})`;
  return {
    ask: { op, noun: w.noun, a: ra.text, b: rb.text },
    reading: { family: 'reasoning', op, label: col.label, a: ra.ref, b: rb.ref },
    value,
    answerType: op === 'ratio' ? 'real' : col.type,
    answerText: op === 'ratio' ? value.toFixed(2) : numberText(col, value),
    tolerance: op === 'ratio' ? 0.01 : col.type === 'real' ? 0.005 : 0,
    factIds: [fx.cell(t.name, hi.id, col.name)!.id, fx.cell(t.name, lo.id, col.name)!.id],
    sql: op === 'ratio' ? `SELECT ROUND(CAST(${sel(ra)} AS REAL) / ${sel(rb)}, 2)` : `SELECT ${sel(ra)} - ${sel(rb)}`,
    signature: `reasoning:${op}:${t.name}:${col.name}:${[hi.id, lo.id].join('-')}`,
    constraints: refsConstraints(ra, rb),
    hops: 0,
  };
}

function daysBetween(ctx: FamilyContext): Computed | null {
  const { rng, fx } = ctx;
  const events = named(ctx).flatMap((t) => t.columns.filter((c) => c.type === 'date' && c.time === 'event').map((c) => ({ t, c })));
  if (events.length === 0) return null;
  const e1 = rng.pick(events);
  const r1 = rng.pick(ctx.rows[e1.t.name]!);
  // Mostly two related events (a model's launch and its maker's founding), else any two.
  const links = e1.t.columns.flatMap((fk) => (fk.type === 'entity' ? events.filter((e) => e.t.name === fk.ref).map((e) => ({ ...e, fk })) : []));
  const linked = links.length > 0 && rng.chance(0.6) ? rng.pick(links) : null;
  const e2 = linked ?? rng.pick(events);
  const r2 = linked ? ctx.rows[linked.t.name]!.find((r) => r.id === Number(r1[linked.fk.name])) : rng.pick(ctx.rows[e2.t.name]!);
  if (!r2) return null;
  if (r1 === r2 && e1.c === e2.c) return null;
  const d1 = r1[e1.c.name];
  const d2 = r2[e2.c.name];
  if (d1 == null || d2 == null) return null;
  // {a} is the earlier date.
  const [first, second] =
    String(d1) <= String(d2)
      ? [
          { ...e1, r: r1 },
          { ...e2, r: r2 },
        ]
      : [
          { ...e2, r: r2 },
          { ...e1, r: r1 },
        ];
  const value = daysFrom(String(first.r[first.c.name]), String(second.r[second.c.name]));
  if (value < 1) return null;
  const w1 = words(ctx, first.t, first.c);
  const w2 = words(ctx, second.t, second.c);
  const ra = refFor(ctx, first.t, first.r, []);
  const rb = refFor(ctx, second.t, second.r, []);
  if (!w1 || !w2 || !ra || !rb) return null;
  const sel = (x: typeof first, r: Ref) => `(SELECT ${x.c.name} FROM ${x.t.name} WHERE id = ${r.idSql})`;
  return {
    ask: { op: 'days_between', n1: w1.noun, n2: w2.noun, a: ra.text, b: rb.text },
    reading: { family: 'reasoning', op: 'days_between', a: { ref: ra.ref, label: first.c.label }, b: { ref: rb.ref, label: second.c.label } },
    value,
    answerType: 'integer',
    answerText: String(value),
    tolerance: 0,
    factIds: [fx.cell(first.t.name, first.r.id, first.c.name)!.id, fx.cell(second.t.name, second.r.id, second.c.name)!.id],
    sql: `SELECT ${daysSql(sel(first, ra), sel(second, rb))}`,
    signature: `reasoning:days:${first.t.name}.${first.c.name}#${first.r.id}:${second.t.name}.${second.c.name}#${second.r.id}`,
    constraints: refsConstraints(ra, rb),
    hops: 0,
  };
}

function rankAmong(ctx: FamilyContext): Computed | null {
  const { rng, fx, theme } = ctx;
  const t = pickSome(rng, named(ctx));
  const fk =
    t &&
    pickSome(
      rng,
      t.columns.filter((c) => c.type === 'entity' && fx.table(c.ref!).nameColumn),
    );
  const col =
    t &&
    pickSome(
      rng,
      t.columns.filter((c) => c.measure),
    );
  if (!t || !fk || !col) return null;
  const row = rng.pick(ctx.rows[t.name]!);
  const group = ctx.rows[t.name]!.filter((r) => r[fk.name] === row[fk.name] && r[col.name] != null);
  // A proper subset of the table, of 4 or more, with distinct values: the rank is nowhere printed as such.
  if (group.length < 4 || group.length >= ctx.rows[t.name]!.length || row[col.name] == null) return null;
  if (new Set(group.map((r) => r[col.name])).size !== group.length) return null;
  const order = rng.chance(0.5) ? 'highest' : 'lowest';
  const v = Number(row[col.name]);
  const value = 1 + group.filter((r) => (order === 'highest' ? Number(r[col.name]) > v : Number(r[col.name]) < v)).length;
  // A rank the row states itself (a sales rank, a league position) is printed outright.
  if (fx.ofRow(t.name, row.id).some((f) => f.objectType === 'integer' && Number(f.object) === value && /rank|position/.test(fx.format(f).label))) return null;
  const w = words(ctx, t, col);
  const fa = attrOf(theme, t.name, fk.name);
  const link = fa && uniqueNoun(fa, t.entity);
  if (!w || !fa || !link) return null;
  const parent = fx.name(fk.ref!, Number(row[fk.name]));
  const cond = { op: 'is' as const, label: fk.label, value: parent };
  const among = `${t.plural} ${sayConditions([{ c: cond, a: fa, noun: link }], true)}`;
  const name = fx.name(t.name, row.id);
  const cmp = order === 'highest' ? '>' : '<';
  const parentId = `(SELECT id FROM ${fk.ref} WHERE ${fx.table(fk.ref!).nameColumn} = ${sqlQuote(parent)})`;
  return {
    ask: { op: 'rank_among', noun: w.noun, order, a: name, among },
    reading: { family: 'reasoning', op: 'rank_among', label: col.label, order, of: { name }, among: { kind: t.entity, conditions: [cond] } },
    value,
    answerType: 'integer',
    answerText: String(value),
    tolerance: 0,
    factIds: group.flatMap((r) => [fx.cell(t.name, r.id, col.name)!.id, fx.cell(t.name, r.id, fk.name)!.id]),
    sql: `SELECT 1 + COUNT(*) FROM ${t.name} t WHERE t.${fk.name} = ${parentId} AND t.${col.name} ${cmp} (SELECT ${col.name} FROM ${t.name} WHERE ${t.nameColumn} = ${sqlQuote(name)})`,
    signature: `reasoning:rank:${t.name}:${col.name}:${fk.name}=${row[fk.name]}:${row.id}`,
    constraints: 1,
    hops: 1,
  };
}

/** Series: an unnamed table with one link to a named parent and a period column its measures are for. */
function seriesOf(ctx: FamilyContext): { t: TableDef; fk: ColumnDef; period: ColumnDef; measures: ColumnDef[] }[] {
  return ctx.theme.tables.flatMap((t) => {
    if (t.nameColumn) return [];
    const fks = t.columns.filter((c) => c.type === 'entity' && ctx.fx.table(c.ref!).nameColumn);
    const measures = t.columns.filter((c) => c.time && typeof c.time === 'object' && (c.type === 'integer' || c.type === 'real'));
    const periodName = measures[0]?.time && typeof measures[0].time === 'object' ? measures[0].time.periodColumn : undefined;
    const period = t.columns.find((c) => c.name === periodName);
    return fks.length === 1 && period && measures.length > 0 ? [{ t, fk: fks[0]!, period, measures }] : [];
  });
}

/** A flow adds up over periods (units, money); a snapshot does not (a share, a rank). */
const isFlow = (c: ColumnDef) => c.type === 'integer' && (c.unit === 'count' || c.unit === 'usd');

function asOf(ctx: FamilyContext, numbers: Set<number>): Computed | null {
  const { rng, fx } = ctx;
  const all = seriesOf(ctx);
  if (all.length === 0) return null;
  const { t, fk, period, measures } = rng.pick(all);
  const col = rng.pick(measures);
  const parentId = Number(rng.pick(ctx.rows[t.name]!)[fk.name]);
  const end = (r: Row) => periodEnd(String(r[period.name])) ?? '';
  const rows = ctx.rows[t.name]!.filter((r) => Number(r[fk.name]) === parentId && r[col.name] != null).sort((x, y) => (end(x) < end(y) ? -1 : 1));
  if (rows.length < 3 || new Set(rows.map(end)).size !== rows.length || rows.some((r) => end(r) === '')) return null;
  const total = isFlow(col);
  // Neither the first period (a running total equal to one figure) nor the last (the annual figure).
  const k = rng.int(1, rows.length - 2);
  const upto = rows.slice(0, k + 1);
  const quarterly = period.type === 'text';
  const gap = quarterly ? 0 : rng.int(0, 6);
  const last = end(upto[k]!);
  const next = end(rows[k + 1]!);
  const dateIso = quarterly ? last : isoPlus(last, gap);
  if (dateIso >= next) return null;
  const date = quarterly ? `the end of ${upto[k]![period.name]}` : formatDate(dateIso, 0);
  const value = total ? upto.reduce((s, r) => s + Number(r[col.name]), 0) : Number(upto[k]![col.name]);
  if (total && numbers.has(value)) return null;
  const w = words(ctx, t, col);
  if (!w) return null;
  const parent = fx.table(fk.ref!);
  const name = fx.name(parent.name, parentId);
  const cond = quarterly
    ? `(substr(s.${period.name}, 4, 4) || substr(s.${period.name}, 2, 1)) <= ${sqlQuote(`${String(upto[k]![period.name]).slice(3, 7)}${String(upto[k]![period.name]).slice(1, 2)}`)}`
    : `s.${period.name} <= '${dateIso}'`;
  const from = `${t.name} s JOIN ${parent.name} p ON p.id = s.${fk.name} WHERE p.${parent.nameColumn} = ${sqlQuote(name)} AND ${cond}`;
  const order = quarterly ? `substr(s.${period.name}, 4, 4) DESC, substr(s.${period.name}, 2, 1) DESC` : `s.${period.name} DESC`;
  return {
    ask: { op: 'as_of', noun: w.noun, total, a: name, date, period: quarterly ? 'quarter' : 'week' },
    reading: { family: 'reasoning', op: 'as_of', label: col.label, of: { name }, date, ...(total ? { total: true } : {}) },
    value,
    answerType: col.type,
    answerText: numberText(col, value),
    tolerance: col.type === 'real' ? 0.005 : 0,
    factIds: (total ? upto : [upto[k]!]).flatMap((r) => [fx.cell(t.name, r.id, col.name)!.id, fx.cell(t.name, r.id, period.name)!.id]),
    sql: total ? `SELECT SUM(s.${col.name}) FROM ${from}` : `SELECT s.${col.name} FROM ${from} ORDER BY ${order} LIMIT 1`,
    signature: `reasoning:as_of:${t.name}:${col.name}:${parentId}:${dateIso}`,
    constraints: 0,
    hops: 1,
  };
}

function isoPlus(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
}

const OPS = ['difference', 'ratio', 'days_between', 'rank_among', 'as_of'] as const;

function drawOne(ctx: FamilyContext, numbers: Set<number>, rng: Rng): TaskDraft | null {
  const op = rng.pick(OPS);
  const c =
    op === 'difference' || op === 'ratio'
      ? twoOf(ctx, op)
      : op === 'days_between'
        ? daysBetween(ctx)
        : op === 'rank_among'
          ? rankAmong(ctx)
          : asOf(ctx, numbers);
  if (!c) return null;
  // A difference or ratio some fact states outright is no reasoning.
  if ((op === 'difference' || op === 'ratio') && [...numbers].some((n) => Math.abs(n - c.value) <= Math.abs(c.value) * c.tolerance)) return null;
  const { question, frameId } = renderReasoning(ctx.rng, c.ask);
  if (mentions(question, c.answerText)) return null;
  if (JSON.stringify(readReasoning(question)) !== JSON.stringify(c.reading)) return null;
  return {
    kind: 'reasoning',
    question,
    answer: JSON.stringify([[c.value]]),
    answerText: c.answerText,
    answerType: c.answerType,
    columns: [],
    keyColumns: [],
    tolerance: c.tolerance,
    aliases: [],
    answerFactIds: c.factIds,
    hopFactIds: [],
    constraintFactIds: [],
    constraints: c.constraints,
    hops: c.hops,
    sql: c.sql,
    frame: frameId,
    signature: c.signature,
  };
}

/** Up to `want` reasoning drafts over the five operations, distinct by signature. */
export function drawReasoning(ctx: FamilyContext, want: number): TaskDraft[] {
  const numbers = new Set(ctx.fx.facts.filter((f) => f.objectType === 'integer' || f.objectType === 'real').map((f) => Number(f.object)));
  const out: TaskDraft[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; attempt < want * 30 && out.length < want; attempt++) {
    const d = drawOne(ctx, numbers, ctx.rng);
    if (d && !seen.has(d.signature)) {
      seen.add(d.signature);
      out.push(d);
    }
  }
  return out;
}
