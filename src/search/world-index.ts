/**
 * SearchWorld: an open world prepared for search. Page metadata, passages and their fact provenance
 * are read once when the world is opened (a few hundred rows), so a search is one FTS5 statement
 * (`MATCH`, ranked by FTS5's `bm25()`) plus work in memory; page bodies, tasks and facts are read on
 * first use.
 */
import type Database from 'better-sqlite3';
import { FictionError } from '../errors.js';
import { loadFacts, loadTasks } from '../db/load.js';
import { openWorld, type OpenWorld } from '../db/open.js';
import type { Fact, Task } from '../world/types.js';
import type { PreparedQuery } from './query.js';
import { isExactPrefix, rankPages } from './rank-pages.js';
import type { Candidate, MatchedPassage, PageRecord, PassageRecord } from './types.js';

/**
 * First passage window fetched per search. 96 passages hold the 15 pages of a first result page (10
 * results + 5 spares) for 99% of realistic queries; when they do not, one more query takes every match.
 */
export const FIRST_PASSAGE_LIMIT = 96;
const ALL_PASSAGES = 1_000_000;

export class SearchWorld {
  readonly world: OpenWorld;
  private readonly pages: PageRecord[] = [];
  private readonly pageById = new Map<number, PageRecord>();
  private readonly pageByUrl = new Map<string, PageRecord>();
  private readonly passageById = new Map<number, PassageRecord>();
  private readonly passagesByPage = new Map<number, PassageRecord[]>();
  private readonly hosts = new Set<string>();
  private readonly matchStmt: Database.Statement;
  private readonly bodyStmt: Database.Statement;
  private tasks: Map<string, Task> | undefined;
  private facts: Map<number, Fact> | undefined;

  constructor(world: OpenWorld) {
    this.world = world;
    const db = world.db;
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
    this.matchStmt = db.prepare('SELECT rowid, bm25(passages_fts) AS score FROM passages_fts WHERE passages_fts MATCH ? ORDER BY score, rowid LIMIT ?').raw();
    this.bodyStmt = db.prepare('SELECT body FROM documents WHERE id = ?').pluck();
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
    if (!this.tasks) this.tasks = new Map(loadTasks(this.world).map((t) => [t.id, t]));
    return this.tasks.get(id);
  }

  taskIds(): string[] {
    if (!this.tasks) this.task('');
    return [...this.tasks!.keys()];
  }

  fact(id: number): Fact | undefined {
    if (!this.facts) this.facts = new Map(loadFacts(this.world).map((f) => [f.id, f]));
    return this.facts.get(id);
  }

  /**
   * The passages matching a query, best first, at most `limit`: FTS5's bm25() score, ties by passage id.
   * Calling bm25() and sorting on its value costs about a third less than `ORDER BY rank` (the same
   * function, called through FTS5's rank column) for the same rows in the same order.
   */
  retrievePassages(query: PreparedQuery, limit: number): MatchedPassage[] {
    if (!query.match || limit <= 0) return [];
    const out: MatchedPassage[] = [];
    const add = (id: number, rank: number) => {
      const p = this.passageById.get(id);
      // An explicit literal, not a spread: one hidden class, several times faster on this hot path.
      if (p) out.push({ id: p.id, documentId: p.documentId, ord: p.ord, text: p.text, factIds: p.factIds, score: -rank });
    };
    for (const [id, rank] of this.matchStmt.all(query.match, limit) as [number, number][]) add(id, rank);
    return out;
  }

  /**
   * Pages ranked for a query (see rank-pages.ts), at least `want` of them when the world has that
   * many matching pages, the first `want` in the order every matching passage gives: when the first
   * passage window covers too few distinct pages, or cannot settle their order (isExactPrefix), a
   * second query takes every matching passage (at most two FTS5 queries per search).
   */
  retrieve(query: PreparedQuery, want: number): Candidate[] {
    if (!query.match || want <= 0) return [];
    const limit = Math.max(FIRST_PASSAGE_LIMIT, want * 6);
    const passages = this.retrievePassages(query, limit);
    const ranked = rankPages(passages, this.pageById);
    if (passages.length < limit || (ranked.length >= want && isExactPrefix(ranked, want, passages.at(-1)!.score))) return ranked;
    return rankPages(this.retrievePassages(query, ALL_PASSAGES), this.pageById);
  }

  close(): void {
    this.world.db.close();
  }
}

/** Open a world file (or wrap an open one) for search. */
export function createSearchWorld(world: string | OpenWorld): SearchWorld {
  return new SearchWorld(typeof world === 'string' ? openWorld(world) : world);
}
