/**
 * FTS5's bm25 ranking of a world's passages, computed in memory from FTS5's own index: the same rows,
 * the same scores to the last bit, the same order, about five times faster than the MATCH statement.
 *
 * Built from what FTS5 itself stored, never re-derived: every (term, passage, offset) through the
 * fts5vocab `instance` table, each passage's token count from `passages_fts_docsize`, the row count and
 * total token count from the index's averages record. A query token becomes the phrase FTS5 would
 * make of it by asking FTS5's tokenizer (fts-tokens.ts). The score is fts5Bm25Function's (k1 = 1.2,
 * b = 0.75; per phrase idf = ln((N − n + 0.5) / (n + 0.5)), at least 1e-6, with ln taken by SQLite so
 * it is the same libm call; the sum in phrase order), the rank its negation, ties in rowid order, as
 * `ORDER BY rank` gives them. test/search/memory-index.test.ts holds it to FTS5 on thousands of
 * queries. A token FTS5 would keep nothing of returns null: the caller asks FTS5 itself.
 */
import type Database from 'better-sqlite3';
import { ftsStemsOf } from './fts-tokens.js';
import { prepareQuery } from './query.js';

const K1 = 1.2;
const B = 0.75;

/** One row as `SELECT rowid, rank FROM passages_fts ... ORDER BY rank` returns it. */
export type RankedRow = [id: number, rank: number];

interface PhraseHits {
  slots: ArrayLike<number>;
  counts: ArrayLike<number>;
}

const NO_HITS: PhraseHits = { slots: [], counts: [] };

/** The varints at the start of an FTS5 record (SQLite's 4-bit-continuation varint format). */
function readVarints(blob: Uint8Array, count: number): number[] {
  const out: number[] = [];
  let i = 0;
  while (out.length < count && i < blob.length) {
    let v = 0;
    for (let k = 0; k < 9 && i < blob.length; k++) {
      const byte = blob[i++]!;
      if (k === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    out.push(v);
  }
  return out;
}

function sortedByTermDocOffset(rows: readonly [string, number, number][]): boolean {
  for (let i = 1; i < rows.length; i++) {
    const [t1, d1, o1] = rows[i - 1]!;
    const [t2, d2, o2] = rows[i]!;
    if (t1 > t2 || (t1 === t2 && (d1 > d2 || (d1 === d2 && o1 >= o2)))) return false;
  }
  return true;
}

/** Does slot `a` rank before slot `b`: higher score first, ties in slot (rowid) order. A total order. */
const before = (scores: Float64Array, a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);

/** Sorting in place by insertion pays below this many slots (no working copy, as Array.prototype.sort makes). */
const INSERTION_SORT_MAX = 256;

/** Sort `slots[0..n)` best first, in place. */
function sortSlots(slots: Int32Array, n: number, scores: Float64Array): void {
  if (n > INSERTION_SORT_MAX) {
    const sorted = Array.from(slots.subarray(0, n)).sort((a, b) => (a === b ? 0 : before(scores, a, b) ? -1 : 1));
    slots.set(sorted);
    return;
  }
  for (let i = 1; i < n; i++) {
    const slot = slots[i]!;
    let j = i - 1;
    while (j >= 0 && before(scores, slot, slots[j]!)) {
      slots[j + 1] = slots[j]!;
      j--;
    }
    slots[j + 1] = slot;
  }
}

/**
 * Put the first `limit` of `slots[0..n)` in rank order at its front, in place, and return how many
 * that is: all of them, sorted, when there are at most 2 × `limit`; else exactly the best `limit`. A
 * question's common words touch most passages while a search keeps about a hundred, so the best
 * `limit` are selected first (quickselect) and only they are sorted; the order is total (slots are
 * distinct), so the result is the head of a full sort.
 */
function bestFirst(slots: Int32Array, n: number, scores: Float64Array, limit: number): number {
  if (n <= limit * 2) {
    sortSlots(slots, n, scores);
    return Math.min(n, limit);
  }
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    // Hoare partition of slots[lo..hi] around the middle slot: better ones left, worse right.
    const pivot = slots[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(scores, slots[i]!, pivot)) i++;
      while (before(scores, pivot, slots[j]!)) j--;
      if (i <= j) {
        const t = slots[i]!;
        slots[i++] = slots[j]!;
        slots[j--] = t;
      }
    }
    if (limit - 1 <= j) hi = j;
    else if (limit - 1 >= i) lo = i;
    else break;
  }
  sortSlots(slots, limit, scores);
  return limit;
}

export class PassageIndex {
  private readonly ids: Int32Array;
  private readonly sizes: Float64Array;
  /**
   * Postings, packed: term t's rows are postings termStart[t]..termStart[t+1], each a passage slot, its
   * instance count and its offsets pos[posStart[p]..posStart[p+1]).
   */
  private readonly terms = new Map<string, number>();
  private readonly termStart: Int32Array;
  private readonly slots: Int32Array;
  private readonly counts: Int32Array;
  private readonly posStart: Int32Array;
  private readonly pos: Int32Array;
  private readonly idfs: Float64Array;
  private readonly lnStmt: Database.Statement;
  private readonly scores: Float64Array;
  /** Scratch of every search: the slots it touched (their scores are non-zero until it ends). */
  private readonly touched: Int32Array;
  private readonly avgdl: number;
  readonly rowCount: number;

  private constructor(db: Database.Database) {
    const averages = db.prepare('SELECT block FROM passages_fts_data WHERE id = 1').pluck().get() as Uint8Array | undefined;
    const [nRow = 0, nToken = 0] = averages ? readVarints(averages, 2) : [];
    this.rowCount = nRow;
    this.avgdl = nToken / nRow;

    const sized = db.prepare('SELECT id, sz FROM passages_fts_docsize ORDER BY id').raw().all() as [number, Uint8Array][];
    this.ids = new Int32Array(sized.length);
    this.sizes = new Float64Array(sized.length);
    const slotOf = new Map<number, number>();
    sized.forEach(([id, sz], slot) => {
      this.ids[slot] = id;
      this.sizes[slot] = readVarints(sz, 1)[0] ?? 0;
      slotOf.set(id, slot);
    });
    if (sized.length !== nRow) throw new Error(`FTS5 counts ${nRow} rows but sizes ${sized.length}`);
    this.scores = new Float64Array(sized.length);
    this.touched = new Int32Array(sized.length);
    this.idfs = new Float64Array(nRow + 1).fill(Number.NaN);
    this.lnStmt = db.prepare('SELECT ln(?)').pluck();

    db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fw_passages_vocab USING fts5vocab(main, passages_fts, 'instance')");
    // fts5vocab walks the index in (term, rowid, offset) order; one sweep packs the postings.
    const rows = db.prepare('SELECT term, doc, offset FROM temp.fw_passages_vocab').raw().all() as [string, number, number][];
    if (!sortedByTermDocOffset(rows)) rows.sort(([t1, d1, o1], [t2, d2, o2]) => (t1 < t2 ? -1 : t1 > t2 ? 1 : d1 - d2 || o1 - o2));
    let nTerms = 0;
    let nPostings = 0;
    for (let j = 0; j < rows.length; j++) {
      const newTerm = j === 0 || rows[j]![0] !== rows[j - 1]![0];
      if (newTerm) nTerms++;
      if (newTerm || rows[j]![1] !== rows[j - 1]![1]) nPostings++;
    }
    this.termStart = new Int32Array(nTerms + 1);
    this.slots = new Int32Array(nPostings);
    this.counts = new Int32Array(nPostings);
    this.posStart = new Int32Array(nPostings + 1);
    this.pos = new Int32Array(rows.length);
    let t = -1;
    let p = -1;
    for (let j = 0; j < rows.length; j++) {
      const [term, doc, offset] = rows[j]!;
      const newTerm = j === 0 || term !== rows[j - 1]![0];
      if (newTerm) {
        this.terms.set(term, ++t);
        this.termStart[t] = p + 1;
      }
      if (newTerm || doc !== rows[j - 1]![1]) {
        const slot = slotOf.get(doc);
        if (slot === undefined) throw new Error(`passage ${doc} is indexed but has no size`);
        this.slots[++p] = slot;
        this.posStart[p] = j;
      }
      this.counts[p]!++;
      this.pos[j] = offset;
    }
    this.termStart[nTerms] = nPostings;
    this.posStart[nPostings] = rows.length;
  }

  /**
   * The index of the world open on `db` (its passages_fts), or null when FTS5's index cannot be read so
   * or the index does not rank the world's titles exactly as FTS5 does (the caller then keeps FTS5).
   */
  static build(db: Database.Database): PassageIndex | null {
    try {
      const index = new PassageIndex(db);
      const agrees = index.agreesWithFts(db);
      // The scan pulled the whole FTS5 index into this connection's page cache; searches no longer read it.
      db.pragma('shrink_memory');
      return agrees ? index : null;
    } catch {
      return null;
    }
  }

  /** fts5Bm25Function's idf for a phrase found in `hits` rows. */
  private idf(hits: number): number {
    let v = this.idfs[hits]!;
    if (Number.isNaN(v)) {
      v = this.lnStmt.get((this.rowCount - hits + 0.5) / (hits + 0.5)) as number;
      if (v <= 0.0) v = 1e-6;
      this.idfs[hits] = v;
    }
    return v;
  }

  /** Where the phrase `stems` occurs: rows and instance counts (consecutive offsets for several stems). */
  private phrase(stems: readonly string[]): PhraseHits {
    const ranges: [number, number][] = [];
    for (const stem of stems) {
      const t = this.terms.get(stem);
      if (t === undefined) return NO_HITS;
      ranges.push([this.termStart[t]!, this.termStart[t + 1]!]);
    }
    const [from, to] = ranges[0]!;
    if (ranges.length === 1) return { slots: this.slots.subarray(from, to), counts: this.counts.subarray(from, to) };
    const slots: number[] = [];
    const counts: number[] = [];
    const cursor = ranges.map(([start]) => start);
    for (let p = from; p < to; p++) {
      const slot = this.slots[p]!;
      // The posting of each later stem in this passage, if it has one.
      const at: number[] = [];
      for (let k = 1; k < ranges.length; k++) {
        let c = cursor[k]!;
        while (c < ranges[k]![1] && this.slots[c]! < slot) c++;
        cursor[k] = c;
        if (c < ranges[k]![1] && this.slots[c] === slot) at.push(c);
      }
      if (at.length !== ranges.length - 1) continue;
      let n = 0;
      for (let j = this.posStart[p]!; j < this.posStart[p + 1]!; j++) {
        const o = this.pos[j]!;
        if (at.every((q, k) => this.hasOffset(q, o + k + 1))) n++;
      }
      if (n > 0) {
        slots.push(slot);
        counts.push(n);
      }
    }
    return { slots, counts };
  }

  private hasOffset(posting: number, offset: number): boolean {
    for (let j = this.posStart[posting]!; j < this.posStart[posting + 1]!; j++) if (this.pos[j] === offset) return true;
    return false;
  }

  /**
   * The best `limit` rows for the OR of the quoted `tokens` (query.ts's tokens), as FTS5 ranks them;
   * null when a token is one FTS5 keeps nothing of (the caller asks FTS5).
   */
  search(tokens: readonly string[], limit: number): RankedRow[] | null {
    const out: RankedRow[] = [];
    return this.each(tokens, limit, (id, rank) => out.push([id, rank])) ? out : null;
  }

  /**
   * `search` without the rows: `row(id, rank)` for each, best first, nothing allocated per row (a
   * server runs thousands of searches a second). False, with no rows, where `search` gives null.
   * `row` must not search this index: the scratch arrays are in use while it runs.
   */
  each(tokens: readonly string[], limit: number, row: (id: number, rank: number) => void): boolean {
    const phrases: PhraseHits[] = [];
    for (const stems of ftsStemsOf(tokens)) {
      if (stems.length === 0) return false;
      phrases.push(this.phrase(stems));
    }
    if (this.rowCount === 0 || limit <= 0) return true;
    const scores = this.scores;
    const touched = this.touched;
    let n = 0;
    try {
      for (const hits of phrases) {
        const count = hits.slots.length;
        if (count === 0) continue;
        const idf = this.idf(count);
        for (let i = 0; i < count; i++) {
          const slot = hits.slots[i]!;
          const f = hits.counts[i]!;
          const D = this.sizes[slot]!;
          if (scores[slot] === 0) touched[n++] = slot;
          scores[slot] += idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * D) / this.avgdl)));
        }
      }
      const k = bestFirst(touched, n, scores, limit);
      for (let i = 0; i < k; i++) row(this.ids[touched[i]!]!, -1.0 * scores[touched[i]!]!);
      return true;
    } finally {
      // The scratch scores are shared by every search of this index: leave them clean whatever happens.
      for (let i = 0; i < n; i++) scores[touched[i]!] = 0;
    }
  }

  /**
   * Does this index rank as FTS5 does on `db`, to the bit? Checked on the world's own page titles when
   * the index is built: the equality rests on both computing bm25 with the same floating-point steps,
   * which a C compiler that fuses multiply-adds (clang on arm64) would break.
   */
  private agreesWithFts(db: Database.Database): boolean {
    const match = db.prepare('SELECT rowid, rank FROM passages_fts WHERE passages_fts MATCH ? ORDER BY rank LIMIT ?').raw();
    const titles = db.prepare('SELECT title FROM documents ORDER BY id LIMIT 4').pluck().all() as string[];
    for (const title of titles) {
      const q = prepareQuery(title);
      if (!q.match) continue;
      const mine = this.search(q.tokens, 50);
      if (mine === null) continue;
      const theirs = match.all(q.match, 50) as RankedRow[];
      if (mine.length !== theirs.length || mine.some(([id, rank], i) => id !== theirs[i]![0] || rank !== theirs[i]![1])) return false;
    }
    return true;
  }
}
