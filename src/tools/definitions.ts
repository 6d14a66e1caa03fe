/**
 * The agent's two tools, declared once, with zod: `web_search {query | queries, page}` and
 * `web_extractor {url}`. Each declaration is both the validator every edge runs (the core's
 * parseSearchArgs/parseExtractorArgs, so /v1/search, /v1/open, /v1/call, /mcp and stdio MCP alike) and
 * the source of every published shape, derived here: OpenAI Chat Completions tools, Responses API
 * tools, the MCP tool list and the OpenAPI argument components. Nothing else writes a tool schema.
 *
 * Arguments are refused when they hold keys the tool does not have (a typo such as "pgae" would
 * otherwise be dropped in silence); `null` counts as absent, as strict-mode models send it; a page may
 * come as a string of digits. The checks JSON Schema cannot say (exactly one of query and queries,
 * a non-blank URL, its length) are refinements, and the descriptions say them.
 *
 * `strict` is set where OpenAI strict mode accepts the schema as declared: every property required,
 * no other keys, no unsupported keywords. web_extractor qualifies. web_search does not: its arguments
 * are optional (one of query or queries, page defaulting to 1), and strict mode would need each made
 * required and nullable (`"type": ["string", "null"]`), which makes models spell out nulls and breaks
 * readers that take one type per property (veRL's schema model keeps only type, description and enum
 * per property). So web_search is `strict: false`.
 */
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { z } from 'zod';

export const WEB_SEARCH = 'web_search';
export const WEB_EXTRACTOR = 'web_extractor';
export type ToolName = typeof WEB_SEARCH | typeof WEB_EXTRACTOR;
export const TOOL_NAMES: readonly ToolName[] = [WEB_SEARCH, WEB_EXTRACTOR];

/** Most queries one `web_search` call may batch. */
export const MAX_QUERIES_PER_CALL = 8;
/** Highest result page. */
export const MAX_PAGE = 100;
/** Longest URL web_extractor accepts. */
export const MAX_URL_CHARS = 4096;

/** What web_search runs: always a list of queries and a page. */
export interface SearchArgs {
  queries: string[];
  page: number;
}

export interface ExtractorArgs {
  url: string;
}

const NEEDS_QUERY = 'web_search needs "query" (a string) or "queries" (a list of strings)';
const PAGE_RANGE = `web_search "page" must be an integer from 1 to ${MAX_PAGE}`;
const NEEDS_URL = 'web_extractor needs "url" (a string)';

/** An optional argument: `null` is the same as leaving it out. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());

/** The object-level messages: not an object, or a key the tool does not have. */
function objectErrors(tool: string, keys: readonly string[]) {
  return (iss: { code?: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys'
      ? `${tool} has no argument ${JSON.stringify(String(iss.keys?.[0]).slice(0, 40))} (known: ${keys.join(', ')})`
      : `${tool} arguments must be an object`;
}

const searchShape = {
  query: optional(z.string({ error: NEEDS_QUERY })).describe('One search query.'),
  queries: optional(
    z
      .array(z.string({ error: 'every web_search query must be a string' }), { error: NEEDS_QUERY })
      .min(1, { error: 'web_search "queries" must not be empty' })
      .max(MAX_QUERIES_PER_CALL, { error: (iss) => `web_search takes at most ${MAX_QUERIES_PER_CALL} queries, got ${(iss.input as unknown[]).length}` }),
  ).describe(`Several search queries, each a string (1 to ${MAX_QUERIES_PER_CALL}), run as a batch.`),
  page: optional(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.int({ error: PAGE_RANGE }).min(1, { error: PAGE_RANGE }).max(MAX_PAGE, { error: PAGE_RANGE }),
    ),
  ).describe(`Result page, from 1 to ${MAX_PAGE} (default 1); ask for the next page when results say more are available.`),
};

/** web_search arguments → `{ queries, page }`. */
export const webSearchArgs = z
  .strictObject(searchShape, { error: objectErrors(WEB_SEARCH, Object.keys(searchShape)) })
  .superRefine((v, ctx) => {
    if (v.query !== undefined && v.queries !== undefined) ctx.addIssue({ code: 'custom', message: 'web_search takes "query" or "queries", not both' });
    else if (v.query === undefined && v.queries === undefined) ctx.addIssue({ code: 'custom', message: NEEDS_QUERY });
  })
  .transform((v): SearchArgs => ({ queries: v.queries ?? (v.query === undefined ? [] : [v.query]), page: v.page ?? 1 }));

const extractorShape = {
  url: z
    .string({ error: NEEDS_URL })
    .refine((u) => u.trim().length > 0, { error: NEEDS_URL })
    .refine((u) => u.length <= MAX_URL_CHARS, { error: `web_extractor "url" is longer than ${MAX_URL_CHARS} characters` })
    .describe(`The URL of the page to open (at most ${MAX_URL_CHARS} characters).`),
};

/** web_extractor arguments → `{ url }`. */
export const webExtractorArgs = z.strictObject(extractorShape, { error: objectErrors(WEB_EXTRACTOR, Object.keys(extractorShape)) });

/**
 * Other stacks' names for the two tools, each resolved to web_search or web_extractor in one place
 * (resolveCall in src/search/tool-args.ts), so every edge takes them: Tongyi DeepResearch's
 * `search {query: string[]}` and `visit {url: string | string[], goal}` (inference/tool_search.py,
 * tool_visit.py), and DeepDive's `search {query, num}` and `open {url}` (training/tool_server).
 * `goal` and `num` are accepted and not used: a page opens whole, and a result page has the world's size.
 * A `visit` of several URLs opens each, in order, in one observation.
 */
export const TOOL_ALIASES = { search: WEB_SEARCH, visit: WEB_EXTRACTOR, open: WEB_EXTRACTOR } as const;
export type ToolAlias = keyof typeof TOOL_ALIASES;
export const ALIAS_NAMES = Object.keys(TOOL_ALIASES) as ToolAlias[];

const ALIAS_NEEDS_QUERY = 'search needs "query" (a string or a list of strings)';
const VISIT_NEEDS_URL = 'visit needs "url" (a URL or a list of URLs)';
const aliasUrl = (error: string) =>
  z
    .string({ error })
    .refine((u) => u.trim().length > 0, { error })
    .refine((u) => u.length <= MAX_URL_CHARS, { error: `a "url" is longer than ${MAX_URL_CHARS} characters` });

/** A string or a list of them, as a list (a string is a list of one). */
const oneOrMany = <T extends z.ZodType>(list: T) => z.preprocess((v) => (typeof v === 'string' ? [v] : v), list);

const searchAliasShape = {
  query: oneOrMany(
    z
      .array(z.string({ error: 'every search query must be a string' }), { error: ALIAS_NEEDS_QUERY })
      .min(1, { error: 'search "query" must not be empty' })
      .max(MAX_QUERIES_PER_CALL, { error: (iss) => `search takes at most ${MAX_QUERIES_PER_CALL} queries, got ${(iss.input as unknown[]).length}` }),
  ).describe(`Search queries: a string or a list of 1 to ${MAX_QUERIES_PER_CALL}, one block of results each.`),
  num: optional(z.int({ error: 'search "num" must be an integer' })).describe("Accepted and not used: a result page has the world's page size."),
};

/** `search` (Tongyi DeepResearch, DeepDive) → web_search arguments. */
export const searchAliasArgs = z
  .strictObject(searchAliasShape, { error: objectErrors('search', Object.keys(searchAliasShape)) })
  .transform((v) => ({ queries: v.query }));

const visitAliasShape = {
  url: oneOrMany(
    z
      .array(aliasUrl(VISIT_NEEDS_URL), { error: VISIT_NEEDS_URL })
      .min(1, { error: VISIT_NEEDS_URL })
      .max(MAX_QUERIES_PER_CALL, { error: `visit opens at most ${MAX_QUERIES_PER_CALL} URLs in one call` }),
  ).describe(`The URL of a page, or a list of 1 to ${MAX_QUERIES_PER_CALL} URLs.`),
  goal: optional(z.string({ error: 'visit "goal" must be a string' })).describe('What the visit is for (accepted; the page opens whole).'),
};

/** `visit` (Tongyi DeepResearch) → one web_extractor `{url}` per URL. */
export const visitAliasArgs = z
  .strictObject(visitAliasShape, { error: objectErrors('visit', Object.keys(visitAliasShape)) })
  .transform((v) => v.url.map((url) => ({ url })));

interface ToolDeclaration {
  name: ToolName;
  description: string;
  args: z.ZodType;
}

/** The declarations, in listing order. */
export const TOOL_DECLARATIONS: readonly ToolDeclaration[] = [
  {
    name: WEB_SEARCH,
    description:
      'Search the web. Returns numbered results, each with its URL, title, snippet and date. ' +
      `Give either "query" (one search) or "queries" (up to ${MAX_QUERIES_PER_CALL} searches in one call, one block of results each).`,
    args: webSearchArgs,
  },
  {
    name: WEB_EXTRACTOR,
    description: 'Open a web page by its URL (usually one returned by web_search) and return its full text.',
    args: webExtractorArgs,
  },
];

/** A type, not an interface, so that it fits the SDK's `{ [key: string]: unknown }`. */
export type JsonSchemaObject = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: boolean;
};

export interface OpenAiTool {
  type: 'function';
  function: { name: ToolName; description: string; parameters: JsonSchemaObject; strict: boolean };
}

export interface ResponsesTool {
  type: 'function';
  name: ToolName;
  description: string;
  parameters: JsonSchemaObject;
  strict: boolean;
}

export interface McpToolDefinition {
  name: ToolName;
  description: string;
  inputSchema: JsonSchemaObject;
}

/** Checked when compiling: each derived shape is what the openai SDK takes for it. */
type Takes<Sdk, Ours extends Sdk> = Ours;
export type SdkShapes = [Takes<ChatCompletionFunctionTool, OpenAiTool>, Takes<FunctionTool, ResponsesTool>];

/** A declaration's arguments as JSON Schema: the object, its properties each led by type and description. */
export function parametersOf(args: z.ZodType): JsonSchemaObject {
  const s = z.toJSONSchema(args, { io: 'input' }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
    additionalProperties?: boolean;
  };
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [key, { type, items, description, ...rest }] of Object.entries(s.properties ?? {})) {
    properties[key] = { type, ...(items === undefined ? {} : { items }), description, ...rest };
  }
  return { type: 'object', properties, required: s.required ?? [], additionalProperties: s.additionalProperties ?? true };
}

/** Keywords OpenAI strict mode accepts. */
const STRICT_KEYWORDS = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** Whether OpenAI strict mode takes this schema as it is: every object closed with every property required, only supported keywords. */
export function strictAllowed(schema: Record<string, unknown>): boolean {
  if (Object.keys(schema).some((k) => !STRICT_KEYWORDS.has(k))) return false;
  if (schema.type === 'object') {
    const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = (schema.required ?? []) as string[];
    if (schema.additionalProperties !== false || Object.keys(props).some((k) => !required.includes(k))) return false;
    if (!Object.values(props).every(strictAllowed)) return false;
  }
  return schema.items === undefined || strictAllowed(schema.items as Record<string, unknown>);
}

/** Derived once; handed out as copies. */
const DERIVED = TOOL_DECLARATIONS.map((t) => {
  const parameters = parametersOf(t.args);
  return { name: t.name, description: t.description, parameters, strict: strictAllowed(parameters) };
});

/** Chat Completions tools (`tools` of a chat request; also what task records carry). A fresh copy each call. */
export function openAiTools(): OpenAiTool[] {
  return structuredClone(
    DERIVED.map(({ name, description, parameters, strict }) => ({ type: 'function' as const, function: { name, description, parameters, strict } })),
  );
}

/** Responses API tools (flat: name, description and parameters beside `type`). */
export function responsesTools(): ResponsesTool[] {
  return structuredClone(DERIVED.map(({ name, description, parameters, strict }) => ({ type: 'function' as const, name, description, parameters, strict })));
}

/** The MCP tool listing (`tools/list`). */
export function mcpTools(): McpToolDefinition[] {
  return structuredClone(DERIVED.map(({ name, description, parameters }) => ({ name, description, inputSchema: parameters })));
}

/** OpenAPI components for the arguments (`SearchArgs`, `ExtractorArgs` in schemas/openapi.json). */
const COMPONENTS = { web_search: 'SearchArgs', web_extractor: 'ExtractorArgs' } as const;

export function openApiToolSchemas(): Record<string, Record<string, unknown>> {
  const out = Object.fromEntries(DERIVED.map((t) => [COMPONENTS[t.name], { description: `Arguments of ${t.name}. ${t.description}`, ...t.parameters }]));
  return structuredClone(out);
}

export const TOOL_FORMATS = ['openai', 'responses', 'mcp'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

export function toolDefinitions(format: ToolFormat = 'openai'): OpenAiTool[] | ResponsesTool[] | McpToolDefinition[] {
  return format === 'mcp' ? mcpTools() : format === 'responses' ? responsesTools() : openAiTools();
}
