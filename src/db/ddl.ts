/**
 * The SQL of a world file that drizzle does not declare: the FTS5 indexes, and a theme's own tables
 * (from the theme's TableDef). The fixed tables' DDL is generated from the drizzle schema
 * (schemas/world.ts) in schema-ddl.ts. This file stays a leaf: the search core reads the tokenizers here.
 */
import type Database from 'better-sqlite3';
import type { ColumnDef, TableDef } from '../themes/_define.js';
import type { Locale } from '../themes/spec/parts.js';

/**
 * The tokenizer of both FTS5 indexes, by the language of the world's pages. English words are stemmed
 * and folded; Chinese, written without spaces, is indexed by character trigrams (FTS5's built-in
 * `trigram`, SQLite 3.34+, so any SQLite client reads the index; queries are cut to fit it in
 * src/search/trigram-query.ts). A world file says which one its indexes use in their own DDL
 * (sqlite_master.sql of passages_fts and documents_fts): `ftsTokenizerOf` reads it back.
 */
export const FTS_TOKENIZERS: Readonly<Record<Locale, string>> = { en: 'porter unicode61 remove_diacritics 2', 'zh-CN': 'trigram' };

/** The English tokenizer (every world before Chinese ones). */
export const FTS_TOKENIZER = FTS_TOKENIZERS.en;

/** FTS5 indexes over passage text and page title/body (external content: no duplicated text). */
export function ftsSql(tokenizer: string = FTS_TOKENIZER): string {
  return `
CREATE VIRTUAL TABLE passages_fts USING fts5(text, content='passages', content_rowid='id', tokenize='${tokenizer}');
CREATE VIRTUAL TABLE documents_fts USING fts5(title, body, content='documents', content_rowid='id', tokenize='${tokenizer}');
`;
}

/** The English worlds' FTS DDL. */
export const FTS_SQL = ftsSql();

/** What a tokenizer's name says about how it cuts text: words, or character trigrams. */
export function isTrigramTokenizer(tokenizer: string): boolean {
  return /^\s*trigram\b/i.test(tokenizer);
}

/**
 * The tokenizer an FTS5 table of an open world was created with, as its DDL in sqlite_master says
 * (`tokenize='trigram'`); FTS5's default (`unicode61`) when the DDL names none.
 */
export function ftsTokenizerOf(db: Database.Database, table = 'passages_fts'): string {
  const sql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as string | undefined;
  if (sql === undefined) throw new Error(`no FTS5 table ${table} in this world`);
  const m = /\btokenize\s*=\s*(?:'((?:[^']|'')*)'|"((?:[^"]|"")*)")/i.exec(sql);
  return m ? (m[1] ?? m[2]!).replace(/''/g, "'").replace(/""/g, '"') : 'unicode61';
}

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
