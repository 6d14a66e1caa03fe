/**
 * Tool calls as agents send them, checked once for every edge. Arguments may be an object or the
 * JSON string function-calling APIs deliver. Bad arguments throw FictionError('BAD_INPUT') with a short
 * message; odd text inside a query is never an error (the query normaliser deals with it).
 */
import { FictionError } from '../errors.js';
import { MAX_QUERIES_PER_CALL, TOOL_NAMES, type ToolName } from '../tools/definitions.js';

/** Most queries in one web_search batch (the tool definitions' limit). */
export const MAX_BATCH = MAX_QUERIES_PER_CALL;
/** Highest page number. */
export const MAX_PAGE = 100;
/** Longest URL accepted by web_extractor. */
export const MAX_URL_CHARS = 4096;

export interface ToolCall {
  name: string;
  arguments?: unknown;
}

export interface SearchArgs {
  queries: string[];
  page: number;
}

export interface ExtractorArgs {
  url: string;
}

const bad = (msg: string) => new FictionError('BAD_INPUT', msg);

function argsObject(raw: unknown, tool: string): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw bad(`${tool} arguments are not valid JSON`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad(`${tool} arguments must be an object`);
  return value as Record<string, unknown>;
}

export function toolName(call: unknown): ToolName {
  const name = call !== null && typeof call === 'object' ? (call as ToolCall).name : undefined;
  if (typeof name !== 'string' || !TOOL_NAMES.includes(name as ToolName))
    throw bad(`unknown tool "${String(name).slice(0, 40)}" (known: ${TOOL_NAMES.join(', ')})`);
  return name as ToolName;
}

/** `{"query": "..."}`, `{"queries": [...]}` (or `query` given as a list), optional `page`. */
export function parseSearchArgs(raw: unknown): SearchArgs {
  const args = argsObject(raw, 'web_search');
  const { query, queries } = args;
  if (query !== undefined && queries !== undefined) throw bad('web_search takes "query" or "queries", not both');
  const given = queries ?? query;
  let list: unknown[];
  if (typeof given === 'string') list = [given];
  else if (Array.isArray(given)) list = given;
  else throw bad('web_search needs "query" (a string) or "queries" (a list of strings)');
  if (list.length === 0) throw bad('web_search "queries" must not be empty');
  if (list.length > MAX_BATCH) throw bad(`web_search takes at most ${MAX_BATCH} queries, got ${list.length}`);
  if (list.some((q) => typeof q !== 'string')) throw bad('every web_search query must be a string');
  let page = 1;
  if (args.page !== undefined && args.page !== null) {
    const p = typeof args.page === 'string' && /^\s*\d+\s*$/.test(args.page) ? Number(args.page) : args.page;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > MAX_PAGE) throw bad(`web_search "page" must be an integer from 1 to ${MAX_PAGE}`);
    page = p;
  }
  return { queries: list as string[], page };
}

/** `{"url": "..."}`. */
export function parseExtractorArgs(raw: unknown): ExtractorArgs {
  const args = argsObject(raw, 'web_extractor');
  if (typeof args.url !== 'string' || args.url.trim().length === 0) throw bad('web_extractor needs "url" (a string)');
  if (args.url.length > MAX_URL_CHARS) throw bad(`web_extractor "url" is longer than ${MAX_URL_CHARS} characters`);
  return { url: args.url };
}
