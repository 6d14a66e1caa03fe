/**
 * Agent queries over a trigram index (Chinese worlds: FTS5's `trigram` tokenizer, src/db/ddl.ts).
 * A trigram index finds any substring of three characters or more, with or without spaces around it,
 * but nothing shorter, and Chinese queries are full of two-character words (公司, 营收, 总部) and run
 * together without spaces ("新星科技2029年营收"). So each token of the prepared query (query.ts) is
 * cut into runs of Han and of other characters, and
 * - a run of three characters or more is searched as itself (a phrase of its trigrams: "新星科技", "nova");
 * - a Han run is also cut into its overlapping character pairs (新星, 星科, 科技), the way Chinese
 *   retrieval without a dictionary reads text, leaving out pairs of a particle or a question word
 *   (的, 是, 多少); a two-character Latin run ("x3") is a pair too;
 * - a pair is searched as the trigrams of the index that contain it ("公司" → "限公司", "公司于", ...),
 *   read from the index's own vocabulary (FTS5's fts5vocab), most frequent first, at most
 *   PAIR_EXPANSION of them.
 * Everything is OR-ed, as query.ts does for words, so bm25 ranks a passage by how much of the query it
 * holds, rare pieces (a brand's characters) counting more than common ones (有限公司). Every piece is
 * quoted: nothing the agent writes is read as FTS5 syntax.
 */
import type Database from 'better-sqlite3';
import { quoteToken, type PreparedQuery } from './query.js';

/** Most index trigrams a pair is searched as. */
export const PAIR_EXPANSION = 96;
/** Most terms in one MATCH expression. */
export const MAX_TRIGRAM_TERMS = 384;

/** A query as one index reads it: its MATCH expression, and the pieces a snippet looks for in a passage. */
export interface IndexQuery {
  match: string | null;
  terms: readonly string[];
}

/** What a query is searched as: runs of three characters or more, and one- or two-character pieces. */
export interface TrigramPieces {
  phrases: string[];
  pairs: string[];
}

const RUN_RE = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;
const HAN_RUN_RE = /^\p{Script=Han}/u;
/** Particles and question characters a pair is not made of (a pair "司的" finds nothing the query means). */
const STOP_CHARS = new Set([...'的了吗呢吧啊么是谁哪和与及或在']);
/** Question and request words: pairs the pages do not answer with. */
const STOP_PAIRS = new Set(['多少', '什么', '怎么', '如何', '是否', '请问', '一下', '告诉', '有没', '没有', '几个', '几年']);

/** The pieces of a prepared query's tokens (lower-cased already), in query order, without repeats. */
export function trigramPieces(tokens: readonly string[]): TrigramPieces {
  const phrases = new Set<string>();
  const pairs = new Set<string>();
  const singles = new Set<string>();
  for (const token of tokens)
    for (const run of token.match(RUN_RE) ?? []) {
      const cs = [...run];
      if (cs.length >= 3) phrases.add(run);
      if (HAN_RUN_RE.test(run)) {
        for (let i = 0; i + 1 < cs.length; i++) {
          const pair = cs[i]! + cs[i + 1]!;
          if (!STOP_CHARS.has(cs[i]!) && !STOP_CHARS.has(cs[i + 1]!) && !STOP_PAIRS.has(pair)) pairs.add(pair);
        }
        if (cs.length === 1) singles.add(run);
      } else if (cs.length === 2) pairs.add(run);
      else if (cs.length === 1) singles.add(run);
    }
  // A query of single characters only ("市", "x") is searched by them rather than not at all.
  if (phrases.size === 0 && pairs.size === 0) for (const s of singles) pairs.add(s);
  return { phrases: [...phrases], pairs: [...pairs] };
}

/**
 * The trigrams of one index, by the one- and two-character pieces they contain: what a pair is
 * searched as. Read once per index (a world's, or a guard view's: its own vocabulary, so a view
 * searches as a world without its hidden passages would).
 */
export class TrigramVocabulary {
  /** Each pair's trigrams, most documents first (ties by term). */
  private readonly byPair = new Map<string, string[]>();
  /** Every trigram with its document count, for single-character pieces. */
  private readonly all: [string, number][];

  constructor(rows: readonly [string, number][]) {
    this.all = [...rows].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [term] of this.all) {
      const cs = [...term];
      if (cs.length !== 3) continue;
      const first = cs[0]! + cs[1]!;
      const second = cs[1]! + cs[2]!;
      this.add(first, term);
      if (second !== first) this.add(second, term);
    }
  }

  private add(pair: string, term: string): void {
    const list = this.byPair.get(pair);
    if (!list) this.byPair.set(pair, [term]);
    else if (list.length < PAIR_EXPANSION) list.push(term);
  }

  /** The index's trigrams holding `piece` (one or two characters), most frequent first, at most PAIR_EXPANSION. */
  expand(piece: string): readonly string[] {
    if ([...piece].length === 2) return this.byPair.get(piece) ?? [];
    const out: string[] = [];
    for (const [term] of this.all) if (term.includes(piece) && out.push(term) >= PAIR_EXPANSION) break;
    return out;
  }

  /** The vocabulary of an FTS5 table (`schema.table`), read through a temporary fts5vocab table. */
  static read(db: Database.Database, schema: 'main' | 'temp', table: string): TrigramVocabulary {
    const vocab = `${table}_trigrams`;
    db.exec(`CREATE VIRTUAL TABLE temp.${vocab} USING fts5vocab(${schema}, ${table}, 'row')`);
    try {
      return new TrigramVocabulary(db.prepare(`SELECT term, doc FROM temp.${vocab}`).raw().all() as [string, number][]);
    } finally {
      db.exec(`DROP TABLE temp.${vocab}`);
    }
  }
}

/** A prepared query as a trigram index reads it (see the header). */
export function trigramQuery(query: PreparedQuery, vocab: TrigramVocabulary): IndexQuery {
  const { phrases, pairs } = trigramPieces(query.tokens);
  const terms = new Set<string>(phrases);
  // Each pair gets its share of the expression, so a long query's last words are searched too.
  const share = pairs.length === 0 ? 0 : Math.max(8, Math.floor((MAX_TRIGRAM_TERMS - terms.size) / pairs.length));
  for (const pair of pairs) for (const t of vocab.expand(pair).slice(0, share)) if (terms.size < MAX_TRIGRAM_TERMS) terms.add(t);
  return { match: terms.size === 0 ? null : [...terms].map(quoteToken).join(' OR '), terms: [...phrases, ...pairs] };
}
