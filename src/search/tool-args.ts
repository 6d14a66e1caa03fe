/**
 * Tool calls as agents send them, checked once for every edge (the core, /v1/*, /mcp, stdio MCP) with
 * the tools' one declaration (src/tools/definitions.ts). Arguments may be an object or the JSON string
 * function-calling APIs deliver. Bad arguments throw FictionError('BAD_INPUT') with a short one-line
 * message; odd text inside a query is never an error (the query normaliser deals with it).
 */
import type { z } from 'zod';
import { FictionError } from '../errors.js';
import {
  MAX_PAGE,
  MAX_QUERIES_PER_CALL,
  MAX_URL_CHARS,
  TOOL_NAMES,
  webExtractorArgs,
  webSearchArgs,
  type ExtractorArgs,
  type SearchArgs,
  type ToolName,
} from '../tools/definitions.js';

export { MAX_PAGE, MAX_URL_CHARS, type ExtractorArgs, type SearchArgs };
/** Most queries in one web_search batch (the tool definitions' limit). */
export const MAX_BATCH = MAX_QUERIES_PER_CALL;

export interface ToolCall {
  name: string;
  arguments?: unknown;
}

const bad = (msg: string) => new FictionError('BAD_INPUT', msg);

function parseWith<T>(schema: z.ZodType<T>, raw: unknown, tool: ToolName): T {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw bad(`${tool} arguments are not valid JSON`);
    }
  }
  const r = schema.safeParse(value);
  if (!r.success) throw bad(r.error.issues[0]?.message ?? `${tool} arguments are not valid`);
  return r.data;
}

export function toolName(call: unknown): ToolName {
  const name = call !== null && typeof call === 'object' ? (call as ToolCall).name : undefined;
  if (typeof name !== 'string' || !TOOL_NAMES.includes(name as ToolName))
    throw bad(`unknown tool ${JSON.stringify(String(name).slice(0, 40))} (known: ${TOOL_NAMES.join(', ')})`);
  return name as ToolName;
}

/** `{"query": "..."}` or `{"queries": [...]}`, optional `page` (1 to MAX_PAGE). */
export function parseSearchArgs(raw: unknown): SearchArgs {
  return parseWith(webSearchArgs, raw, 'web_search');
}

/** `{"url": "..."}`. */
export function parseExtractorArgs(raw: unknown): ExtractorArgs {
  return parseWith(webExtractorArgs, raw, 'web_extractor');
}

/** The whole check of a call (its tool and its arguments) without running it: edges that refuse before reaching a target. */
export function checkToolCall(call: ToolCall): void {
  if (toolName(call) === 'web_search') parseSearchArgs(call.arguments);
  else parseExtractorArgs(call.arguments);
}
