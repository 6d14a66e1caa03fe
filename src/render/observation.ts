/**
 * Observations as the agent reads them: the Qwen-AgentWorld search text format and JSON with the same
 * content. Search, per query:
 *
 *   Results for "<query>":
 *   [1] <url>
 *   Title: <title>
 *   Snippet: <snippet>
 *   Date: Mar 4, 2029            (or N/A)
 *
 *   [2] ...
 *
 *   More results are available: request page 2.   (when there are: the JSON's hasMore)
 *
 * A batch gives one block per query, separated by a blank line. Pages (web_extractor) are Markdown
 * with Title/URL/Date lines above the body. Simulated faults are observations: their message is the
 * text, and the JSON carries an `error` field.
 */
import { formatShortDate } from '../format.js';
import { collapseSpaces } from '../text.js';
import type { RenderedResult } from '../search/types.js';

export type FaultType = 'rate_limited' | 'server_error' | 'timeout' | 'query_failed' | 'page_not_found' | 'host_unreachable';

export interface ObservationError {
  type: FaultType;
  message: string;
}

/** One query's part of a search observation, before formatting. */
export interface QueryBlock {
  query: string;
  page: number;
  /** Rank of the first result (results are numbered from it). */
  firstRank: number;
  results: readonly RenderedResult[];
  /** More results are behind the next page: the text says so in a last line, the JSON in `hasMore`. */
  hasMore: boolean;
  error?: ObservationError;
}

export interface SearchResultJson {
  rank: number;
  url: string;
  title: string;
  snippet: string | null;
  date: string;
  site: string;
}

export interface SearchQueryJson {
  query: string;
  page: number;
  results: SearchResultJson[];
  hasMore: boolean;
  error?: ObservationError;
}

export interface SearchObservationJson {
  tool: 'web_search';
  queries: SearchQueryJson[];
  error?: ObservationError;
}

export interface PageObservationJson {
  tool: 'web_extractor';
  url: string;
  title: string | null;
  site: string | null;
  date: string;
  content: string | null;
  error?: ObservationError;
}

export const NO_RESULTS = 'No results found.';

/** One line: renderer text never breaks the format (a fast check first: world text is already clean). */
const NOT_ONE_LINE = /[\t\n\v\f\r\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}|^ | $/;
const line = (text: string) => (NOT_ONE_LINE.test(text) ? collapseSpaces(text).trim() : text);

/** A result with every field on one line and its date formatted: what both formats show. */
function shownResult(r: RenderedResult, rank: number): SearchResultJson {
  const snippet = r.snippet ? line(r.snippet) : '';
  return { rank, url: line(r.url), title: line(r.title), snippet: snippet || null, date: formatShortDate(r.date), site: r.site };
}

function resultText(r: SearchResultJson): string {
  return `[${r.rank}] ${r.url}\nTitle: ${r.title}\nSnippet: ${r.snippet ?? 'N/A'}\nDate: ${r.date}`;
}

/** The last line of a query's block when more results are behind the next page (as the JSON's `hasMore` says). */
export const moreResultsLine = (page: number) => `More results are available: request page ${page + 1}.`;

function blockText(b: QueryBlock, results: readonly SearchResultJson[]): string {
  const head = `Results for "${b.query}":`;
  if (b.error) return `${head}\n${b.error.message}`;
  const more = b.hasMore ? `\n\n${moreResultsLine(b.page)}` : '';
  if (results.length === 0) return `${head}\n${NO_RESULTS}${more}`;
  // One join over every piece.
  const parts: string[] = [head];
  for (let i = 0; i < results.length; i++) parts.push(i === 0 ? '\n' : '\n\n', resultText(results[i]!));
  parts.push(more);
  return parts.join('');
}

function blockJson(b: QueryBlock, results: SearchResultJson[]): SearchQueryJson {
  const q: SearchQueryJson = { query: b.query, page: b.page, results, hasMore: b.hasMore };
  if (b.error) q.error = b.error;
  return q;
}

const shownResults = (b: QueryBlock) => (b.error ? [] : b.results.map((r, i) => shownResult(r, b.firstRank + i)));

export function formatQueryBlock(b: QueryBlock): string {
  return blockText(b, shownResults(b));
}

export function formatSearchText(blocks: readonly QueryBlock[], error?: ObservationError): string {
  if (error) return error.message;
  return blocks.map(formatQueryBlock).join('\n\n');
}

export function formatSearchJson(blocks: readonly QueryBlock[], error?: ObservationError): SearchObservationJson {
  const queries = blocks.map((b) => blockJson(b, shownResults(b)));
  return error ? { tool: 'web_search', queries, error } : { tool: 'web_search', queries };
}

/** Both formats at once (each result cleaned and dated once). */
export function formatSearch(blocks: readonly QueryBlock[], error?: ObservationError): { text: string; json: SearchObservationJson } {
  if (error) return { text: error.message, json: { tool: 'web_search', queries: blocks.map((b) => blockJson(b, [])), error } };
  const shown = blocks.map(shownResults);
  return {
    text: blocks.map((b, i) => blockText(b, shown[i]!)).join('\n\n'),
    json: { tool: 'web_search', queries: blocks.map((b, i) => blockJson(b, shown[i]!)) },
  };
}

export interface PageView {
  url: string;
  title: string;
  site: string;
  published: string | null;
  body: string;
}

export function formatPageText(p: PageView): string {
  return `Title: ${p.title}\nURL: ${p.url}\nDate: ${formatShortDate(p.published)}\n\n${p.body.trim()}`;
}

export function formatPageJson(p: PageView): PageObservationJson {
  return { tool: 'web_extractor', url: p.url, title: p.title, site: p.site, date: formatShortDate(p.published), content: p.body.trim() };
}

export function formatPageErrorJson(url: string, error: ObservationError): PageObservationJson {
  return { tool: 'web_extractor', url, title: null, site: null, date: 'N/A', content: null, error };
}
