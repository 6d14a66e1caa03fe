/**
 * SearchWorld: an open world prepared for search. Page metadata, passages and their fact provenance
 * are read once when the world is opened (a few hundred rows), so a search is one FTS5 statement
 * (`MATCH`, ranked by FTS5's `bm25()`) plus work in memory; page bodies, tasks and facts are read on
 * first use.
 *
 * `without(passages, pages)` makes a smaller world: the same world as if those passages and pages did
 * not exist. Its FTS5 index is a copy of the world's (a few hundred KB, copied in a few milliseconds
 * into the connection's temp schema) with those rows deleted, so bm25's statistics (row count, average
 * length, each term's document count) are the smaller world's own, and retrieval, ranking, snippets
 * and pagination run over it by the same code as over any world. The leakage guard searches such a
 * view for a query unrelated to its task (src/leakage/guard-view.ts).
 *
 * The index's tokenizer is read from the world file (its DDL, src/db/ddl.ts): a word index (English)
 * takes the prepared query's MATCH as it is; a trigram index (Chinese) reads the query as
 * trigram-query.ts cuts it, with the index's own vocabulary (a view's is its own), and the passages it
 * finds are scored by piece-score.ts (BM25 over the query's pieces, with this world's statistics)
 * instead of bm25().
 */
import type Database from 'better-sqlite3';
import { ftsTokenizerOf, isTrigramTokenizer } from '../db/ddl.js';
import { FictionError } from '../errors.js';
import { loadFacts, loadTasks } from '../db/load.js';
import { openWorld, type OpenWorld } from '../db/open.js';
import type { Fact, Task } from '../world/types.js';
import type { PreparedQuery } from './query.js';
import { isExactPrefix, rankPages } from './rank-pages.js';
import { PieceScorer } from './piece-score.js';
import { type IndexQuery, TrigramVocabulary, trigramQuery } from './trigram-query.js';
import type { Candidate, MatchedPassage, PageRecord, PassageRecord } from './types.js';

/**
 * First passage window ranked per search (at least 6 per page wanted): when the pages it ranks do not
 * settle the first ones wanted (isExactPrefix), every match of the same evaluation is ranked.
 */
export const FIRST_PASSAGE_LIMIT = 96;
/** FTS5's shadow tables that hold an index (the content itself stays in `passages`). */
const FTS_SHADOWS = ['data', 'idx', 'docsize'] as const;
/** Views made on each connection, to name their temp tables. */
const viewCounts = new WeakMap<Database.Database, number>();

const NO_GAPS: ReadonlySet<number> = new Set();

/** What a view leaves out of its world. */
interface Hidden {
  passages: ReadonlySet<number>;
  pages: ReadonlySet<number>;
}

export class SearchWorld {
  readonly world: OpenWorld;
  /** The whole world this one is a view of (itself for a whole world). */
  readonly base: SearchWorld;
  /** The temp FTS5 table of a view, or null for a whole world. */
  private readonly viewTable: string | null;
  private readonly pages: PageRecord[] = [];
  private readonly pageById = new Map<number, PageRecord>();
  private readonly pageByUrl = new Map<string, PageRecord>();
  private readonly passageById = new Map<number, PassageRecord>();
  private readonly passagesByPage = new Map<number, PassageRecord[]>();
  private readonly hosts = new Set<string>();
  /** Positions in a page's passages after which the page has a passage this world does not (gapsAfter). */
  private readonly gapsByPage = new Map<number, ReadonlySet<number>>();
  private readonly matchStmt: Database.Statement;
  /** Every match with its bm25() score, unsorted (retrieve sorts them: see there). */
  private readonly everyMatchStmt: Database.Statement;
  private readonly bodyStmt: Database.Statement;
  private tasks: Map<string, Task> | undefined;
  private facts: Map<number, Fact> | undefined;
  /** The FTS5 tokenizer of the world's indexes, as the file's DDL says. */
  readonly tokenizer: string;
  /** Whether the index is of character trigrams (Chinese worlds), so queries are cut to fit it. */
  readonly trigram: boolean;
  private vocabulary: TrigramVocabulary | undefined;
  private scorer: PieceScorer | undefined;
  /** Each query as this world's trigram index reads it (queries are made once per search and kept by it). */
  private readonly indexQueries = new WeakMap<PreparedQuery, IndexQuery>();

  constructor(world: OpenWorld, view?: { base: SearchWorld; hidden: Hidden }) {
    this.world = world;
    this.base = view?.base ?? this;
    const db = world.db;
    this.bodyStmt = db.prepare('SELECT body FROM documents WHERE id = ?').pluck();
    this.tokenizer = view ? view.base.tokenizer : ftsTokenizerOf(db);
    this.trigram = isTrigramTokenizer(this.tokenizer);
    if (view) {
      this.viewTable = this.copyIndexWithout(view.base, view.hidden);
      this.matchStmt = db
        .prepare(`SELECT rowid, bm25(${this.viewTable}) AS score FROM temp.${this.viewTable} WHERE ${this.viewTable} MATCH ? ORDER BY score, rowid LIMIT ?`)
        .raw();
      this.everyMatchStmt = db.prepare(`SELECT rowid, bm25(${this.viewTable}) FROM temp.${this.viewTable} WHERE ${this.viewTable} MATCH ?`).raw();
      return;
    }
    this.viewTable = null;
    for (const p of db.prepare('SELECT id, url, title, site, published, kind FROM documents ORDER BY id').all() as PageRecord[]) {
      const page: PageRecord = { id: p.id, url: p.url, title: p.title, site: p.site, published: p.published ?? null, kind: p.kind };
      this.pages.push(page);
      this.pageById.set(page.id, page);
      this.pageByUrl.set(page.url, page);
      this.hosts.add(page.site.toLowerCase());
    }
    const factIds = new Map<number, number[]>();
    for (const [pid, fid] of db.prepare('SELECT passage_id, fact_id FROM passage_facts ORDER BY passage_id, fact_id').raw().all() as [number, number][]) {
      const list = factIds.get(pid);
      if (list) list.push(fid);
      else factIds.set(pid, [fid]);
    }
    for (const [id, documentId, ord, text] of db.prepare('SELECT id, document_id, ord, text FROM passages ORDER BY document_id, ord, id').raw().all() as [
      number,
      number,
      number,
      string,
    ][]) {
      const passage: PassageRecord = { id, documentId, ord, text, factIds: factIds.get(id) ?? [] };
      this.passageById.set(id, passage);
      const list = this.passagesByPage.get(documentId);
      if (list) list.push(passage);
      else this.passagesByPage.set(documentId, [passage]);
    }
    this.findGaps();
    this.matchStmt = db.prepare('SELECT rowid, bm25(passages_fts) AS score FROM passages_fts WHERE passages_fts MATCH ? ORDER BY score, rowid LIMIT ?').raw();
    this.everyMatchStmt = db.prepare('SELECT rowid, bm25(passages_fts) FROM passages_fts WHERE passages_fts MATCH ?').raw();
  }

  /** Where a page's passages skip an ord (a passage of the page is not in this world): see gapsAfter. */
  private findGaps(): void {
    for (const [pageId, list] of this.passagesByPage) {
      let gaps: Set<number> | undefined;
      for (let i = 0; i + 1 < list.length; i++) {
        const a: unknown = list[i]!.ord;
        const b: unknown = list[i + 1]!.ord;
        if (typeof a === 'number' && typeof b === 'number' && b !== a + 1) (gaps ??= new Set()).add(i);
      }
      if (gaps) this.gapsByPage.set(pageId, gaps);
    }
  }

  /**
   * Fill this view's records from `base` without the hidden passages and pages, and make its FTS5
   * index: a contentless table in the temp schema, its shadow tables copied from the world's index,
   * then each hidden passage deleted from it (FTS5's 'delete' command, given the text it indexed).
   * Writing shadow tables needs SQLite's defensive mode off for the copy (better-sqlite3's unsafe
   * mode), on the temp schema only; the world file is opened read-only.
   */
  private copyIndexWithout(base: SearchWorld, hidden: Hidden): string {
    const gone = (p: PassageRecord) => hidden.passages.has(p.id) || hidden.pages.has(p.documentId);
    for (const page of base.pages) {
      if (hidden.pages.has(page.id)) continue;
      this.pages.push(page);
      this.pageById.set(page.id, page);
      this.pageByUrl.set(page.url, page);
      const kept = base.passagesOf(page.id).filter((p) => !gone(p));
      this.passagesByPage.set(page.id, kept);
      for (const p of kept) this.passageById.set(p.id, p);
    }
    for (const host of base.hosts) this.hosts.add(host);
    this.findGaps();
    const db = this.world.db;
    const n = (viewCounts.get(db) ?? 0) + 1;
    viewCounts.set(db, n);
    const table = `guard_view_${n}`;
    db.pragma('temp_store = MEMORY');
    db.exec(`CREATE VIRTUAL TABLE temp.${table} USING fts5(text, content='', tokenize='${this.tokenizer.replace(/'/g, "''")}')`);
    db.unsafeMode(true);
    try {
      for (const s of FTS_SHADOWS) db.exec(`DELETE FROM temp.${table}_${s}; INSERT INTO temp.${table}_${s} SELECT * FROM main.passages_fts_${s};`);
    } finally {
      db.unsafeMode(false);
    }
    const del = db.prepare(`INSERT INTO temp.${table}(${table}, rowid, text) VALUES ('delete', ?, ?)`);
    db.transaction(() => {
      for (const p of base.passageById.values()) if (gone(p)) del.run(p.id, p.text);
    })();
    return table;
  }

  /**
   * This world as if `passages` and the pages `pages` (with all their passages) did not exist: a
   * SearchWorld whose retrieval, ranking and snippets see only the rest. Made once and kept (a view
   * holds a copy of the passage index, a few hundred KB); `close()` drops it.
   */
  without(passages: ReadonlySet<number>, pages: ReadonlySet<number>): SearchWorld {
    return new SearchWorld(this.world, { base: this.base, hidden: { passages, pages } });
  }

  get id(): string {
    return this.world.id;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Every page, in id order. */
  allPages(): readonly PageRecord[] {
    return this.pages;
  }

  page(id: number): PageRecord | undefined {
    return this.pageById.get(id);
  }

  pageAt(url: string): PageRecord | undefined {
    return this.pageByUrl.get(url);
  }

  /** Is `host` one of the world's sites? */
  hasHost(host: string): boolean {
    return this.hosts.has(host.toLowerCase());
  }

  /** A page's passages in page order (ord 0 is its title). */
  passagesOf(pageId: number): readonly PassageRecord[] {
    return this.passagesByPage.get(pageId) ?? [];
  }

  /**
   * Positions `i` in `passagesOf(pageId)` where passage `i + 1` is not the one that follows passage
   * `i` on the page (their ords are not consecutive: this world, a view or a file, has no passage of
   * the page between them): a snippet does not join them as neighbours. Empty for a whole page.
   */
  gapsAfter(pageId: number): ReadonlySet<number> {
    return this.gapsByPage.get(pageId) ?? NO_GAPS;
  }

  passage(id: number): PassageRecord | undefined {
    return this.passageById.get(id);
  }

  /** The page's Markdown body. */
  body(pageId: number): string {
    const body = this.bodyStmt.get(pageId) as string | undefined;
    if (body === undefined) throw new FictionError('NOT_FOUND', `no page ${pageId} in world ${this.id}`);
    return body;
  }

  task(id: string): Task | undefined {
    if (this.base !== this) return this.base.task(id);
    if (!this.tasks) this.tasks = new Map(loadTasks(this.world).map((t) => [t.id, t]));
    return this.tasks.get(id);
  }

  taskIds(): string[] {
    if (this.base !== this) return this.base.taskIds();
    if (!this.tasks) this.task('');
    return [...this.tasks!.keys()];
  }

  fact(id: number): Fact | undefined {
    if (this.base !== this) return this.base.fact(id);
    if (!this.facts) this.facts = new Map(loadFacts(this.world).map((f) => [f.id, f]));
    return this.facts.get(id);
  }

  /**
   * The passages matching a query, best first, at most `limit`: FTS5's bm25() score, ties by passage id.
   * Calling bm25() and sorting on its value costs about a third less than `ORDER BY rank` (the same
   * function, called through FTS5's rank column) for the same rows in the same order.
   */
  retrievePassages(query: PreparedQuery, limit: number): MatchedPassage[] {
    const match = this.matchOf(query);
    if (!match || limit <= 0) return [];
    const out: MatchedPassage[] = [];
    const rows = this.trigram ? this.rescored(this.everyMatchStmt.all(match) as [number, number][], query).slice(0, limit) : this.matchStmt.all(match, limit);
    for (const [id, rank] of rows as [number, number][]) this.addMatched(out, id, rank);
    return out;
  }

  /**
   * Pages ranked for a query (see rank-pages.ts), at least `want` of them when the world has that
   * many matching pages, the first `want` in the order every matching passage gives: when the first
   * passage window covers too few distinct pages, or cannot settle their order (isExactPrefix), every
   * matching passage is read (one FTS5 query per search, read past its window only then).
   */
  retrieve(query: PreparedQuery, want: number): Candidate[] {
    const match = this.matchOf(query);
    if (!match || want <= 0) return [];
    const limit = Math.max(FIRST_PASSAGE_LIMIT, want * 6);
    // One FTS5 evaluation: every match is scored before the first row can be known, so every row is
    // read at once (`all`, several times cheaper per row than stepping an iterator), sorted here in
    // matchStmt's order (score, then rowid: the same doubles compared, cheaper than SQLite's sorter),
    // and ranked in two steps: the first window, then every match only when the window does not
    // settle the first pages.
    const found = this.everyMatchStmt.all(match) as [number, number][];
    const rows = this.trigram ? this.rescored(found, query) : found.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const passages: MatchedPassage[] = [];
    const first = Math.min(limit, rows.length);
    for (let n = 0; n < first; n++) this.addMatched(passages, rows[n]![0], rows[n]![1]);
    const ranked = rankPages(passages, this.pageById);
    if (passages.length < limit || (ranked.length >= want && isExactPrefix(ranked, want, passages.at(-1)!.score))) return ranked;
    for (let n = first; n < rows.length; n++) this.addMatched(passages, rows[n]![0], rows[n]![1]);
    return rankPages(passages, this.pageById);
  }

  /** The MATCH expression of a query over this world's index. */
  matchOf(query: PreparedQuery): string | null {
    return this.trigram ? this.indexQuery(query).match : query.match;
  }

  /** What a snippet looks for in a passage of this world: the query's words, or its trigram pieces. */
  snippetTerms(query: PreparedQuery): readonly string[] {
    return this.trigram ? this.indexQuery(query).terms : query.tokens;
  }

  /**
   * A trigram index's matches scored by the query's pieces (piece-score.ts) as FTS5 ranks come (the
   * negated score), best first, ties by passage id; a match where no piece occurs as a whole word
   * (an "x3" found only inside "x30") is dropped.
   */
  private rescored(rows: [number, number][], query: PreparedQuery): [number, number][] {
    this.scorer ??= new PieceScorer(this.passageById.values());
    const pieces = this.indexQuery(query).terms;
    const out: [number, number][] = [];
    for (const [id] of rows) {
      const score = this.scorer.score(id, pieces);
      if (score > 0) out.push([id, -score]);
    }
    return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  }

  private indexQuery(query: PreparedQuery): IndexQuery {
    let q = this.indexQueries.get(query);
    if (!q) {
      this.vocabulary ??= TrigramVocabulary.read(this.world.db, this.viewTable ? 'temp' : 'main', this.viewTable ?? 'passages_fts');
      q = trigramQuery(query, this.vocabulary);
      this.indexQueries.set(query, q);
    }
    return q;
  }

  private addMatched(out: MatchedPassage[], id: number, rank: number): void {
    const p = this.passageById.get(id);
    // An explicit literal, not a spread: one hidden class, several times faster on this hot path.
    if (p) out.push({ id: p.id, documentId: p.documentId, ord: p.ord, text: p.text, factIds: p.factIds, score: -rank });
  }

  /** Close the world file; for a view, drop its index (the world stays open). */
  close(): void {
    if (this.viewTable === null) this.world.db.close();
    else if (this.world.db.open) this.world.db.exec(`DROP TABLE IF EXISTS temp.${this.viewTable}`);
  }
}

/** Open a world file (or wrap an open one) for search. */
export function createSearchWorld(world: string | OpenWorld): SearchWorld {
  return new SearchWorld(typeof world === 'string' ? openWorld(world) : world);
}
