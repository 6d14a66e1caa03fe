/**
 * The SQL of a world file that drizzle does not declare: the FTS5 indexes, and a theme's own tables
 * (from the theme's TableDef). The fixed tables' DDL is generated from the drizzle schema
 * (schemas/world.ts) in schema-ddl.ts. This file stays a leaf: the search core reads FTS_TOKENIZER.
 */
import type { ColumnDef, TableDef } from '../themes/_define.js';

/** The tokenizer of both FTS5 indexes. */
export const FTS_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** FTS5 indexes over passage text and page title/body (external content: no duplicated text). */
export const FTS_SQL = `
CREATE VIRTUAL TABLE passages_fts USING fts5(text, content='passages', content_rowid='id', tokenize='${FTS_TOKENIZER}');
CREATE VIRTUAL TABLE documents_fts USING fts5(title, body, content='documents', content_rowid='id', tokenize='${FTS_TOKENIZER}');
`;

/** Fill the FTS indexes from their content tables (one pass, after the bulk insert). */
export const FTS_REBUILD_SQL = `
INSERT INTO passages_fts(passages_fts) VALUES ('rebuild');
INSERT INTO documents_fts(documents_fts) VALUES ('rebuild');
`;

function sqlType(c: ColumnDef): string {
  switch (c.type) {
    case 'integer':
      return 'INTEGER';
    case 'real':
      return 'REAL';
    case 'entity':
      return `INTEGER REFERENCES ${c.ref}(id)`;
    default:
      return 'TEXT';
  }
}

export function themeTableSql(t: TableDef): string {
  const cols = t.columns.map((c) => `${c.name} ${sqlType(c)}${c.optional ? '' : ' NOT NULL'}`);
  return `CREATE TABLE ${t.name} (id INTEGER PRIMARY KEY, ${cols.join(', ')});`;
}
