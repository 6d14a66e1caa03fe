/**
 * Test fixture: hard tasks of the five issue-24 families drawn from a generated world's rows, each with
 * the Reading its question would be read back into. Until the family drawers are merged, the oracle is
 * tested on these: the expected answer is computed from the rows (never from pages), the reading is
 * what a family reader would return, and a stub reader in the test hands it to the oracle by question.
 * Conditions are evaluated here on the rows, by their own code, independently of the oracle's reading
 * of pages.
 */
import { MONTHS, formatDate, formatNumber, withCommas } from '../../src/format.js';
import { Rng } from '../../src/rng.js';
import type { Cell, ColumnDef, Row, TableDef } from '../../src/themes/_define.js';
import type { Condition, Described, Reading } from '../../src/tasks/families/reading.js';
import type { Fact, Task, TaskKind, WorldData } from '../../src/world/types.js';

export interface HardTask {
  task: Task;
  reading: Reading;
  /** Facts the answer rests on beyond the answer and hop facts (the conditions' facts). */
  evidence?: number[];
}

interface World {
  data: WorldData;
  tables: Map<string, TableDef>;
  byName: Map<string, TableDef>;
  cell: (table: string, id: number, col: string) => Fact | undefined;
  name: (table: string, id: number) => string;
}

function index(data: WorldData): World {
  const facts = new Map(data.facts.map((f) => [`${f.sourceTable}:${f.sourceRowid}:${f.sourceColumn}`, f]));
  const subjects = new Map(data.facts.map((f) => [`${f.sourceTable}:${f.sourceRowid}`, f.subject]));
  const tables = new Map(data.theme.tables.map((t) => [t.name, t]));
  return {
    data,
    tables,
    byName: new Map(data.theme.tables.map((t) => [t.entity, t])),
    cell: (table, id, col) => facts.get(`${table}:${id}:${col}`),
    name: (table, id) => {
      const t = tables.get(table)!;
      const row = data.rows[table]!.find((r) => r.id === id)!;
      return t.nameColumn ? String(row[t.nameColumn]) : subjects.get(`${table}:${id}`)!;
    },
  };
}

const valueCols = (t: TableDef) => t.columns.filter((c) => c.name !== t.nameColumn);
const isNum = (c: ColumnDef) => c.type === 'integer' || c.type === 'real';

/** A number as a question writes it: "$1,200", "12.5%", "45,000". */
function writtenNumber(n: number, c: ColumnDef): string {
  const d = c.type === 'real' ? (c.decimals ?? 0) : 0;
  const text = withCommas(Number(n.toFixed(d)), d);
  return c.unit === 'usd' ? `$${text}` : c.unit === 'percent' ? `${text}%` : text;
}

const month = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const monthEnd = (iso: string) => {
  const [y, m] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
  return `${iso.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** A condition on one row's own value, with its test on any row (by the rows, not the pages). */
interface Drawn {
  cond: Condition;
  test: (row: Row) => boolean;
  facts: (row: Row) => number[];
}

function ownCondition(w: World, t: TableDef, row: Row, c: ColumnDef, rng: Rng): Drawn | null {
  const v = row[c.name];
  if (v === null || v === undefined) return null;
  const fact = (r: Row) => {
    const f = w.cell(t.name, r.id, c.name);
    return f ? [f.id] : [];
  };
  if (isNum(c)) {
    const n = Number(v);
    const lo = n * rng.real(0.8, 0.97);
    const hi = n * rng.real(1.03, 1.2);
    const [loW, hiW] = [writtenNumber(lo, c), writtenNumber(hi, c)];
    const [loN, hiN] = [Number(loW.replace(/[$,%]/g, '')), Number(hiW.replace(/[$,%]/g, ''))];
    if (!(loN <= n && n <= hiN)) return null;
    const within = (r: Row) => r[c.name] !== null && Number(r[c.name]) >= loN && Number(r[c.name]) <= hiN;
    return { cond: { op: 'between', label: c.label, lo: loW, hi: hiW }, test: within, facts: fact };
  }
  if (c.type === 'date') {
    const iso = String(v);
    if (rng.chance(0.5)) {
      const y = iso.slice(0, 4);
      return { cond: { op: 'between', label: c.label, lo: y, hi: y }, test: (r) => String(r[c.name] ?? '').slice(0, 4) === y, facts: fact };
    }
    const from = `${iso.slice(0, 7)}-01`;
    return {
      cond: { op: 'above', label: c.label, value: month(`${Number(iso.slice(0, 4)) - 1}${iso.slice(4)}`) },
      test: (r) => r[c.name] !== null && String(r[c.name]) > monthEnd(`${Number(iso.slice(0, 4)) - 1}${from.slice(4)}`),
      facts: fact,
    };
  }
  if (c.type === 'text') return { cond: { op: 'is', label: c.label, value: String(v) }, test: (r) => r[c.name] === v, facts: fact };
  if (c.type === 'entity') {
    const target = w.tables.get(c.ref!)!;
    if (!target.nameColumn) return null;
    const parent = w.data.rows[target.name]!.find((r) => r.id === Number(v))!;
    const inner = valueCols(target).filter((x) => x.type !== 'entity' && parent[x.name] !== null);
    if (inner.length === 0) return null;
    const d = ownCondition(w, target, parent, rng.pick(inner), rng);
    if (!d) return null;
    const parents = (r: Row) => w.data.rows[target.name]!.find((p) => p.id === Number(r[c.name]));
    return {
      cond: { op: 'via', link: c.label, target: { kind: target.entity, conditions: [d.cond] } },
      test: (r) => {
        const p = parents(r);
        return p !== undefined && d.test(p);
      },
      facts: (r) => [...fact(r), ...(parents(r) ? d.facts(parents(r)!) : [])],
    };
  }
  return null;
}

function rankCondition(w: World, t: TableDef, row: Row, rng: Rng): Drawn | null {
  const rows = w.data.rows[t.name]!;
  const measures = valueCols(t).filter((c) => isNum(c) && c.measure && rows.every((r) => r[c.name] !== null));
  if (measures.length === 0) return null;
  const c = rng.pick(measures);
  const order = rng.chance(0.5) ? 'highest' : 'lowest';
  const sorted = [...rows].sort((a, b) => (order === 'highest' ? Number(b[c.name]) - Number(a[c.name]) : Number(a[c.name]) - Number(b[c.name])));
  const n = sorted.findIndex((r) => r.id === row.id) + 1;
  if (n > 3 || sorted.some((r, i) => i !== n - 1 && r[c.name] === row[c.name])) return null;
  return {
    cond: { op: 'rank', label: c.label, n, order },
    test: (r) => r.id === row.id,
    facts: (r) => rows.map((x) => w.cell(t.name, x.id, c.name)!.id).filter(() => r.id === row.id),
  };
}

/** Conditions on `row` that only it meets in its table, at least two; null when the draw fails. */
function describe(w: World, t: TableDef, row: Row, rng: Rng): { described: Described; facts: number[] } | null {
  const rows = w.data.rows[t.name]!;
  const pool: Drawn[] = [];
  for (const c of rng.shuffle(valueCols(t))) {
    const d = ownCondition(w, t, row, c, rng);
    if (d) pool.push(d);
  }
  const rank = rng.chance(0.3) ? rankCondition(w, t, row, rng) : null;
  if (rank) pool.unshift(rank);
  const chosen: Drawn[] = [];
  let left = rows;
  for (const d of pool) {
    const next = left.filter(d.test);
    if (next.length === left.length) continue;
    chosen.push(d);
    left = next;
    if (left.length === 1 && chosen.length >= 2) break;
  }
  if (left.length !== 1 || left[0]!.id !== row.id || chosen.length < 2) return null;
  return { described: { kind: t.entity, conditions: chosen.map((d) => d.cond) }, facts: chosen.flatMap((d) => d.facts(row)) };
}

function answerOf(c: ColumnDef | null, v: Cell, w: World): { answer: Cell; text: string; type: Task['answerType'] } {
  if (!c) return { answer: v, text: String(v), type: 'text' };
  if (c.type === 'entity') {
    const name = w.name(c.ref!, Number(v));
    return { answer: name, text: name, type: 'entity' };
  }
  if (c.type === 'date') return { answer: v, text: formatDate(String(v), 0), type: 'date' };
  if (isNum(c)) return { answer: v, text: formatNumber(Number(v), c.unit ?? 'plain', c.decimals ?? 0, 0), type: c.type };
  return { answer: v, text: String(v), type: 'text' };
}

let serial = 0;
function task(
  kind: TaskKind,
  question: string,
  a: { answer: Cell; text: string; type: Task['answerType'] },
  answerFactIds: number[],
  hopFactIds: number[] = [],
): Task {
  return {
    id: `h${String(++serial).padStart(3, '0')}`,
    kind,
    question,
    answer: JSON.stringify([[a.answer]]),
    answerText: a.text,
    answerType: a.type,
    columns: [],
    keyColumns: [],
    tolerance: a.type === 'real' ? 0.005 : 0,
    aliases: [],
    answerFactIds: [...new Set(answerFactIds)],
    hopFactIds,
    sql: 'SELECT 1',
    difficulty: 'hard',
  };
}

const named = (w: World) => w.data.theme.tables.filter((t) => t.nameColumn && (w.data.rows[t.name]?.length ?? 0) >= 4);

function constraint(w: World, rng: Rng): HardTask | null {
  const t = rng.pick(named(w));
  const row = rng.pick(w.data.rows[t.name]!);
  const d = describe(w, t, row, rng);
  if (!d) return null;
  // Another of the row's values to ask for, if it has one the description does not use.
  const others = valueCols(t).filter((c) => row[c.name] !== null && !d.described.conditions.some((x) => 'label' in x && x.label === c.label));
  const asks = rng.chance(0.5) && others.length > 0 ? rng.pick(others) : undefined;
  const name = w.name(t.name, row.id);
  const a = asks ? answerOf(asks, row[asks.name]!, w) : answerOf(null, name, w);
  const facts = asks ? [w.cell(t.name, row.id, asks.name)!.id] : d.facts;
  const question = `Which ${t.entity} meets ${JSON.stringify(d.described.conditions)}${asks ? `; its ${asks.label}?` : '?'}`;
  return {
    task: task('constraint', question, a, facts),
    reading: { family: 'constraint', target: d.described, ...(asks ? { asks: asks.label } : {}) },
    evidence: d.facts,
  };
}

function chain(w: World, rng: Rng): HardTask | null {
  const t = rng.pick(named(w));
  const fks = valueCols(t).filter((c) => c.type === 'entity' && w.tables.get(c.ref!)!.nameColumn);
  if (fks.length === 0) return null;
  const row = rng.pick(w.data.rows[t.name]!);
  const links: string[] = [];
  const hops: number[] = [];
  let at = { t, row };
  for (let i = 0; i < 2; i++) {
    const next = valueCols(at.t).filter((c) => c.type === 'entity' && w.tables.get(c.ref!)!.nameColumn && at.row[c.name] !== null);
    if (next.length === 0 || (i === 1 && rng.chance(0.5))) break;
    const c = rng.pick(next);
    hops.push(w.cell(at.t.name, at.row.id, c.name)!.id);
    links.push(c.label);
    const target = w.tables.get(c.ref!)!;
    at = { t: target, row: w.data.rows[target.name]!.find((r) => r.id === Number(at.row[c.name]))! };
  }
  if (links.length === 0) return null;
  const end = valueCols(at.t).filter((c) => c.type !== 'entity' && at.row[c.name] !== null);
  if (end.length === 0) return null;
  const asks = rng.pick(end);
  const d = rng.chance(0.5) ? describe(w, t, row, rng) : null;
  const start = d ? d.described : { name: w.name(t.name, row.id) };
  const question = `Chain from ${JSON.stringify(start)} via ${links.join(' > ')}: ${asks.label}?`;
  return {
    task: task('chain', question, answerOf(asks, at.row[asks.name]!, w), [w.cell(at.t.name, at.row.id, asks.name)!.id], hops),
    reading: { family: 'chain', start, links, asks: asks.label },
    evidence: d?.facts ?? [],
  };
}

function wide(w: World, rng: Rng): HardTask | null {
  const tables = named(w).filter((t) => w.data.rows[t.name]!.length >= 6);
  if (tables.length === 0) return null;
  const t = rng.pick(tables);
  const rows = w.data.rows[t.name]!;
  const nums = valueCols(t).filter((c) => isNum(c) && rows.every((r) => r[c.name] !== null));
  if (nums.length === 0) return null;
  const c = rng.pick(nums);
  const sorted = rows.map((r) => Number(r[c.name])).sort((a, b) => a - b);
  const threshold = sorted[Math.floor(sorted.length / 3)]!;
  const members = rows.filter((r) => Number(r[c.name]) > threshold);
  const cols = rng.sample(
    valueCols(t).filter((x) => members.every((r) => r[x.name] !== null)),
    3,
  );
  if (members.length < 3 || cols.length < 2) return null;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const columns = [cap(t.entity), ...cols.map((x) => cap(x.label))];
  const answer = members
    .map((r) => [w.name(t.name, r.id), ...cols.map((x) => (x.type === 'entity' ? w.name(x.ref!, Number(r[x.name])) : r[x.name]!))] as Cell[])
    .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
  const facts = members.flatMap((r) => cols.map((x) => w.cell(t.name, r.id, x.name)!.id));
  const base = task(
    'wide',
    `List every ${t.entity} with ${c.label} above ${writtenNumber(threshold, c)}: ${cols.map((x) => x.label).join(', ')}.`,
    { answer: null, text: '', type: 'table' },
    facts,
  );
  return {
    task: { ...base, answer: JSON.stringify(answer), answerText: '', answerType: 'table', columns, keyColumns: [columns[0]!] },
    reading: {
      family: 'wide',
      rows: { kind: t.entity, conditions: [{ op: 'above', label: c.label, value: writtenNumber(threshold, c) }] },
      columns: cols.map((x) => x.label),
    },
  };
}

function reasoning(w: World, rng: Rng): HardTask | null {
  const t = rng.pick(named(w));
  const rows = w.data.rows[t.name]!;
  const op = rng.pick(['difference', 'days_between', 'rank_among'] as const);
  const [a, b] = rng.sample(rows, 2) as [Row, Row];
  if (op === 'difference') {
    const cs = valueCols(t).filter((c) => isNum(c) && c.measure && a[c.name] !== null && b[c.name] !== null);
    if (cs.length === 0) return null;
    const c = rng.pick(cs);
    const d = Number(a[c.name]) - Number(b[c.name]);
    const value = c.type === 'real' ? Number(d.toFixed(c.decimals ?? 0)) : d;
    return {
      task: task('reasoning', `Difference in ${c.label}: ${w.name(t.name, a.id)} minus ${w.name(t.name, b.id)}?`, answerOf(c, value, w), [
        w.cell(t.name, a.id, c.name)!.id,
        w.cell(t.name, b.id, c.name)!.id,
      ]),
      reading: { family: 'reasoning', op: 'difference', label: c.label, a: { name: w.name(t.name, a.id) }, b: { name: w.name(t.name, b.id) } },
    };
  }
  if (op === 'days_between') {
    const cs = valueCols(t).filter((c) => c.type === 'date' && a[c.name] !== null && b[c.name] !== null);
    if (cs.length === 0) return null;
    const c = rng.pick(cs);
    const [x, y] = [String(a[c.name]), String(b[c.name])].sort() as [string, string];
    const days = Math.round((Date.parse(`${y}T00:00:00Z`) - Date.parse(`${x}T00:00:00Z`)) / 86_400_000);
    if (days < 10) return null;
    return {
      task: task(
        'reasoning',
        `Days between the ${c.label} of ${w.name(t.name, a.id)} and of ${w.name(t.name, b.id)}?`,
        { answer: days, text: String(days), type: 'integer' },
        [w.cell(t.name, a.id, c.name)!.id, w.cell(t.name, b.id, c.name)!.id],
      ),
      reading: {
        family: 'reasoning',
        op: 'days_between',
        a: { ref: { name: w.name(t.name, a.id) }, label: c.label },
        b: { ref: { name: w.name(t.name, b.id) }, label: c.label },
      },
    };
  }
  const cs = valueCols(t).filter((c) => isNum(c) && c.measure && rows.every((r) => r[c.name] !== null));
  if (cs.length === 0) return null;
  const c = rng.pick(cs);
  const order = rng.chance(0.5) ? 'highest' : 'lowest';
  const sorted = [...rows].sort((p, q) => (order === 'highest' ? Number(q[c.name]) - Number(p[c.name]) : Number(p[c.name]) - Number(q[c.name])));
  const rank = sorted.findIndex((r) => r.id === a.id) + 1;
  if (new Set(rows.map((r) => r[c.name])).size !== rows.length || rank < 2) return null;
  return {
    task: task(
      'reasoning',
      `Rank of ${w.name(t.name, a.id)} by ${c.label} (${order})?`,
      { answer: rank, text: String(rank), type: 'integer' },
      rows.map((r) => w.cell(t.name, r.id, c.name)!.id),
    ),
    reading: { family: 'reasoning', op: 'rank_among', label: c.label, order, of: { name: w.name(t.name, a.id) }, among: { kind: t.entity, conditions: [] } },
  };
}

function conflict(w: World, rng: Rng): HardTask | null {
  const noisy = new Set<number>();
  for (const d of w.data.documents)
    for (const p of d.passages) for (const c of p.claims ?? []) if (c.form === 'preliminary' || c.form === 'erroneous') noisy.add(c.factId);
  const facts = w.data.facts.filter((f) => noisy.has(f.id) && w.tables.get(f.sourceTable)!.nameColumn);
  if (facts.length === 0) return null;
  const f = rng.pick(facts);
  const t = w.tables.get(f.sourceTable)!;
  const c = t.columns.find((x) => x.name === f.sourceColumn)!;
  const row = w.data.rows[t.name]!.find((r) => r.id === f.sourceRowid)!;
  return {
    task: task('conflict', `Final ${c.label} of ${f.subject}?`, answerOf(c, row[c.name]!, w), [f.id]),
    reading: { family: 'conflict', of: { name: f.subject }, links: [], asks: c.label },
  };
}

const DRAWERS = { constraint, chain, wide, reasoning, conflict } as const;

/** Pages stating the evidence, fewest first found (a greedy set cover over the pages' provenance). */
function coverPages(data: WorldData, evidence: readonly number[]): string[] {
  const left = new Set(evidence);
  const pages = data.documents.map((d) => ({ url: d.url, facts: new Set(d.passages.flatMap((p) => p.factIds)) }));
  const out: string[] = [];
  while (left.size > 0) {
    let best: (typeof pages)[number] | undefined;
    let gain = 0;
    for (const p of pages) {
      let g = 0;
      for (const f of left) if (p.facts.has(f)) g++;
      if (g > gain) [best, gain] = [p, g];
    }
    if (!best) break;
    out.push(best.url);
    for (const f of best.facts) left.delete(f);
  }
  return out;
}

/** A certificate with the figures the oracle's budget reads (pages needed); the rest as a family would fill it. */
function certify(data: WorldData, t: HardTask, extra: readonly number[]): HardTask {
  const evidence = [...new Set([...t.task.answerFactIds, ...t.task.hopFactIds, ...extra])].sort((a, b) => a - b);
  const pages = coverPages(data, evidence);
  const rows = t.task.answerType === 'table' ? (JSON.parse(t.task.answer) as unknown[]).length : 1;
  return {
    ...t,
    task: {
      ...t.task,
      certificate: {
        evidenceFactIds: evidence,
        pages,
        pagesNeeded: pages.length,
        hops: t.task.hopFactIds.length,
        constraints: t.reading.family === 'constraint' ? t.reading.target.conditions.length : 0,
        width: rows * Math.max(1, t.task.columns.length),
        plan: [],
        uniqueness: null,
        checks: [],
      },
    },
  };
}

/** Up to `per` tasks of each family from one world (fewer when the world has no material for one). */
export function drawHardTasks(data: WorldData, per = 2): HardTask[] {
  const w = index(data);
  const rng = new Rng(`hard-tasks|${data.meta.world_id}`);
  const out: HardTask[] = [];
  for (const [family, draw] of Object.entries(DRAWERS)) {
    let got = 0;
    for (let tries = 0; tries < 40 && got < per; tries++) {
      const t = draw(w, rng.fork(`${family}:${tries}`));
      if (!t || out.some((o) => o.task.question === t.task.question)) continue;
      out.push(certify(data, t, t.evidence ?? []));
      got++;
    }
  }
  return out;
}
