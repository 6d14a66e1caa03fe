/**
 * The MCP face of the two tools, shared by stdio (`fictionworld mcp`) and streamable HTTP (`/mcp`).
 * Names, descriptions and argument schemas come from src/tools/definitions.ts (the zod schemas are
 * derived from its JSON Schemas, plus `page` as the CLI has it); each call runs through the one core.
 * A result carries the observation text and, as structured content, the same JSON the CLI's --json
 * prints; a simulated fault is `isError: true` with the fault's observation. A call the core rejects
 * (bad arguments) is also `isError: true`, with a short message that never carries server details.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { mcpTools, type ToolName } from '../tools/definitions.js';
import { MAX_PAGE } from '../search/tool-args.js';
import type { ToolResult } from '../search/call-tool.js';
import type { ToolCall } from '../search/tool-args.js';
import { GENERATOR_VERSION } from '../world/types.js';
import { clientMessage } from './http-errors.js';

/** Runs one call somewhere (a session, a fresh session over a world) and returns the core's result. */
export type ToolRunner = (call: ToolCall) => Promise<ToolResult>;

const PAGE = z.number().int().min(1).max(MAX_PAGE).optional().describe('Result page (1 = first ten results).');

function inputSchemaOf(name: ToolName, schema: object): z.ZodObject {
  const base = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodObject;
  return name === 'web_search' && !('page' in base.shape) ? base.extend({ page: PAGE }) : base;
}

/** Built once: the tools as MCP lists them. */
const TOOLS = mcpTools().map((t) => ({ name: t.name, description: t.description, inputSchema: inputSchemaOf(t.name, t.inputSchema) }));

/** One validator for every server (/mcp builds a server per request; each would otherwise build its own Ajv). */
const VALIDATOR = new AjvJsonSchemaValidator();

/** The MCP result for a core result: text, structured JSON, and isError for a simulated fault. */
export function mcpResult(r: ToolResult): CallToolResult {
  const out: CallToolResult = { content: [{ type: 'text', text: r.text }], structuredContent: r.json as unknown as Record<string, unknown> };
  if (r.error) out.isError = true;
  return out;
}

export function createToolServer(run: ToolRunner): McpServer {
  const server = new McpServer({ name: 'fictionworld', version: GENERATOR_VERSION }, { capabilities: { tools: {} }, jsonSchemaValidator: VALIDATOR });
  for (const tool of TOOLS) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async (args: Record<string, unknown>) => {
      try {
        return mcpResult(await run({ name: tool.name, arguments: args }));
      } catch (e) {
        return { content: [{ type: 'text', text: clientMessage(e) }], isError: true };
      }
    });
  }
  return server;
}
