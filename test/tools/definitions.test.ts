import { describe, expect, it } from 'vitest';
import { FictionError } from '../../src/errors.js';
import { parseExtractorArgs, parseSearchArgs, toolName } from '../../src/search/tool-args.js';
import {
  MAX_PAGE,
  mcpTools,
  openAiTools,
  openApiToolSchemas,
  responsesTools,
  strictAllowed,
  TOOL_FORMATS,
  TOOL_NAMES,
  toolDefinitions,
} from '../../src/tools/definitions.js';
import { cli } from '../helpers.js';

const messageOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FictionError);
    expect((e as FictionError).code).toBe('BAD_INPUT');
    return (e as FictionError).message;
  }
  throw new Error('no error');
};

describe('tool definitions, derived from one declaration', () => {
  it('equal their snapshots in every format (review a change to these files: agents read them)', async () => {
    await expect(`${JSON.stringify(openAiTools(), null, 2)}\n`).toMatchFileSnapshot('./shapes/openai.json');
    await expect(`${JSON.stringify(responsesTools(), null, 2)}\n`).toMatchFileSnapshot('./shapes/responses.json');
    await expect(`${JSON.stringify(mcpTools(), null, 2)}\n`).toMatchFileSnapshot('./shapes/mcp.json');
    await expect(`${JSON.stringify(openApiToolSchemas(), null, 2)}\n`).toMatchFileSnapshot('./shapes/openapi-components.json');
  });

  it('agree with each other: same names, descriptions and parameters everywhere', () => {
    const chat = openAiTools();
    expect(chat.map((t) => t.function.name)).toEqual([...TOOL_NAMES]);
    expect(responsesTools()).toEqual(chat.map((t) => ({ type: 'function', ...t.function })));
    expect(mcpTools()).toEqual(chat.map((t) => ({ name: t.function.name, description: t.function.description, inputSchema: t.function.parameters })));
    const { SearchArgs, ExtractorArgs } = openApiToolSchemas();
    expect(SearchArgs).toMatchObject(chat[0]!.function.parameters);
    expect(ExtractorArgs).toMatchObject(chat[1]!.function.parameters);
    for (const f of TOOL_FORMATS) expect(toolDefinitions(f)).toEqual(f === 'mcp' ? mcpTools() : f === 'responses' ? responsesTools() : chat);
  });

  it('give every property a single type and a description (veRL keeps only type, description and enum)', () => {
    for (const t of openAiTools()) {
      const p = t.function.parameters;
      expect(p).toMatchObject({ type: 'object', additionalProperties: false });
      expect(Array.isArray(p.required)).toBe(true);
      expect(t.function.description.length).toBeGreaterThan(20);
      for (const [key, prop] of Object.entries(p.properties)) {
        expect(typeof prop.type, key).toBe('string');
        expect(String(prop.description).length, key).toBeGreaterThan(10);
      }
    }
    const search = openAiTools()[0]!.function.parameters.properties;
    expect(Object.keys(search)).toEqual(['query', 'queries', 'page']);
    expect(search.queries).toMatchObject({ type: 'array', items: { type: 'string' }, maxItems: 8 });
    expect(search.queries!.description).toMatch(/string/);
    expect(search.page).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_PAGE });
    expect(search.page!.description).toContain(`from 1 to ${MAX_PAGE}`);
  });

  it('are strict where OpenAI strict mode takes the schema as declared', () => {
    const [search, extractor] = openAiTools();
    expect(extractor!.function.strict).toBe(true);
    expect(search!.function.strict).toBe(false); // optional query/queries/page: strict would need them required and nullable
    expect(responsesTools().map((t) => t.strict)).toEqual([false, true]);
    const closed = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    expect(strictAllowed(closed)).toBe(true);
    expect(strictAllowed({ ...closed, required: [] })).toBe(false);
    expect(strictAllowed({ ...closed, additionalProperties: true })).toBe(false);
    expect(strictAllowed({ ...closed, properties: { a: { type: 'string', maxLength: 9 } } })).toBe(false);
    expect(strictAllowed({ ...closed, properties: { a: { type: 'array', items: { type: 'object', properties: {}, required: [] } } } })).toBe(false);
  });

  it('hand out copies', () => {
    const a = openAiTools();
    a[0]!.function.name = 'web_extractor';
    a[1]!.function.parameters.required.push('x');
    expect(openAiTools()[0]!.function.name).toBe('web_search');
    expect(mcpTools()[1]!.inputSchema.required).toEqual(['url']);
  });
});

describe('the declaration as the validator', () => {
  it('accepts what the tools take, normalised to { queries, page } and { url }', () => {
    expect(parseSearchArgs({ query: 'a' })).toEqual({ queries: ['a'], page: 1 });
    expect(parseSearchArgs('{"queries": ["a", "b"], "page": 3}')).toEqual({ queries: ['a', 'b'], page: 3 });
    expect(parseSearchArgs({ query: 'a', page: ' 7 ', queries: null })).toEqual({ queries: ['a'], page: 7 });
    expect(parseSearchArgs({ query: '', page: null })).toEqual({ queries: [''], page: 1 });
    expect(parseSearchArgs({ queries: Array(8).fill('q'), page: MAX_PAGE }).page).toBe(MAX_PAGE);
    expect(parseExtractorArgs({ url: ' https://a.example/x ' })).toEqual({ url: ' https://a.example/x ' });
  });

  it.each([
    [{}, 'web_search needs "query" (a string) or "queries" (a list of strings)'],
    [{ query: 3 }, 'web_search needs "query" (a string) or "queries" (a list of strings)'],
    [{ query: ['a'] }, 'web_search needs "query" (a string) or "queries" (a list of strings)'],
    [{ queries: [] }, 'web_search "queries" must not be empty'],
    [{ queries: ['a', 4] }, 'every web_search query must be a string'],
    [{ queries: Array(50).fill('a') }, 'web_search takes at most 8 queries, got 50'],
    [{ query: 'a', queries: ['b'] }, 'web_search takes "query" or "queries", not both'],
    [{ query: 'a', page: 0 }, 'web_search "page" must be an integer from 1 to 100'],
    [{ query: 'a', page: 1.5 }, 'web_search "page" must be an integer from 1 to 100'],
    [{ query: 'a', page: 500 }, 'web_search "page" must be an integer from 1 to 100'],
    [{ query: 'a', page: 'two' }, 'web_search "page" must be an integer from 1 to 100'],
    [{ query: 'a', pgae: 2 }, 'web_search has no argument "pgae" (known: query, queries, page)'],
    [{ nonsense: true }, 'web_search has no argument "nonsense" (known: query, queries, page)'],
    [{ query: 'a', 'two\nlines': 1 }, 'web_search has no argument "two\\nlines" (known: query, queries, page)'],
    ['{not json', 'web_search arguments are not valid JSON'],
    [null, 'web_search arguments must be an object'],
    [[1], 'web_search arguments must be an object'],
    ['"a"', 'web_search arguments must be an object'],
  ])('refuses web_search %j with one short line', (args, message) => {
    expect(messageOf(() => parseSearchArgs(args))).toBe(message);
  });

  it.each([
    [{}, 'web_extractor needs "url" (a string)'],
    [{ url: ' ' }, 'web_extractor needs "url" (a string)'],
    [{ url: 7 }, 'web_extractor needs "url" (a string)'],
    [{ url: 'x'.repeat(5000) }, 'web_extractor "url" is longer than 4096 characters'],
    [{ url: 'https://a.example', query: 'x' }, 'web_extractor has no argument "query" (known: url)'],
    [undefined, 'web_extractor arguments must be an object'],
  ])('refuses web_extractor %j with one short line', (args, message) => {
    expect(messageOf(() => parseExtractorArgs(args))).toBe(message);
  });
});

describe('tool names', () => {
  it('an unknown one is named on one line', () => {
    expect(messageOf(() => toolName({ name: 'fetch_page' }))).toBe('unknown tool "fetch_page" (known: web_search, web_extractor)');
    expect(messageOf(() => toolName({ name: 'a\nb' }))).toBe('unknown tool "a\\nb" (known: web_search, web_extractor)');
  });
});

describe('fictionworld tools', () => {
  it.each(TOOL_FORMATS.map((f) => [f]))('--format %s prints the derived shapes', async (format) => {
    const r = await cli(['tools', '--format', format]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(toolDefinitions(format));
  });

  it('prints Chat Completions tools by default', async () => {
    expect(JSON.parse((await cli(['tools'])).out)).toEqual(openAiTools());
  });
});
