/**
 * The oracle's hands: web_search and web_extractor through a session-bound tool function, counted
 * against a budget. A simulated fault is retried while the budget lasts (each try is a call). Opened
 * pages are read into the oracle's knowledge.
 */
import type { PageObservationJson, SearchObservationJson } from '../render/observation.js';
import { Knowledge } from './knowledge.js';
import type { ToolFn } from './oracle-task.js';
import { readPage, type PageReading } from './page-read.js';

export interface SearchHit {
  query: string;
  rank: number;
  url: string;
  title: string;
  snippet: string;
}

/** Faults retried per call before giving up. */
const RETRIES = 2;

export class Browser {
  calls = 0;
  readonly knowledge = new Knowledge();
  /** Every query sent so far (lower-cased), to avoid repeating one. */
  readonly asked = new Set<string>();
  /** Every result seen so far, in the order seen: a page found by one search need not be searched again. */
  readonly hits: SearchHit[] = [];

  constructor(
    private readonly tool: ToolFn,
    public budget: number,
  ) {}

  get left(): number {
    return Math.max(0, this.budget - this.calls);
  }

  /** One web_search call with up to 8 queries; the hits of each query (empty on failure or no budget). */
  async search(queries: readonly string[], page = 1): Promise<SearchHit[][]> {
    const list = [...new Set(queries.map((q) => q.trim()).filter((q) => q.length > 0))].slice(0, 8);
    if (list.length === 0) return [];
    for (const q of list) this.asked.add(page === 1 ? q.toLowerCase() : `${q.toLowerCase()}\u0000${page}`);
    for (let attempt = 0; attempt <= RETRIES && this.left > 0; attempt++) {
      this.calls++;
      const args = list.length === 1 ? { query: list[0] } : { queries: list };
      const obs = await this.tool({ name: 'web_search', arguments: page === 1 ? args : { ...args, page } });
      if (obs.error) continue;
      const json = obs.json as SearchObservationJson;
      const out = json.queries.map((block, i) =>
        (block.error ? [] : block.results).map((r) => ({ query: list[i] ?? block.query, rank: r.rank, url: r.url, title: r.title, snippet: r.snippet ?? '' })),
      );
      // Queries that failed inside the batch are sent again once, together.
      const failed = json.queries.flatMap((block, i) => (block.error ? [i] : []));
      if (failed.length > 0 && attempt < RETRIES && this.left > 0) {
        const again = await this.search(
          failed.map((i) => list[i]!),
          page,
        );
        failed.forEach((i, k) => (out[i] = again[k] ?? []));
      }
      this.hits.push(...out.flat());
      return out;
    }
    return [];
  }

  /** One web_extractor call; the page as read, or null. Pages already opened are not opened again. */
  async open(url: string): Promise<PageReading | null> {
    const seen = this.knowledge.pages.find((p) => p.url === url);
    if (seen) return seen;
    for (let attempt = 0; attempt <= RETRIES && this.left > 0; attempt++) {
      this.calls++;
      const obs = await this.tool({ name: 'web_extractor', arguments: { url } });
      const json = obs.json as PageObservationJson;
      if (obs.error?.type === 'page_not_found' || obs.error?.type === 'host_unreachable') return null;
      if (obs.error || json.content === null) continue;
      const reading = readPage(json.url, json.title ?? '', json.content);
      this.knowledge.add(reading);
      return reading;
    }
    return null;
  }
}
