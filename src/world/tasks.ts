/**
 * Tasks derived from the database, never hand-written. Each task carries the SQL that reproduces its
 * answer, the facts that state the answer, and the bridge facts of its hops.
 */
import { formatDate, formatNumber, withCommas } from '../format.js';
import { mentions } from '../text.js';
import { withoutSuffix } from '../text/short-names.js';
import type { Rng } from '../rng.js';
import type { ColumnDef, Row, Rows, TableDef, ThemeDef } from '../themes/_define.js';
import { type EasyReading, readEasy, renderChain, renderExtreme, renderTable, renderTotal } from '../tasks/questions/easy.js';
import { attrOf } from '../tasks/questions/words.js';
import type { FactIndex } from './facts.js';
import type { Fact, Task, TaskKind } from './types.js';

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Accepted alternative forms of an entity name: without a corporate suffix, when unambiguous (no other
 * name is that short form, nor shares it: "Corvane" names neither "Corvane Mobile" nor "Corvane Labs").
 */
export function nameAliases(name: string, allNames: Set<string>): string[] {
  const short = withoutSuffix(name);
  if (!short) return [];
  const key = short.toLowerCase();
  const self = name.toLowerCase();
  const shared = [...allNames].some((n) => n !== self && n.startsWith(`${key} `) && !n.slice(key.length + 1).includes(' '));
  return allNames.has(key) || shared ? [] : [short];
}

function answerTextOf(value: string | number, col: ColumnDef): string {
  if (col.type === 'date') return formatDate(String(value), 0);
  if (col.type === 'integer' || col.type === 'real') return formatNumber(Number(value), col.unit ?? 'plain', col.decimals ?? 0, 0);
  return String(value);
}

/** A value worth asking for: no tiny counts or ranks, at least 3 significant digits for numbers. */
export function askable(col: ColumnDef, v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (col.type === 'integer') return Math.abs(Number(v)) >= 100;
  if (col.type === 'real') return Math.abs(Number(v)) * 10 ** (col.decimals ?? 0) >= 100;
  return true;
}

/** A text column with fewer distinct values than this in a world (an ideology, a genre) answers no question. */
export const FEW_VALUES = 8;

/** Whether a column's answers would be guessed as often as asked: a text column of few distinct values. */
export function fewValues(col: ColumnDef, tableRows: readonly Row[]): boolean {
  return col.type === 'text' && new Set(tableRows.map((r) => r[col.name]).filter((v) => v != null)).size < FEW_VALUES;
}

/** An easy-tier task before certification: no difficulty yet (the certificate derives it). */
export type EasyTask = Omit<Task, 'difficulty' | 'certificate'>;

export function deriveTasks(theme: ThemeDef, rows: Rows, fx: FactIndex, rng: Rng): EasyTask[] {
  const tasks: EasyTask[] = [];
  const allNames = new Set(fx.facts.map((f) => f.subject.toLowerCase()));
  const named = theme.tables.filter((t) => t.nameColumn && (rows[t.name]?.length ?? 0) > 0);
  const nameCol = (t: TableDef) => t.nameColumn!;
  const selectValue = (_t: TableDef, col: ColumnDef, alias: string) =>
    col.type === 'entity' ? `(SELECT r.${nameCol(fx.table(col.ref!))} FROM ${col.ref} r WHERE r.id = ${alias}.${col.name})` : `${alias}.${col.name}`;

  const attr = (t: TableDef, c: ColumnDef) => attrOf(theme, t.name, c.name);
  /** Whether the question reads back into what was meant (the oracle reads it with readEasy). */
  const readsBack = (kind: TaskKind, question: string, columns: string[], ok: (r: EasyReading) => boolean) => {
    const r = readEasy(kind, question, columns);
    return r !== null && ok(r);
  };
  const chainOk = (subject: string, links: string[], label: string) => (r: EasyReading) =>
    r.kind === 'chain' && r.readings.some((c) => c.subject === subject && c.label === label && c.links.join('|') === links.join('|'));
  const factObjects = new Set(fx.facts.filter((f) => f.objectType === 'integer' || f.objectType === 'real').map((f) => Number(f.object)));

  const used = new Set<string>();
  /** Add a task unless it repeats a (kind, table, column) already asked, or its question gives the answer away. */
  const push = (t: Omit<EasyTask, 'id' | 'tolerance' | 'columns' | 'keyColumns' | 'aliases'> & Partial<EasyTask>, signature: string): boolean => {
    if (used.has(signature)) return false;
    const answerStrings = JSON.parse(t.answer).flat().map(String) as string[];
    // A comparison names its candidates by design; every other question must not contain its answer.
    const namesCandidates = (t.kind === 'comparison' || t.kind === 'temporal') && t.answerType === 'entity';
    if (!namesCandidates && answerStrings.some((a) => mentions(t.question, a))) return false;
    if (tasks.some((x) => x.question === t.question)) return false;
    const aliases = t.answerType === 'entity' ? nameAliases(String(JSON.parse(t.answer)[0][0]), allNames) : [];
    if (!namesCandidates && aliases.some((a) => mentions(t.question, a))) return false;
    used.add(signature);
    tasks.push({
      columns: [],
      keyColumns: [],
      tolerance: t.answerType === 'real' ? 0.005 : 0,
      aliases,
      ...t,
      id: `t${String(tasks.length + 1).padStart(2, '0')}`,
    });
    return true;
  };

  // lookup: one attribute of one named entity.
  const lookups = () => {
    const t = rng.pick(named);
    const row = rng.pick(rows[t.name]!);
    // A row with nothing askable (its optional attributes all absent in this world) gives no lookup.
    const cols = t.columns.filter((c) => c.name !== t.nameColumn && askable(c, row[c.name]) && !fewValues(c, rows[t.name]!));
    if (cols.length === 0) return false;
    const col = rng.pick(cols);
    const fact = fx.cell(t.name, row.id, col.name)!;
    const value = col.type === 'entity' ? fact.object : row[col.name]!;
    const a = attr(t, col);
    if (!a) return false;
    const { question } = renderChain(rng, a, [], fact.subject);
    if (!readsBack('lookup', question, [], chainOk(fact.subject, [], col.label))) return false;
    return push(
      {
        kind: 'lookup',
        question,
        answer: JSON.stringify([[value]]),
        answerText: answerTextOf(value, col),
        answerType: col.type,
        answerFactIds: [fact.id],
        hopFactIds: [],
        sql: `SELECT ${selectValue(t, col, 't')} FROM ${t.name} t WHERE t.${nameCol(t)} = ${q(fact.subject)}`,
      },
      `lookup:${t.name}:${col.name}`,
    );
  };

  // multi_hop: follow 1–2 foreign keys between named tables, then read an attribute.
  const multiHop = () => {
    const t = rng.pick(named);
    const fks = t.columns.filter((c) => c.type === 'entity' && fx.table(c.ref!).nameColumn);
    if (fks.length === 0) return false;
    const row = rng.pick(rows[t.name]!);
    const fk1 = rng.pick(fks);
    const b = fx.table(fk1.ref!);
    const bRow = rows[b.name]!.find((r) => r.id === Number(row[fk1.name]))!;
    const hop1 = fx.cell(t.name, row.id, fk1.name)!;
    const fk2s = b.columns.filter((c) => c.type === 'entity' && fx.table(c.ref!).nameColumn);
    const threeHop = fk2s.length > 0 && rng.chance(0.4);
    let target = b,
      targetRow = bRow,
      hops: Fact[] = [hop1],
      links = [fk1];
    let from = `${t.name} a JOIN ${b.name} b ON b.id = a.${fk1.name}`,
      alias = 'b';
    if (threeHop) {
      const fk2 = rng.pick(fk2s);
      target = fx.table(fk2.ref!);
      targetRow = rows[target.name]!.find((r) => r.id === Number(bRow[fk2.name]))!;
      hops = [hop1, fx.cell(b.name, bRow.id, fk2.name)!];
      links = [fk1, fk2];
      from += ` JOIN ${target.name} c ON c.id = b.${fk2.name}`;
      alias = 'c';
    }
    const cols = target.columns.filter(
      (c) => c.name !== target.nameColumn && c.type !== 'entity' && askable(c, targetRow[c.name]) && !fewValues(c, rows[target.name]!),
    );
    if (cols.length === 0) return false;
    const col = rng.pick(cols);
    const fact = fx.cell(target.name, targetRow.id, col.name)!;
    const value = targetRow[col.name]!;
    const a = attr(target, col);
    const linkAttrs = links.map((l, i) => attr(i === 0 ? t : b, l));
    if (!a || linkAttrs.some((l) => !l)) return false;
    const start = fx.name(t.name, row.id);
    const { question } = renderChain(rng, a, linkAttrs as NonNullable<(typeof linkAttrs)[number]>[], start);
    if (
      !readsBack(
        'multi_hop',
        question,
        [],
        chainOk(
          start,
          links.map((l) => l.label),
          col.label,
        ),
      )
    )
      return false;
    return push(
      {
        kind: 'multi_hop',
        question,
        answer: JSON.stringify([[value]]),
        answerText: answerTextOf(value, col),
        answerType: col.type,
        answerFactIds: [fact.id],
        hopFactIds: hops.map((h) => h.id),
        sql: `SELECT ${alias}.${col.name} FROM ${from} WHERE a.${nameCol(t)} = ${q(fx.name(t.name, row.id))}`,
      },
      `multi_hop:${target.name}:${col.name}:${hops.length}`,
    );
  };

  // comparison / temporal: which of 4–6 named rows has the highest/lowest measure or earliest/latest date.
  const extreme = (kind: 'comparison' | 'temporal') => {
    const t = rng.pick(named);
    const cols = t.columns.filter((c) => (kind === 'temporal' ? c.type === 'date' : c.measure));
    if (cols.length === 0) return false;
    const col = rng.pick(cols);
    const pool = rows[t.name]!.filter((r) => r[col.name] != null);
    // The candidates are never the whole table: at least two rows of the table stay out of the list.
    const cands = rng.sample(pool, Math.min(rng.int(4, 6), rows[t.name]!.length - 2));
    if (cands.length < 4 || new Set(cands.map((r) => r[col.name])).size < cands.length) return false;
    const a = attr(t, col);
    if (!a) return false;
    const high = rng.chance(0.5);
    const cmp = (x: Row, y: Row) => (col.type === 'date' ? (String(x[col.name]) < String(y[col.name]) ? -1 : 1) : Number(x[col.name]) - Number(y[col.name]));
    const best = cands.slice().sort((x, y) => cmp(x, y) * (high ? -1 : 1))[0]!;
    const word = kind === 'temporal' ? (high ? 'latest' : 'earliest') : high ? 'highest' : 'lowest';
    const names = cands.map((r) => fx.name(t.name, r.id));
    const ask = (which: 'which' | 'value') => {
      const r = renderExtreme(rng, a, word, names, which);
      const ok = (x: EasyReading) =>
        x.kind === 'extreme' && x.ask === which && x.extreme === word && x.label === col.label && x.candidates.join('|') === names.join('|');
      return r && readsBack(kind, r.question, [], ok) ? r.question : null;
    };
    const answerFactIds = cands.map((r) => fx.cell(t.name, r.id, col.name)!.id);
    const where = `WHERE ${nameCol(t)} IN (${names.map(q).join(', ')})`;
    // Half ask which candidate, half ask for the extreme value itself (not guessable from the question).
    if (rng.chance(0.5)) {
      const value = best[col.name]!;
      const question = ask('value');
      if (!question) return false;
      return push(
        {
          kind,
          question,
          answer: JSON.stringify([[value]]),
          answerText: answerTextOf(value, col),
          answerType: col.type,
          answerFactIds,
          hopFactIds: [],
          sql: `SELECT ${high ? 'MAX' : 'MIN'}(${col.name}) FROM ${t.name} ${where}`,
        },
        `${kind}:${t.name}:${col.name}`,
      );
    }
    const answer = fx.name(t.name, best.id);
    const question = ask('which');
    if (!question) return false;
    return push(
      {
        kind,
        question,
        answer: JSON.stringify([[answer]]),
        answerText: answer,
        answerType: 'entity',
        answerFactIds,
        hopFactIds: [],
        sql: `SELECT ${nameCol(t)} FROM ${t.name} ${where} ORDER BY ${col.name} ${high ? 'DESC' : 'ASC'} LIMIT 1`,
      },
      `${kind}:${t.name}:${col.name}`,
    );
  };

  // aggregation: the total of an integer measure over the rows that refer to one named entity.
  const aggregation = () => {
    const options = theme.tables.flatMap((ct) =>
      ct.columns
        .filter((c) => c.type === 'entity' && fx.table(c.ref!).nameColumn)
        .flatMap((fk) => ct.columns.filter((m) => m.measure && m.type === 'integer').map((m) => ({ ct, fk, m }))),
    );
    if (options.length === 0) return false;
    const { ct, fk, m } = rng.pick(options);
    const parent = fx.table(fk.ref!);
    const prow = rng.pick(rows[parent.name]!);
    const kids = rows[ct.name]!.filter((r) => Number(r[fk.name]) === prow.id && r[m.name] != null);
    if (kids.length < 2) return false;
    const total = kids.reduce((s, r) => s + Number(r[m.name]), 0);
    // A total printed outright as another fact (a year's sales = the sum of its quarters) is no question.
    if (factObjects.has(total)) return false;
    const pname = fx.name(parent.name, prow.id);
    const ma = attr(ct, m);
    const fa = attr(ct, fk);
    const r = ma && fa ? renderTotal(rng, ma, fa, pname) : null;
    const ok = (x: EasyReading) => x.kind === 'total' && x.label === m.label && x.link === fk.label && x.parent === pname && x.plural === ct.plural;
    if (!r || !readsBack('aggregation', r.question, [], ok)) return false;
    return push(
      {
        kind: 'aggregation',
        question: r.question,
        answer: JSON.stringify([[total]]),
        answerText: withCommas(total),
        answerType: 'integer',
        answerFactIds: kids.map((r) => fx.cell(ct.name, r.id, m.name)!.id),
        hopFactIds: kids.map((r) => fx.cell(ct.name, r.id, fk.name)!.id),
        sql: `SELECT SUM(k.${m.name}) FROM ${ct.name} k JOIN ${parent.name} p ON p.id = k.${fk.name} WHERE p.${nameCol(parent)} = ${q(pname)}`,
      },
      `aggregation:${ct.name}:${m.name}:${prow.id}`,
    );
  };

  // wide_table: every named row of a table (or of one parent) with 1–4 attributes.
  const wideTable = () => {
    const t = rng.pick(named);
    const fks = t.columns.filter((c) => c.type === 'entity');
    let members = rows[t.name]!;
    let scope = '';
    let scoped: { fk: ColumnDef; parent: string } | null = null;
    let where = '';
    let hopIds: number[] = [];
    if (members.length > 30 || (fks.length > 0 && rng.chance(0.5))) {
      if (fks.length === 0) return false;
      const fk = rng.pick(fks);
      const parent = fx.table(fk.ref!);
      const prow = rng.pick(rows[parent.name]!);
      members = members.filter((r) => Number(r[fk.name]) === prow.id);
      const pname = fx.name(parent.name, prow.id);
      scope = ` whose ${fk.label} is ${pname}`;
      scoped = { fk, parent: pname };
      where = ` WHERE t.${fk.name} = (SELECT id FROM ${parent.name} WHERE ${nameCol(parent)} = ${q(pname)})`;
      hopIds = members.map((r) => fx.cell(t.name, r.id, fk.name)!.id);
    }
    if (members.length < 5 || members.length > 30) return false;
    const attrs = rng.sample(
      t.columns.filter((c) => c.name !== t.nameColumn && c.type !== 'entity' && members.every((r) => r[c.name] != null)),
      rng.int(1, 4),
    );
    if (attrs.length === 0) return false;
    const sorted = members.slice().sort((a, b) => (String(a[t.nameColumn!]) < String(b[t.nameColumn!]) ? -1 : 1));
    const attrWords = attrs.map((c) => attr(t, c));
    const scopeAttr = scoped ? attr(t, scoped.fk) : undefined;
    if (attrWords.some((x) => !x) || (scoped && !scopeAttr)) return false;
    const r = renderTable(
      rng,
      t,
      attrWords as NonNullable<(typeof attrWords)[number]>[],
      scoped && scopeAttr ? { fk: scopeAttr, parent: scoped.parent } : null,
    );
    if (!r) return false;
    const columns = r.columns;
    const ok = (x: EasyReading) =>
      x.kind === 'table' &&
      x.entity === t.entity &&
      x.labels.join('|') === attrs.map((c) => c.label).join('|') &&
      (scoped ? x.scope?.link === scoped.fk.label && x.scope.parent === scoped.parent : x.scope === null);
    if (!readsBack('wide_table', r.question, columns, ok)) return false;
    const answer = sorted.map((r) => [r[t.nameColumn!], ...attrs.map((c) => r[c.name])]);
    const answerText = [
      `| ${columns.join(' | ')} |`,
      `| ${columns.map(() => '---').join(' | ')} |`,
      ...sorted.map((r) => `| ${[String(r[t.nameColumn!]), ...attrs.map((c) => answerTextOf(r[c.name]!, c))].join(' | ')} |`),
    ].join('\n');
    return push(
      {
        kind: 'wide_table',
        question: r.question,
        answer: JSON.stringify(answer),
        answerText,
        answerType: 'table',
        columns,
        keyColumns: [columns[0]!],
        answerFactIds: sorted.flatMap((r) => attrs.map((c) => fx.cell(t.name, r.id, c.name)!.id)),
        hopFactIds: hopIds,
        sql: `SELECT t.${nameCol(t)}, ${attrs.map((c) => `t.${c.name}`).join(', ')} FROM ${t.name} t${where} ORDER BY t.${nameCol(t)}`,
      },
      `wide_table:${t.name}:${scope}`,
    );
  };

  const plan: [TaskKind, () => boolean, number][] = [
    ['lookup', lookups, 4],
    ['multi_hop', multiHop, 3],
    ['comparison', () => extreme('comparison'), 3],
    ['aggregation', aggregation, 2],
    ['temporal', () => extreme('temporal'), 2],
    ['wide_table', wideTable, 2],
  ];
  for (const [, make, want] of plan) {
    let made = 0;
    for (let attempt = 0; attempt < want * 15 && made < want; attempt++) if (make()) made++;
  }
  // Top up with lookups and multi-hops so every world has at least 16 tasks.
  for (let attempt = 0; attempt < 100 && tasks.length < 16; attempt++) (rng.chance(0.5) ? lookups : multiHop)();
  return tasks;
}

export type { Row };
