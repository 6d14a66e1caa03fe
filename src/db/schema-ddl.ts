/**
 * The DDL of the fixed world tables, generated from their one declaration: the drizzle schema in
 * schemas/world.ts. drizzle-orm has no runtime DDL generator (drizzle-kit has one, as a separate dev
 * tool that reads TypeScript files), and a world needs little of SQL, so this file walks drizzle's own
 * table metadata (`getTableConfig`) and writes the statements: column types, PRIMARY KEY (a column's or
 * a composite one), AUTOINCREMENT, NOT NULL, UNIQUE, REFERENCES (with ON DELETE/UPDATE), plain and
 * unique indexes. What drizzle can declare but this does not write (defaults, CHECKs, generated
 * columns, partial or expression indexes) is refused with an error naming the table, so a schema edit
 * never silently loses a constraint. Constraint names are not written (SQLite names its own indexes).
 *
 * SQLite keeps each CREATE statement's text in the file (sqlite_master.sql), so the text, line breaks
 * included, is part of a world file's bytes. FORMAT_LAYOUT below says how the format lays its statements
 * out (where lines break, the order indexes are built) and the one storage option drizzle cannot
 * declare (WITHOUT ROWID): layout only; every column and constraint comes from the drizzle tables.
 */
import { getTableName } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { claims, documentFacts, documents, facts, links, passageFacts, passages, tasks, worldMeta } from '../../schemas/world.js';

export interface TableLayout {
  /**
   * Absent: the whole statement on one line, `CREATE TABLE t (a, b)`. Present: one clause list per
   * indented line, a new line starting before each clause named here (a column by its name, a table
   * constraint by its text, e.g. 'PRIMARY KEY (a, b)').
   */
  breakBefore?: readonly string[];
  /** `WITHOUT ROWID` (drizzle has no option for it). */
  withoutRowid?: boolean;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

function ident(name: string, table: string): string {
  if (!IDENT.test(name)) throw new Error(`schema-ddl: table ${table}: name ${JSON.stringify(name)} would need quoting; use [a-z_][a-z0-9_]*`);
  return name;
}

function columnList(cols: SQLiteColumn[], table: string): string {
  return cols.map((c) => ident(c.name, table)).join(', ');
}

function refuse(table: string, what: string): never {
  throw new Error(`schema-ddl: table ${table}: ${what} is not supported by the DDL generator (src/db/schema-ddl.ts)`);
}

function referencesSql(fk: ReturnType<typeof getTableConfig>['foreignKeys'][number], table: string): string {
  const r = fk.reference();
  let sql = `REFERENCES ${ident(getTableName(r.foreignTable), table)}(${columnList(r.foreignColumns, table)})`;
  if (fk.onDelete) sql += ` ON DELETE ${fk.onDelete.toUpperCase()}`;
  if (fk.onUpdate) sql += ` ON UPDATE ${fk.onUpdate.toUpperCase()}`;
  return sql;
}

/** The CREATE TABLE statement of a drizzle table (without the closing semicolon). */
export function createTableSql(table: SQLiteTable, layout: TableLayout = {}): string {
  const cfg = getTableConfig(table);
  const name = ident(cfg.name, cfg.name);
  if (cfg.checks.length > 0) refuse(name, 'a CHECK constraint');
  if (cfg.primaryKeys.length > 1) refuse(name, 'more than one primary key');
  const inlineRefs = new Map<string, string>();
  const tableRefs: string[] = [];
  for (const fk of cfg.foreignKeys) {
    const cols = fk.reference().columns;
    if (cols.length === 1) {
      if (inlineRefs.has(cols[0]!.name)) refuse(name, `a second foreign key on ${cols[0]!.name}`);
      inlineRefs.set(cols[0]!.name, referencesSql(fk, name));
    } else tableRefs.push(`FOREIGN KEY (${columnList(cols, name)}) ${referencesSql(fk, name)}`);
  }
  // Each clause: its SQL, and the key a layout names it by (a column's name; a constraint's own text).
  const parts: { key: string; sql: string }[] = cfg.columns.map((c) => {
    const col = ident(c.name, name);
    // (drizzle marks an integer primary key hasDefault: the rowid; only a declared value is refused.)
    if (c.default !== undefined || c.defaultFn || c.onUpdateFn || c.generated) refuse(name, `a default or generated value on ${col}`);
    const type = c.getSQLType().toUpperCase();
    let sql = `${col} ${type}`;
    if (c.primary) {
      sql += ' PRIMARY KEY';
      if ((c as { autoIncrement?: boolean }).autoIncrement) sql += ' AUTOINCREMENT';
    }
    // An INTEGER PRIMARY KEY of a rowid table is the rowid itself, never null; any other key column
    // needs NOT NULL spelt out (SQLite lets a non-integer primary key hold NULL).
    const rowidAlias = c.primary && type === 'INTEGER' && !layout.withoutRowid;
    if (c.notNull && !rowidAlias) sql += ' NOT NULL';
    if (c.isUnique) sql += ' UNIQUE';
    const ref = inlineRefs.get(c.name);
    if (ref) sql += ` ${ref}`;
    return { key: c.name, sql };
  });
  const constraints = [
    ...cfg.primaryKeys.map((pk) => `PRIMARY KEY (${columnList(pk.columns, name)})`),
    ...cfg.uniqueConstraints.map((u) => `UNIQUE (${columnList(u.columns, name)})`),
    ...tableRefs,
  ];
  for (const sql of constraints) parts.push({ key: sql, sql });

  const suffix = layout.withoutRowid ? ' WITHOUT ROWID' : '';
  if (!layout.breakBefore) return `CREATE TABLE ${name} (${parts.map((p) => p.sql).join(', ')})${suffix}`;
  const breaks = new Set(layout.breakBefore);
  for (const b of breaks)
    if (!parts.some((p) => p.key === b) || b === parts[0]?.key)
      throw new Error(`schema-ddl: table ${name}: layout breaks before ${JSON.stringify(b)}, which is not a clause after the first`);
  const lines: string[][] = [];
  for (const p of parts) {
    if (lines.length === 0 || breaks.has(p.key)) lines.push([]);
    lines.at(-1)!.push(p.sql);
  }
  return `CREATE TABLE ${name} (\n${lines.map((l) => `  ${l.join(', ')}`).join(',\n')}\n)${suffix}`;
}

/** The CREATE INDEX statements of a drizzle table's indexes, in declaration order. */
export function createIndexSql(table: SQLiteTable): { name: string; sql: string }[] {
  const cfg = getTableConfig(table);
  return cfg.indexes.map(({ config: ix }) => {
    if (ix.where) refuse(cfg.name, `the partial index ${ix.name}`);
    const cols = ix.columns.map((c) => ('name' in c && typeof c.name === 'string' ? (c as SQLiteColumn) : refuse(cfg.name, `the expression index ${ix.name}`)));
    const sql = `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX ${ident(ix.name, cfg.name)} ON ${ident(cfg.name, cfg.name)}(${columnList(cols, cfg.name)})`;
    return { name: ix.name, sql };
  });
}

/**
 * Index statements of several tables, built in `order` (index names; any index not named follows, in
 * declaration order). The order is part of the file: each index takes the next free pages.
 */
export function indexesSql(tables: readonly SQLiteTable[], order: readonly string[] = []): string[] {
  const all = tables.flatMap(createIndexSql);
  for (const n of order) if (!all.some((i) => i.name === n)) throw new Error(`schema-ddl: index order names ${n}, which no table declares`);
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length);
  return all
    .map((ix, i) => ({ ix, i }))
    .sort((a, b) => rank(a.ix.name) - rank(b.ix.name) || a.i - b.i)
    .map(({ ix }) => ix.sql);
}

/** The fixed tables of the world format (v2), in the order they are created. */
export const FIXED_TABLE_DEFS: readonly SQLiteTable[] = [worldMeta, facts, documents, passages, passageFacts, documentFacts, claims, links, tasks];

/** The fixed table names, for readers and validators. */
export const FIXED_TABLES: readonly string[] = FIXED_TABLE_DEFS.map((t) => getTableName(t));

/** The layout of the format's CREATE statements (see the header: their text is part of the file); v1's tables keep v1's. */
const FORMAT_LAYOUT = {
  tables: {
    world_meta: {},
    facts: { breakBefore: ['object_type'] },
    documents: { breakBefore: ['published'] },
    passages: { breakBefore: [] },
    passage_facts: { breakBefore: ['PRIMARY KEY (passage_id, fact_id)'], withoutRowid: true },
    document_facts: { breakBefore: ['PRIMARY KEY (document_id, fact_id)'], withoutRowid: true },
    claims: { breakBefore: ['form'] },
    links: { breakBefore: [] },
    tasks: { breakBefore: ['answer_type', 'aliases'] },
  } as Record<string, TableLayout>,
  indexOrder: [
    'passages_document',
    'passage_facts_fact',
    'document_facts_fact',
    'facts_source',
    'claims_passage',
    'claims_fact',
    'links_document',
    'links_target',
  ],
};

const statements = (list: string[]) => `\n${list.map((s) => `${s};\n`).join('')}`;

/** CREATE TABLE statements of the fixed tables (run before the bulk insert). */
export const FIXED_TABLES_SQL = statements(FIXED_TABLE_DEFS.map((t) => createTableSql(t, FORMAT_LAYOUT.tables[getTableName(t)])));

/** Indexes of the fixed tables (built after the bulk insert). */
export const INDEXES_SQL = statements(indexesSql(FIXED_TABLE_DEFS, FORMAT_LAYOUT.indexOrder));
