/**
 * BM25 over a query's pieces (trigram-query.ts), for worlds with a trigram index. FTS5's own bm25()
 * over a trigram index scores each trigram apart: a two-character word searched as the trigrams that
 * contain it would count each context as its own rare term (a brand's one mention "新星的" outweighing
 * its every "新星科技"), and a Latin model "x3" would match "X30". So the index finds the candidate
 * passages and this scores them: each piece (a run of three characters or more, a character pair) is
 * one term, counted where it occurs, a Latin or digit piece only as a whole word (not inside "x30" or
 * "supernova"); document frequencies, the passage count and the mean length are this world's (a guard
 * view's own), with FTS5's constants (k1 1.2, b 0.75) and its idf floor.
 */
import type { PassageRecord } from './types.js';

const K1 = 1.2;
const B = 0.75;
/** FTS5's floor for a term in more than half the rows (its idf would be negative). */
const IDF_FLOOR = 1e-6;
const HAN_RE = /\p{Script=Han}/u;
const WORD_CHAR_RE = /[\p{L}\p{N}]/u;

/** Whether the character at `i` continues a Latin or digit word (a Han character does not). */
const wordCharAt = (text: string, i: number): boolean => {
  const ch = text[i];
  return ch !== undefined && WORD_CHAR_RE.test(ch) && !HAN_RE.test(ch);
};

/** How often `piece` occurs in `text` (both lower case); a piece without Han characters only where it is a whole word. */
export function countPiece(text: string, piece: string): number {
  const whole = !HAN_RE.test(piece);
  let n = 0;
  for (let i = text.indexOf(piece); i >= 0; i = text.indexOf(piece, i + 1)) {
    if (whole && (wordCharAt(text, i - 1) || wordCharAt(text, i + piece.length))) continue;
    n++;
  }
  return n;
}

/** The passages of one world (or view) and their statistics, for scoring pieces. */
export class PieceScorer {
  private readonly texts = new Map<number, string>();
  private readonly avgLength: number;
  private readonly df = new Map<string, number>();

  constructor(passages: Iterable<PassageRecord>) {
    let total = 0;
    for (const p of passages) {
      const text = p.text.toLowerCase();
      this.texts.set(p.id, text);
      total += text.length;
    }
    this.avgLength = this.texts.size === 0 ? 1 : total / this.texts.size;
  }

  private idf(piece: string): number {
    let n = this.df.get(piece);
    if (n === undefined) {
      n = 0;
      for (const text of this.texts.values()) if (countPiece(text, piece) > 0) n++;
      this.df.set(piece, n);
    }
    const idf = Math.log((this.texts.size - n + 0.5) / (n + 0.5));
    return idf > 0 ? idf : IDF_FLOOR;
  }

  /** The BM25 score of a passage of this world for the pieces; 0 when none occurs in it (as a whole word, for Latin ones). */
  score(passageId: number, pieces: readonly string[]): number {
    const text = this.texts.get(passageId);
    if (text === undefined) return 0;
    const norm = K1 * (1 - B + (B * text.length) / this.avgLength);
    let score = 0;
    for (const piece of pieces) {
      const tf = countPiece(text, piece);
      if (tf > 0) score += (this.idf(piece) * (tf * (K1 + 1))) / (tf + norm);
    }
    return score;
  }
}
