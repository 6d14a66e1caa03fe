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
  searchAliasArgs,
  TOOL_ALIASES,
  TOOL_NAMES,
  visitAliasArgs,
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

function parseWith<T>(schema: z.ZodType<T>, raw: unknown, tool: string): T {
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

const unknownTool = (name: unknown) => bad(`unknown tool ${JSON.stringify(String(name).slice(0, 40))} (known: ${TOOL_NAMES.join(', ')})`);

export function toolName(call: unknown): ToolName {
  const name = call !== null && typeof call === 'object' ? (call as ToolCall).name : undefined;
  if (typeof name !== 'string' || !TOOL_NAMES.includes(name as ToolName)) throw unknownTool(name);
  return name as ToolName;
}

/** Throws the unknown-tool error unless `call` names one of the two tools or an alias of one (TOOL_ALIASES). */
export function knownTool(call: unknown): void {
  const name = call !== null && typeof call === 'object' ? (call as ToolCall).name : undefined;
  if (typeof name !== 'string' || !(TOOL_NAMES.includes(name as ToolName) || Object.hasOwn(TOOL_ALIASES, name))) throw unknownTool(name);
}

/**
 * A call under any accepted name as the calls of the two tools it stands for: a web_search or
 * web_extractor call is itself; an alias (TOOL_ALIASES: `search`, `visit`, `open`) is checked with its
 * own declaration and rewritten, `visit` of n URLs into n web_extractor calls. The one place aliases
 * are resolved: callTool and checkToolCall run it, so every edge takes them.
 */
export function resolveCall(call: ToolCall): ToolCall[] {
  knownTool(call);
  const name = call.name;
  if (TOOL_NAMES.includes(name as ToolName)) return [call];
  if (name === 'search') return [{ name: TOOL_ALIASES.search, arguments: parseWith(searchAliasArgs, call.arguments, name) }];
  if (name === 'visit') return parseWith(visitAliasArgs, call.arguments, name).map((args) => ({ name: TOOL_ALIASES.visit, arguments: args }));
  return [{ name: TOOL_ALIASES.open, arguments: parseWith(webExtractorArgs, call.arguments, name) }];
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
  for (const c of resolveCall(call)) {
    if (toolName(c) === 'web_search') parseSearchArgs(c.arguments);
    else parseExtractorArgs(c.arguments);
  }
}
