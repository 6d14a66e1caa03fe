/**
 * The fixed tables of world file format v1, declared with drizzle-orm: their one declaration, the
 * contract users read. The DDL that creates them is generated from these tables (src/db/schema-ddl.ts).
 * FTS5 tables (passages_fts, documents_fts) cannot be declared in drizzle: see FTS_SQL in src/db/ddl.ts.
 * A theme's own relational tables are declared by the theme (src/themes/*.ts).
 */
import { relations } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const worldMeta = sqliteTable('world_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const facts = sqliteTable(
  'facts',
  {
    id: integer('id').primaryKey(),
    subject: text('subject').notNull(),
    predicate: text('predicate').notNull(),
    object: text('object').notNull(),
    objectType: text('object_type', { enum: ['text', 'integer', 'real', 'date', 'entity'] }).notNull(),
    sourceTable: text('source_table').notNull(),
    sourceRowid: integer('source_rowid').notNull(),
    sourceColumn: text('source_column').notNull(),
  },
  (t) => [index('facts_source').on(t.sourceTable, t.sourceRowid)],
);

export const documents = sqliteTable('documents', {
  id: integer('id').primaryKey(),
  url: text('url').notNull().unique(),
  title: text('title').notNull(),
  site: text('site').notNull(),
  published: text('published'),
  kind: text('kind', { enum: ['entity', 'list', 'ranking', 'news', 'forum'] }).notNull(),
  body: text('body').notNull(),
});

export const passages = sqliteTable(
  'passages',
  {
    id: integer('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    ord: integer('ord').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('passages_document').on(t.documentId, t.ord)],
);

export const passageFacts = sqliteTable(
  'passage_facts',
  {
    passageId: integer('passage_id')
      .notNull()
      .references(() => passages.id),
    factId: integer('fact_id')
      .notNull()
      .references(() => facts.id),
  },
  (t) => [primaryKey({ columns: [t.passageId, t.factId] }), index('passage_facts_fact').on(t.factId)],
);

export const documentFacts = sqliteTable(
  'document_facts',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    factId: integer('fact_id')
      .notNull()
      .references(() => facts.id),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.factId] }), index('document_facts_fact').on(t.factId)],
);

export const tasks = sqliteTable('tasks', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['lookup', 'multi_hop', 'comparison', 'aggregation', 'temporal', 'wide_table'] }).notNull(),
  question: text('question').notNull(),
  /** JSON array of rows (arrays of cells) that `sql` returns. */
  answer: text('answer').notNull(),
  answerText: text('answer_text').notNull(),
  answerType: text('answer_type', { enum: ['text', 'integer', 'real', 'date', 'entity', 'list', 'table'] }).notNull(),
  columns: text('columns').notNull(),
  keyColumns: text('key_columns').notNull(),
  tolerance: real('tolerance').notNull(),
  aliases: text('aliases').notNull(),
  answerFactIds: text('answer_fact_ids').notNull(),
  hopFactIds: text('hop_fact_ids').notNull(),
  sql: text('sql').notNull(),
  difficulty: integer('difficulty').notNull(),
});

export const documentsRelations = relations(documents, ({ many }) => ({ passages: many(passages), facts: many(documentFacts) }));
export const passagesRelations = relations(passages, ({ one, many }) => ({
  document: one(documents, { fields: [passages.documentId], references: [documents.id] }),
  facts: many(passageFacts),
}));
export const passageFactsRelations = relations(passageFacts, ({ one }) => ({
  passage: one(passages, { fields: [passageFacts.passageId], references: [passages.id] }),
  fact: one(facts, { fields: [passageFacts.factId], references: [facts.id] }),
}));
export const documentFactsRelations = relations(documentFacts, ({ one }) => ({
  document: one(documents, { fields: [documentFacts.documentId], references: [documents.id] }),
  fact: one(facts, { fields: [documentFacts.factId], references: [facts.id] }),
}));
