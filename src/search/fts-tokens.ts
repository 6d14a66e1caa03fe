/**
 * What a quoted query token becomes inside FTS5 (a phrase of stems). The world files index passages
 * with `porter unicode61 remove_diacritics 2`. A token of ASCII letters and digits (digit groups joined
 * by `,` or `.` included) is stemmed here, by the port of FTS5's stemmer in porter.ts: unicode61 keeps
 * such a token as it is, or splits it at the `,` and `.`. Any other token (accents, other scripts,
 * marks) is handed to SQLite, in a small in-memory FTS5 table with the same tokenizer, and the stems
 * are read back through fts5vocab: Unicode folding and diacritics are FTS5's own, not re-implemented.
 * Answers are kept in a bounded per-thread cache: agents' vocabularies repeat, and a query's tokens
 * for SQLite go to it together (one transaction).
 */
import Database from 'better-sqlite3';
import { FTS_TOKENIZER } from '../db/ddl.js';
import { porterStem } from './porter.js';
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

/** ASCII letters and digits, digit groups joined by `,` or `.`: what porter.ts stems as FTS5 does. */
const ASCII_TOKEN = /^[a-z0-9]+(?:[.,][0-9]+)*$/;

/** The stems of an ASCII token (ASCII_TOKEN): unicode61 splits it at `,` and `.`, porter stems each part. */
function asciiStems(token: string): string[] {
  return token.includes('.') || token.includes(',') ? token.split(/[.,]/).map(porterStem) : [porterStem(token)];
}

/** The stems FTS5 makes of each token, in order (empty when FTS5 keeps nothing of one). */
export function ftsStemsOf(tokens: readonly string[]): (readonly string[])[] {
  const out = tokens.map((t) => cache.get(t));
  if (!out.includes(undefined)) return out as (readonly string[])[];
  const missing = [...new Set(tokens.filter((_, i) => out[i] === undefined))];
  const stems = new Map<string, string[]>();
  const forSqlite: string[] = [];
  for (const t of missing) {
    if (ASCII_TOKEN.test(t)) stems.set(t, asciiStems(t));
    else {
      stems.set(t, []);
      forSqlite.push(t);
    }
  }
  if (forSqlite.length > 0) for (const [row, term] of sqliteStems(forSqlite)) stems.get(forSqlite[row - 1]!)!.push(term);
  if (cache.size + missing.length > FTS_STEMS_CACHE_LIMIT) cache.clear();
  for (const [token, s] of stems) cache.set(token, s);
  return tokens.map((t, i) => out[i] ?? stems.get(t)!);
}

/** FTS5's own stems of `tokens`, as (row, stem) rows in order: token i is row i + 1. */
export function sqliteStems(tokens: readonly string[]): [number, string][] {
  tokenizer ??= open();
  return tokenizer.run(tokens);
}

/** The stems FTS5 makes of `token`, in order (empty when FTS5 keeps nothing of it). */
export function ftsStems(token: string): readonly string[] {
  return ftsStemsOf([token])[0]!;
}
