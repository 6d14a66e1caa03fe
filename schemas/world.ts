/**
 * The fixed tables of world file format v3, declared with drizzle-orm: their one declaration, the
 * contract users read. The DDL that creates them is generated from these tables (src/db/schema-ddl.ts).
 * FTS5 tables (passages_fts, documents_fts) cannot be declared in drizzle: see ftsSql in src/db/ddl.ts.
 *
 * Search indexes and their tokenizer: passages_fts (text) and documents_fts (title, body) are FTS5
 * tables over `passages` and `documents` (external content). Their tokenizer follows the language of
 * the world's pages, and the file says which one in the tables' own DDL, the `tokenize=` argument of
 * their `CREATE VIRTUAL TABLE` in sqlite_master.sql (there is no world_meta key for it: one statement
 * of it, the one SQLite itself reads):
 * - English worlds: `porter unicode61 remove_diacritics 2` (words, stemmed and folded; unchanged);
 * - Chinese (zh-CN) worlds: `trigram` (SQLite 3.34+): any substring of three characters or more
 *   matches (`MATCH '"新星科技"'`), shorter ones match nothing, so a reader looks up a two-character
 *   word through the trigrams that contain it (fts5vocab) or with LIKE; this project's retrieval
 *   does the first (src/search/trigram-query.ts) and ranks by BM25 over the query's pieces
 *   (src/search/piece-score.ts).
 * Read it with `SELECT sql FROM sqlite_master WHERE name = 'passages_fts'` (src/db/ddl.ts
 * ftsTokenizerOf). English world files are byte-identical to those before Chinese worlds existed.
 * A theme's own relational tables are declared by the theme (src/themes/*.ts).
 *
 * v2 over v1: `claims` (every statement of a fact on a page, with its form), `links` (the Markdown
 * links between pages), `documents.date_kind`, and `documents.kind` widened to the page genres.
 * `facts` stays the world's truth; `passage_facts` stays the guard's provenance (the facts a passage
 * gives away: its claims of every form but `erroneous`).
 *
 * v3 over v2 (issue 24): `tasks.kind` takes the task families too (TASK_KINDS), `tasks.difficulty` is
 * easy|medium|hard derived from the task's certificate, and `tasks.certificate` holds that certificate
 * as JSON. A v3 reader refuses v1 and v2 files (src/db/open.ts).
 */
import { relations } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DIFFICULTIES } from '../src/tasks/certificate/schema.js';
import { CLAIM_FORMS, DATE_KINDS, PAGE_KINDS, SUBJECT_FORMS, TASK_KINDS } from '../src/world/types.js';

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
  /** ISO date, or NULL for an undated page. */
  published: text('published'),
  /** The page genre (SiteGenre in src/themes/spec/parts.ts), or a v1 kind: entity, list, ranking. */
  kind: text('kind', { enum: PAGE_KINDS }).notNull(),
  body: text('body').notNull(),
  /** What `published` is: 'published' (the publication date) or 'edited' (a wiki-like page's last edit); NULL exactly when `published` is. */
  dateKind: text('date_kind', { enum: DATE_KINDS }),
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

/**
 * Every statement of a fact on a page, with its form (see Claim in src/world/types.ts): `exact` the true
 * value; `rounded` a rounding of it marked as approximate ("about 1.2 million"); `preliminary` an
 * estimate marked as such on a dated page, before a later-dated page states the exact value;
 * `erroneous` a wrong value (a forum post), corrected later on the same page; `corrected` the true value
 * correcting an earlier erroneous claim; `scheduled` a future event stated as planned on a page dated
 * before it. `stated` is the value as the passage writes it; `subject_form`/`subject_text` how the
 * passage refers to the fact's subject (its name, a short name, a pronoun, a description, or not at
 * all: a table row on the subject's page).
 */
export const claims = sqliteTable(
  'claims',
  {
    id: integer('id').primaryKey(),
    passageId: integer('passage_id')
      .notNull()
      .references(() => passages.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    factId: integer('fact_id')
      .notNull()
      .references(() => facts.id),
    form: text('form', { enum: CLAIM_FORMS }).notNull(),
    stated: text('stated').notNull(),
    subjectForm: text('subject_form', { enum: SUBJECT_FORMS }).notNull(),
    subjectText: text('subject_text').notNull(),
  },
  (t) => [index('claims_fact').on(t.factId), index('claims_passage').on(t.passageId)],
);

/** A Markdown link `[anchor](url)` in a page's body to another page of the same world, in page order (`id`). */
export const links = sqliteTable(
  'links',
  {
    id: integer('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    targetDocumentId: integer('target_document_id')
      .notNull()
      .references(() => documents.id),
    anchor: text('anchor').notNull(),
  },
  (t) => [index('links_document').on(t.documentId), index('links_target').on(t.targetDocumentId)],
);

export const tasks = sqliteTable('tasks', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: TASK_KINDS }).notNull(),
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
  /** easy, medium or hard: derived from the certificate (src/tasks/certificate/difficulty.ts), never from the kind. */
  difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull(),
  /** JSON of the task's TaskCertificate (src/tasks/certificate/schema.ts): evidence, pages, proofs, checks, the oracle's plan. */
  certificate: text('certificate').notNull(),
});

export const documentsRelations = relations(documents, ({ many }) => ({
  passages: many(passages),
  facts: many(documentFacts),
  claims: many(claims),
  links: many(links, { relationName: 'outgoing' }),
  backlinks: many(links, { relationName: 'incoming' }),
}));
export const passagesRelations = relations(passages, ({ one, many }) => ({
  document: one(documents, { fields: [passages.documentId], references: [documents.id] }),
  facts: many(passageFacts),
  claims: many(claims),
}));
export const claimsRelations = relations(claims, ({ one }) => ({
  passage: one(passages, { fields: [claims.passageId], references: [passages.id] }),
  document: one(documents, { fields: [claims.documentId], references: [documents.id] }),
  fact: one(facts, { fields: [claims.factId], references: [facts.id] }),
}));
export const linksRelations = relations(links, ({ one }) => ({
  document: one(documents, { fields: [links.documentId], references: [documents.id], relationName: 'outgoing' }),
  target: one(documents, { fields: [links.targetDocumentId], references: [documents.id], relationName: 'incoming' }),
}));
export const passageFactsRelations = relations(passageFacts, ({ one }) => ({
  passage: one(passages, { fields: [passageFacts.passageId], references: [passages.id] }),
  fact: one(facts, { fields: [passageFacts.factId], references: [facts.id] }),
}));
export const documentFactsRelations = relations(documentFacts, ({ one }) => ({
  document: one(documents, { fields: [documentFacts.documentId], references: [documents.id] }),
  fact: one(facts, { fields: [documentFacts.factId], references: [facts.id] }),
}));
