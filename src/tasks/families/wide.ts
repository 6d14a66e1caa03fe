/**
 * The wide family (issue 24, WideSearch-like): every entity of one kind meeting 1–2 conditions on its own
 * attributes ("every clinical trial that started after 2030 whose patient enrolment is above 400"), 15–60
 * rows × 3–6 columns, answered as a Markdown table and scored with the table F1. Rows are scattered: a draw
 * is kept only when no single page states every member's condition facts, so membership is checked row
 * by row; the condition never takes the whole table.
 */
import { formatNumber } from '../../format.js';
import type { ColumnDef, Row, TableDef } from '../../themes/_define.js';
import type { Document } from '../../world/types.js';
import type { Condition, WideReading } from './reading.js';
import type { FamilyContext, TaskDraft } from './family.js';
import { type WideAsk, readWide, renderWide } from '../questions/wide.js';
import { type Attr, attrOf, cap, uniqueNoun } from '../questions/words.js';
import { cellText, sqlQuote } from './cells.js';

const MIN_ROWS = 15;
const MAX_ROWS = 60;

/** The facts each page states (union of its passages' facts), once per world. */
const pageFacts = new WeakMap<Document[], Set<number>[]>();
export function factsByPage(documents: Document[]): Set<number>[] {
  let sets = pageFacts.get(documents);
  if (!sets) {
    sets = documents.map((d) => new Set(d.passages.flatMap((p) => p.factIds)));
    pageFacts.set(documents, sets);
  }
  return sets;
}

/** The largest share of `groups` (each a row's fact ids) that one page states whole. */
export function largestPageShare(documents: Document[], groups: number[][]): number {
  let best = 0;
  for (const facts of factsByPage(documents)) {
    let n = 0;
    for (const g of groups) if (g.every((id) => facts.has(id))) n++;
    if (n > best) best = n;
  }
  return groups.length === 0 ? 0 : best / groups.length;
}

interface Atom {
  c: Condition;
  a: Attr;
  noun: string;
  test: (r: Row) => boolean;
  sql: string;
  key: string;
  /** The facts that show whether a row meets it. */
  facts: (r: Row) => number[];
}

/** A round number strictly between two values: the fewest significant digits that fit. */
function roundBetween(lo: number, hi: number, decimals: number): number | null {
  for (let digits = 1; digits <= 6; digits++) {
    const mid = (lo + hi) / 2;
    const scale = 10 ** (Math.floor(Math.log10(Math.abs(mid) || 1)) - digits + 1);
    const v = Math.round(mid / scale) * scale;
    const fixed = Number(v.toFixed(decimals));
    if (fixed > lo && fixed < hi) return fixed;
  }
  return null;
}

/** How a question writes a number of a column: "$500", "4,000 mAh", "12.50%". */
function writeNumber(col: ColumnDef, v: number): string {
  const body = formatNumber(v, col.unit ?? 'plain', col.decimals ?? 0);
  return (col.say?.amount ?? '{v}').replace('{v}', body);
}

function atomsOf(ctx: FamilyContext, t: TableDef, rows: Row[], depth = 0): Atom[] {
  const out: Atom[] = [];
  const push = (x: Omit<Atom, 'facts'>) => out.push({ ...x, facts: (r) => [ctx.fx.cell(t.name, r.id, x.a.column.name)!.id] });
  const n = rows.length;
  for (const col of t.columns) {
    if (col.name === t.nameColumn) continue;
    if (rows.some((r) => r[col.name] === null || r[col.name] === undefined)) continue;
    const a = attrOf(ctx.theme, t.name, col.name);
    const noun = a ? uniqueNoun(a, t.entity) : undefined;
    if (!a || !noun) continue;
    const values = rows.map((r) => r[col.name]!);
    if (col.type === 'integer' || col.type === 'real') {
      const sorted = [...new Set(values.map(Number))].sort((x, y) => x - y);
      if (sorted.length < n / 2) continue;
      for (const q of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
        const i = Math.floor(q * (sorted.length - 1));
        const thr = roundBetween(sorted[i]!, sorted[i + 1]!, col.decimals ?? 0);
        if (thr === null) continue;
        const w = writeNumber(col, thr);
        push({
          c: { op: 'above', label: col.label, value: w },
          a,
          noun,
          test: (r) => Number(r[col.name]) > thr,
          sql: `t.${col.name} > ${thr}`,
          key: `${col.name}>${thr}`,
        });
        push({
          c: { op: 'below', label: col.label, value: w },
          a,
          noun,
          test: (r) => Number(r[col.name]) < thr,
          sql: `t.${col.name} < ${thr}`,
          key: `${col.name}<${thr}`,
        });
      }
    } else if (col.type === 'date') {
      const years = [...new Set(values.map((v) => Number(String(v).slice(0, 4))))].sort();
      for (const y of years) {
        const lo = `${y}-01-01`;
        const hi = `${y}-12-31`;
        push({
          c: { op: 'between', label: col.label, lo: String(y), hi: String(y) },
          a,
          noun,
          test: (r) => String(r[col.name]) >= lo && String(r[col.name]) <= hi,
          sql: `t.${col.name} BETWEEN '${lo}' AND '${hi}'`,
          key: `${col.name}@${y}`,
        });
        push({
          c: { op: 'above', label: col.label, value: String(y) },
          a,
          noun,
          test: (r) => String(r[col.name]) > hi,
          sql: `t.${col.name} > '${hi}'`,
          key: `${col.name}>${y}`,
        });
        push({
          c: { op: 'below', label: col.label, value: String(y) },
          a,
          noun,
          test: (r) => String(r[col.name]) < lo,
          sql: `t.${col.name} < '${lo}'`,
          key: `${col.name}<${y}`,
        });
      }
    } else if (col.type === 'text') {
      const distinct = [...new Set(values.map(String))];
      if (distinct.length < 2 || distinct.length > 8) continue;
      for (const v of distinct)
        push({
          c: { op: 'is', label: col.label, value: v },
          a,
          noun,
          test: (r) => r[col.name] === v,
          sql: `t.${col.name} = ${sqlQuote(v)}`,
          key: `${col.name}=${v}`,
        });
    } else if (col.type === 'entity') {
      const ref = ctx.fx.table(col.ref!);
      if (!ref.nameColumn) continue;
      for (const id of [...new Set(values.map(Number))]) {
        const name = ctx.fx.name(ref.name, id);
        push({
          c: { op: 'is', label: col.label, value: name },
          a,
          noun,
          test: (r) => Number(r[col.name]) === id,
          sql: `t.${col.name} = (SELECT id FROM ${ref.name} WHERE ${ref.nameColumn} = ${sqlQuote(name)})`,
          key: `${col.name}=#${id}`,
        });
      }
      // Through the link: "whose maker's headcount is above 5,000" — the parent's fact, one row at a time.
      if (depth > 0) continue;
      const parents = new Map((ctx.rows[ref.name] ?? []).map((p) => [p.id, p]));
      for (const pa of atomsOf(ctx, ref, [...parents.values()], depth + 1)) {
        if (pa.c.op === 'is' && pa.a.column.type === 'entity') continue;
        const parentOf = (r: Row) => parents.get(Number(r[col.name]))!;
        out.push({
          c: { op: 'via', link: col.label, target: { kind: ref.entity, conditions: [pa.c] } },
          a,
          noun,
          test: (r) => pa.test(parentOf(r)),
          sql: `t.${col.name} IN (SELECT t.id FROM ${ref.name} t WHERE ${pa.sql})`,
          key: `${col.name}->${pa.key}`,
          facts: (r) => [ctx.fx.cell(t.name, r.id, col.name)!.id, ...pa.facts(parentOf(r))],
        });
      }
    }
  }
  return out;
}

/** Key columns of a table's rows: its name, or for a table without one its links and period, then text columns until the key is unique. */
function keyColumnsOf(ctx: FamilyContext, t: TableDef, rows: Row[]): ColumnDef[] | null {
  if (t.nameColumn) return [t.columns.find((c) => c.name === t.nameColumn)!];
  const periods = new Set(t.columns.flatMap((c) => (c.time && typeof c.time === 'object' ? [c.time.periodColumn] : [])));
  const keys = t.columns.filter((c) => c.type === 'entity' || periods.has(c.name));
  const unique = () => new Set(rows.map((r) => keys.map((k) => cellText(ctx.fx, k, r[k.name] ?? null)).join('\u0000'))).size === rows.length;
  for (const c of t.columns.filter((c) => c.type === 'text' && !keys.includes(c))) {
    if (unique()) break;
    keys.push(c);
  }
  return keys.length > 0 && unique() ? keys : null;
}

/** A table's key columns, its atoms and which rows each atom keeps: the same for every draw from a context. */
interface Prepared {
  rows: Row[];
  keys: ColumnDef[] | null;
  atoms: Atom[];
  keeps: Map<Atom, Uint8Array>;
}
const preparedOf = new WeakMap<FamilyContext, Map<string, Prepared>>();

function prepared(ctx: FamilyContext, t: TableDef, rows: Row[]): Prepared {
  let byTable = preparedOf.get(ctx);
  if (!byTable) preparedOf.set(ctx, (byTable = new Map()));
  const hit = byTable.get(t.name);
  if (hit && hit.rows === rows) return hit;
  const keys = keyColumnsOf(ctx, t, rows);
  const atoms = keys ? atomsOf(ctx, t, rows) : [];
  const p = { rows, keys, atoms, keeps: new Map(atoms.map((x) => [x, Uint8Array.from(rows, (r) => (x.test(r) ? 1 : 0))])) };
  byTable.set(t.name, p);
  return p;
}

function drawOne(ctx: FamilyContext): TaskDraft | null {
  const { rng, fx, theme } = ctx;
  const tables = theme.tables.filter((t) => (ctx.rows[t.name]?.length ?? 0) >= MIN_ROWS + 3);
  if (tables.length === 0) return null;
  const t = rng.pick(tables);
  const rows = ctx.rows[t.name]!;
  const { keys, atoms, keeps } = prepared(ctx, t, rows);
  if (!keys) return null;
  // Ordered as SQL orders the key cells: names, then raw values (ISO dates).
  const keyOf = (r: Row) => keys.map((k) => (k.type === 'entity' ? fx.name(k.ref!, Number(r[k.name])) : String(r[k.name]))).join('\u0000');
  // One or two conditions on different columns; the members are 15–60 rows and never the whole table
  // (at least 3 rows fail), and each condition excludes rows the other keeps (none is idle).
  const most = Math.min(MAX_ROWS, rows.length - 3);
  const kept = (xs: Atom[]) => xs.map((x) => keeps.get(x)!);
  const count = (xs: Atom[]) => {
    const ks = kept(xs);
    let n = 0;
    for (let i = 0; i < rows.length; i++) if (ks.every((k) => k[i] === 1)) n++;
    return n;
  };
  const firsts = atoms.filter((x) => {
    const n = count([x]);
    return n >= MIN_ROWS && n < rows.length;
  });
  if (firsts.length === 0) return null;
  const first = rng.pick(firsts);
  const n1 = count([first]);
  const seconds = atoms.filter((x) => {
    if (x.a.column === first.a.column) return false;
    const n = count([first, x]);
    return n >= MIN_ROWS && n <= most && n < n1 && n < count([x]);
  });
  const chosen = seconds.length > 0 && (n1 > most || rng.chance(0.7)) ? [first, rng.pick(seconds)] : [first];
  const chosenKeeps = kept(chosen);
  const members = rows.filter((_, i) => chosenKeeps.every((k) => k[i] === 1));
  if (members.length < MIN_ROWS || members.length > most) return null;
  // Scattered rows: no page states every member's condition facts.
  const condFacts = members.map((r) => [...new Set(chosen.flatMap((x) => x.facts(r)))]);
  const share = largestPageShare(ctx.documents, condFacts);
  if (share >= 1) return null;

  const condCols = new Set(chosen.map((x) => x.a.column.name));
  const pool = t.columns.filter((c) => c.name !== t.nameColumn && !keys.includes(c) && !condCols.has(c.name) && members.every((r) => r[c.name] != null));
  const extra = rng.sample(pool, rng.int(t.nameColumn ? 2 : 1, t.nameColumn ? 4 : 3));
  const asked = [...(t.nameColumn ? [] : keys), ...extra];
  const attrs = asked.map((c) => {
    const a = attrOf(theme, t.name, c.name);
    const noun = a ? uniqueNoun(a, t.entity) : undefined;
    return a && noun ? { a, noun } : null;
  });
  if (attrs.some((x) => x === null) || attrs.length < 2) return null;
  const words = attrs as { a: Attr; noun: string }[];
  const columns = [...(t.nameColumn ? [cap(t.entity)] : []), ...words.map((x) => cap(x.noun))];
  if (columns.length < 3 || columns.length > 6) return null;
  const keyColumns = t.nameColumn ? [columns[0]!] : columns.slice(0, keys.length);

  const ask: WideAsk = { table: t, conditions: chosen.map(({ c, a, noun }) => ({ c, a, noun })), attrs: words, columns };
  const { question, frameId } = renderWide(rng, ask);
  const reading: WideReading = { family: 'wide', rows: { kind: t.entity, conditions: chosen.map((x) => x.c) }, columns: words.map((x) => x.a.label) };
  if (JSON.stringify(readWide(question)) !== JSON.stringify(reading)) return null;

  const cols = [...(t.nameColumn ? keys : []), ...asked];
  const sorted = members.slice().sort((x, y) => (keyOf(x) < keyOf(y) ? -1 : keyOf(x) > keyOf(y) ? 1 : 0));
  const answer = sorted.map((r) => cols.map((c) => (c.type === 'entity' ? fx.name(c.ref!, Number(r[c.name])) : r[c.name]!)));
  const answerText = [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...sorted.map((r) => `| ${cols.map((c) => cellText(fx, c, r[c.name]!)).join(' | ')} |`),
  ].join('\n');
  const select = cols.map((c) => (c.type === 'entity' ? `(SELECT x.${fx.table(c.ref!).nameColumn} FROM ${c.ref} x WHERE x.id = t.${c.name})` : `t.${c.name}`));
  const order = keys.map((k) => (k.type === 'entity' ? `(SELECT x.${fx.table(k.ref!).nameColumn} FROM ${k.ref} x WHERE x.id = t.${k.name})` : `t.${k.name}`));
  return {
    kind: 'wide',
    question,
    answer: JSON.stringify(answer),
    answerText,
    answerType: 'table',
    columns,
    keyColumns,
    tolerance: 0,
    aliases: [],
    answerFactIds: sorted.flatMap((r) => asked.flatMap((c) => fx.cell(t.name, r.id, c.name)?.id ?? [])),
    hopFactIds: [],
    constraintFactIds: [...new Set(condFacts.flat())],
    rowFactIds: sorted.map((r) => condFacts[members.indexOf(r)]!),
    constraints: chosen.length,
    hops: chosen.some((x) => x.a.column.type === 'entity') ? 1 : 0,
    sql: `SELECT ${select.join(', ')} FROM ${t.name} t WHERE ${chosen.map((x) => x.sql).join(' AND ')} ORDER BY ${order.join(', ')}`,
    frame: frameId,
    signature: `wide:${t.name}:${chosen
      .map((x) => x.key)
      .sort()
      .join('&')}`,
  };
}

/** Up to `want` wide drafts, distinct by signature. */
export function drawWide(ctx: FamilyContext, want: number): TaskDraft[] {
  const out: TaskDraft[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; attempt < want * 40 && out.length < want; attempt++) {
    const d = drawOne(ctx);
    if (d && !seen.has(d.signature)) {
      seen.add(d.signature);
      out.push(d);
    }
  }
  return out;
}
