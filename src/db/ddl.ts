/**
 * The SQL of a world file, in one place: the fixed tables of format v1 (mirrored by the drizzle
 * schema in schemas/world.ts), a theme's own tables, and the FTS5 indexes drizzle cannot declare.
 */
import type { ColumnDef, TableDef } from '../themes/_define.js';

export const FIXED_TABLES_SQL = `
CREATE TABLE world_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
CREATE TABLE facts (
  id INTEGER PRIMARY KEY, subject TEXT NOT NULL, predicate TEXT NOT NULL, object TEXT NOT NULL,
  object_type TEXT NOT NULL, source_table TEXT NOT NULL, source_rowid INTEGER NOT NULL, source_column TEXT NOT NULL
);
CREATE TABLE documents (
  id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, title TEXT NOT NULL, site TEXT NOT NULL,
  published TEXT, kind TEXT NOT NULL, body TEXT NOT NULL
);
CREATE TABLE passages (
  id INTEGER PRIMARY KEY, document_id INTEGER NOT NULL REFERENCES documents(id), ord INTEGER NOT NULL, text TEXT NOT NULL
);
CREATE TABLE passage_facts (
  passage_id INTEGER NOT NULL REFERENCES passages(id), fact_id INTEGER NOT NULL REFERENCES facts(id),
  PRIMARY KEY (passage_id, fact_id)
) WITHOUT ROWID;
CREATE TABLE document_facts (
  document_id INTEGER NOT NULL REFERENCES documents(id), fact_id INTEGER NOT NULL REFERENCES facts(id),
  PRIMARY KEY (document_id, fact_id)
) WITHOUT ROWID;
CREATE TABLE tasks (
  id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, question TEXT NOT NULL, answer TEXT NOT NULL, answer_text TEXT NOT NULL,
  answer_type TEXT NOT NULL, columns TEXT NOT NULL, key_columns TEXT NOT NULL, tolerance REAL NOT NULL,
  aliases TEXT NOT NULL, answer_fact_ids TEXT NOT NULL, hop_fact_ids TEXT NOT NULL, sql TEXT NOT NULL, difficulty INTEGER NOT NULL
);
`;

/** The tokenizer of both FTS5 indexes (src/search/fts-tokens.ts asks it how queries are tokenised). */
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

export const INDEXES_SQL = `
CREATE INDEX passages_document ON passages(document_id, ord);
CREATE INDEX passage_facts_fact ON passage_facts(fact_id);
CREATE INDEX document_facts_fact ON document_facts(fact_id);
CREATE INDEX facts_source ON facts(source_table, source_rowid);
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

/** The fixed table names, for readers and validators. */
export const FIXED_TABLES = ['world_meta', 'facts', 'documents', 'passages', 'passage_facts', 'document_facts', 'tasks'] as const;
