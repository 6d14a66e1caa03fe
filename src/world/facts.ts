/** Facts derived from the relational core: one per non-key, non-null cell. */
import { canonical } from '../format.js';
import type { ColumnDef, Row, Rows, TableDef, ThemeDef } from '../themes/_define.js';
import type { Fact, FactFormat } from './types.js';

export type NameOf = (table: string, id: number) => string;

export interface FactIndex {
  facts: Fact[];
  /** Display name of any row. */
  name: NameOf;
  /** The fact stated by one cell, if any. */
  cell(table: string, rowid: number, column: string): Fact | undefined;
  /** All facts of one row, in column order. */
  ofRow(table: string, rowid: number): Fact[];
  format(fact: Fact): FactFormat;
  column(table: string, column: string): ColumnDef;
  table(name: string): TableDef;
}

export function predicateOf(col: ColumnDef): string {
  return col.predicate ?? col.name.replace(/_id$/, '');
}

/** Display names of every row: the name column, or the table's composite subject. */
export function buildNames(theme: ThemeDef, rows: Rows): NameOf {
  const byTable = new Map<string, Map<number, Row>>();
  for (const t of theme.tables) byTable.set(t.name, new Map((rows[t.name] ?? []).map((r) => [r.id, r])));
  const cache = new Map<string, string>();
  const name: NameOf = (table, id) => {
    const key = `${table}:${id}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const def = theme.tables.find((t) => t.name === table);
    const row = byTable.get(table)?.get(id);
    if (!def || !row) throw new Error(`no row ${table}#${id}`);
    const value = def.nameColumn ? String(row[def.nameColumn]) : def.subject ? def.subject(row, rows, name) : `${def.entity} ${id}`;
    cache.set(key, value);
    return value;
  };
  return name;
}

export function deriveFacts(theme: ThemeDef, rows: Rows): FactIndex {
  const name = buildNames(theme, rows);
  const facts: Fact[] = [];
  const byCell = new Map<string, Fact>();
  const byRow = new Map<string, Fact[]>();
  const formats = new Map<Fact, FactFormat>();
  const columns = new Map<string, ColumnDef>();
  const tables = new Map<string, TableDef>();
  for (const t of theme.tables) {
    tables.set(t.name, t);
    for (const c of t.columns) columns.set(`${t.name}.${c.name}`, c);
    for (const row of rows[t.name] ?? []) {
      const subject = name(t.name, row.id);
      const list: Fact[] = [];
      for (const col of t.columns) {
        if (col.name === t.nameColumn) continue;
        const v = row[col.name];
        if (v === null || v === undefined) continue;
        const object = col.type === 'entity' ? name(col.ref!, Number(v)) : canonical(v, col.type, col.decimals ?? 0);
        const fact: Fact = {
          id: facts.length + 1,
          subject,
          predicate: predicateOf(col),
          object,
          objectType: col.type,
          sourceTable: t.name,
          sourceRowid: row.id,
          sourceColumn: col.name,
        };
        facts.push(fact);
        list.push(fact);
        byCell.set(`${t.name}:${row.id}:${col.name}`, fact);
        formats.set(fact, { label: col.label, unit: col.unit ?? 'plain', decimals: col.decimals ?? 0 });
      }
      byRow.set(`${t.name}:${row.id}`, list);
    }
  }
  return {
    facts,
    name,
    cell: (table, rowid, column) => byCell.get(`${table}:${rowid}:${column}`),
    ofRow: (table, rowid) => byRow.get(`${table}:${rowid}`) ?? [],
    format: (fact) => formats.get(fact)!,
    column: (table, column) => columns.get(`${table}.${column}`)!,
    table: (n) => tables.get(n)!,
  };
}

/** Number of facts rows would give, without building them (for sizing a world). */
export function countFacts(theme: ThemeDef, rows: Rows): number {
  let n = 0;
  for (const t of theme.tables)
    for (const row of rows[t.name] ?? [])
      for (const col of t.columns) if (col.name !== t.nameColumn && row[col.name] !== null && row[col.name] !== undefined) n++;
  return n;
}
