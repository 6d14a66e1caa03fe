import { describe, expect, it } from 'vitest';
import { mcpTools, openAiTools, TOOL_NAMES, toolDefinitions } from '../../src/tools/definitions.js';

describe('tool definitions', () => {
  it('define web_search {query | queries} and web_extractor {url} as OpenAI functions', () => {
    const tools = openAiTools();
    expect(tools.map((t) => t.function.name)).toEqual([...TOOL_NAMES]);
    const [search, extractor] = tools;
    expect(search!.type).toBe('function');
    expect(Object.keys(search!.function.parameters.properties)).toEqual(['query', 'queries', 'page']);
    expect(search!.function.parameters.properties.queries).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(extractor!.function.parameters).toMatchObject({ type: 'object', required: ['url'], properties: { url: { type: 'string' } } });
    for (const t of tools) expect(t.function.description.length).toBeGreaterThan(20);
  });

  it('give the MCP listing the same names and schemas', () => {
    const mcp = mcpTools();
    expect(mcp.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    expect(mcp[0]!.inputSchema).toEqual(openAiTools()[0]!.function.parameters);
    expect(toolDefinitions('mcp')).toEqual(mcp);
  });

  it('hand out copies', () => {
    const a = openAiTools();
    a[0]!.function.name = 'web_extractor';
    expect(openAiTools()[0]!.function.name).toBe('web_search');
  });
});
