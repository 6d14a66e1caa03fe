/**
 * The MCP face of the two tools, shared by stdio (`fictionworld mcp`) and streamable HTTP (`/mcp`).
 * The listing is the tools' one declaration as MCP lists it (src/tools/definitions.ts); a call is
 * checked by the same parser the core runs (src/search/tool-args.ts), so MCP refuses exactly what
 * /v1/call refuses, with the same one-line message, before the call reaches its target.
 * A result carries the observation text and, as structured content, the same JSON the CLI's --json
 * prints; a simulated fault is `isError: true` with the fault's observation. Bad arguments are also
 * `isError: true` (a tool execution error the model reads and can correct, as the 2025-11-25 spec puts
 * input validation), with a short message that never carries server details. An unknown tool is a
 * protocol error, JSON-RPC -32602 (Invalid params), as the spec's tools page says ("Error Handling":
 * "Protocol Errors: ... Unknown tools", its example `{"code": -32602, "message": "Unknown tool: ..."}`).
 * The protocol version is the SDK's negotiation: the client's when the SDK supports it, else its latest.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { mcpTools } from '../tools/definitions.js';
import type { ToolResult } from '../search/call-tool.js';
import { checkToolCall, knownTool, type ToolCall } from '../search/tool-args.js';
import { GENERATOR_VERSION } from '../world/types.js';
import { clientMessage } from './http-errors.js';

/** Runs one call somewhere (a session, a fresh session over a world) and returns the core's result. */
export type ToolRunner = (call: ToolCall) => Promise<ToolResult>;

/** Built once: the tools as MCP lists them. */
const TOOLS = mcpTools();

/** One validator for every server (/mcp builds a server per request; each would otherwise build its own Ajv). */
const VALIDATOR = new AjvJsonSchemaValidator();

/** The MCP result for a core result: text, structured JSON, and isError for a simulated fault. */
export function mcpResult(r: ToolResult): CallToolResult {
  const out: CallToolResult = { content: [{ type: 'text', text: r.text }], structuredContent: r.json as unknown as Record<string, unknown> };
  if (r.error) out.isError = true;
  return out;
}

export function createToolServer(run: ToolRunner): Server {
  const server = new Server({ name: 'fictionworld', version: GENERATOR_VERSION }, { capabilities: { tools: {} }, jsonSchemaValidator: VALIDATOR });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const call: ToolCall = { name: request.params.name, arguments: request.params.arguments ?? {} };
    try {
      knownTool(call);
    } catch (e) {
      throw new McpError(ErrorCode.InvalidParams, clientMessage(e));
    }
    try {
      checkToolCall(call);
      return mcpResult(await run(call));
    } catch (e) {
      return { content: [{ type: 'text', text: clientMessage(e) }], isError: true };
    }
  });
  return server;
}
