/**
 * The agent's two tools, defined once: `web_search {query | queries}` and `web_extractor {url}`.
 * OpenAI function-calling JSON is the source; the MCP shape (name, description, inputSchema) is
 * derived from it. Exported task records, the `tools` command, the agent loop and the servers all
 * read these definitions, so the names and schemas are never written twice.
 */

export const WEB_SEARCH = 'web_search';
export const WEB_EXTRACTOR = 'web_extractor';
export type ToolName = typeof WEB_SEARCH | typeof WEB_EXTRACTOR;
export const TOOL_NAMES: readonly ToolName[] = [WEB_SEARCH, WEB_EXTRACTOR];

/** Most queries one `web_search` call may batch. */
export const MAX_QUERIES_PER_CALL = 8;

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: boolean;
}

export interface OpenAiTool {
  type: 'function';
  function: { name: ToolName; description: string; parameters: JsonSchemaObject };
}

export interface McpToolDefinition {
  name: ToolName;
  description: string;
  inputSchema: JsonSchemaObject;
}

const webSearch: OpenAiTool = {
  type: 'function',
  function: {
    name: WEB_SEARCH,
    description:
      'Search the web. Returns numbered results, each with its URL, title, snippet and date. ' +
      `Give either "query" (one search) or "queries" (up to ${MAX_QUERIES_PER_CALL} searches in one call, one block of results each).`,
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'One search query.' },
        queries: {
          type: 'array', items: { type: 'string' }, minItems: 1, maxItems: MAX_QUERIES_PER_CALL,
          description: 'Several search queries, run as a batch.',
        },
        page: { type: 'integer', minimum: 1, description: 'Result page, from 1 (default 1); ask for the next page when results say more are available.' },
      },
      required: [],
      additionalProperties: false,
    },
  },
};

const webExtractor: OpenAiTool = {
  type: 'function',
  function: {
    name: WEB_EXTRACTOR,
    description: 'Open a web page by its URL (usually one returned by web_search) and return its full text.',
    parameters: {
      type: 'object',
      properties: { url: { type: 'string', description: 'The URL of the page to open.' } },
      required: ['url'],
      additionalProperties: false,
    },
  },
};

/** A fresh copy each call, so callers may change what they get. */
export function openAiTools(): OpenAiTool[] {
  return structuredClone([webSearch, webExtractor]);
}

export function mcpTools(): McpToolDefinition[] {
  return openAiTools().map((t) => ({ name: t.function.name, description: t.function.description, inputSchema: t.function.parameters }));
}

export const TOOL_FORMATS = ['openai', 'mcp'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

export function toolDefinitions(format: ToolFormat = 'openai'): OpenAiTool[] | McpToolDefinition[] {
  return format === 'mcp' ? mcpTools() : openAiTools();
}
