/**
 * FTS5's own tokenizer, asked directly: what a quoted query token becomes inside FTS5 (a phrase of
 * stems). The world files index passages with `porter unicode61 remove_diacritics 2`; rather than
 * re-implement that tokenizer (and risk one stem differing), each token is handed to SQLite once, in a
 * small in-memory FTS5 table with the same tokenizer, and the stems are read back through fts5vocab.
 * Answers are kept in a bounded per-thread cache: agents' vocabularies repeat, so a token costs the
 * SQLite round trip once.
 */
import Database from 'better-sqlite3';
import { FTS_TOKENIZER } from '../db/ddl.js';
/** Tokens remembered per thread; the cache starts over when full. */
const CACHE_LIMIT = 50_000;

interface Tokenizer {
  insert: Database.Statement;
  terms: Database.Statement;
  clear: Database.Statement;
}

let tokenizer: Tokenizer | undefined;
const cache = new Map<string, readonly string[]>();

function open(): Tokenizer {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='${FTS_TOKENIZER}'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
  return {
    insert: db.prepare('INSERT INTO t(rowid, x) VALUES (1, ?)'),
    terms: db.prepare('SELECT term FROM v ORDER BY offset').pluck(),
    clear: db.prepare('DELETE FROM t'),
  };
}

/** The stems FTS5 makes of `token`, in order (empty when FTS5 keeps nothing of it). */
export function ftsStems(token: string): readonly string[] {
  const hit = cache.get(token);
  if (hit) return hit;
  tokenizer ??= open();
  tokenizer.insert.run(token);
  let stems: string[];
  try {
    stems = tokenizer.terms.all() as string[];
  } finally {
    tokenizer.clear.run();
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(token, stems);
  return stems;
}
