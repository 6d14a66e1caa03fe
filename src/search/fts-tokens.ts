/**
 * FTS5's own tokenizer, asked directly: what a quoted query token becomes inside FTS5 (a phrase of
 * stems). The world files index passages with `porter unicode61 remove_diacritics 2`; rather than
 * re-implement that tokenizer (and risk one stem differing), each token is handed to SQLite once, in a
 * small in-memory FTS5 table with the same tokenizer, and the stems are read back through fts5vocab.
 * Answers are kept in a bounded per-thread cache: agents' vocabularies repeat, so a token costs the
 * SQLite round trip once, and a query's new tokens go to SQLite together (one transaction).
 */
import Database from 'better-sqlite3';
import { FTS_TOKENIZER } from '../db/ddl.js';
/** Tokens remembered per thread; the cache starts over when full. */
export const FTS_STEMS_CACHE_LIMIT = 20_000;

interface Tokenizer {
  /** Tokenise the tokens in one transaction: row i + 1 holds token i; the stems come back by row. */
  run(tokens: readonly string[]): [number, string][];
}

let tokenizer: Tokenizer | undefined;
const cache = new Map<string, readonly string[]>();

function open(): Tokenizer {
  const db = new Database(':memory:');
  // Contentless (content=''): the table keeps only its index, and 'delete-all' empties it at once (a
  // DELETE would read each row back to take its tokens out of the index).
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='${FTS_TOKENIZER}', content=''); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
  const insert = db.prepare('INSERT INTO t(rowid, x) VALUES (?, ?)');
  const terms = db.prepare('SELECT doc, term FROM v ORDER BY doc, offset').raw();
  const clear = db.prepare("INSERT INTO t(t) VALUES ('delete-all')");
  return {
    run: db.transaction((tokens: readonly string[]) => {
      tokens.forEach((token, i) => insert.run(i + 1, token));
      const rows = terms.all() as [number, string][];
      clear.run();
      return rows;
    }),
  };
}

/** The stems FTS5 makes of each token, in order (empty when FTS5 keeps nothing of one). */
export function ftsStemsOf(tokens: readonly string[]): (readonly string[])[] {
  const out = tokens.map((t) => cache.get(t));
  if (!out.includes(undefined)) return out as (readonly string[])[];
  const missing = [...new Set(tokens.filter((_, i) => out[i] === undefined))];
  tokenizer ??= open();
  const stems = new Map(missing.map((t): [string, string[]] => [t, []]));
  for (const [row, term] of tokenizer.run(missing)) stems.get(missing[row - 1]!)!.push(term);
  if (cache.size + missing.length > FTS_STEMS_CACHE_LIMIT) cache.clear();
  for (const [token, s] of stems) cache.set(token, s);
  return tokens.map((t, i) => out[i] ?? stems.get(t)!);
}

/** The stems FTS5 makes of `token`, in order (empty when FTS5 keeps nothing of it). */
export function ftsStems(token: string): readonly string[] {
  return ftsStemsOf([token])[0]!;
}
