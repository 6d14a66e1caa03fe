/**
 * MCP over streamable HTTP at `/mcp`, stateless: each POST gets its own MCP server and transport
 * (JSON responses, no server-side MCP session), and tool calls run at the target the URL names:
 * `?session=<id>` (a server session: its task, seed, profile and history) or `?world=<id>` (each call a
 * fresh session, as from the CLI). GET (an SSE stream) and DELETE (MCP sessions) are 405: there is no
 * stream to hold open, which keeps shutdown prompt.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { readJsonBody, type BodySource } from './body.js';
import type { ServerContext } from './context.js';
import { createToolServer } from './mcp-tools.js';
import { callAt, checkTargetAnywhere, type TargetSpec } from './targets.js';

const METHOD_NOT_ALLOWED = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp.' }, id: null });

export async function handleMcp(ctx: ServerContext, src: BodySource, spec: TargetSpec): Promise<Response> {
  const req = src.req;
  if (req.method !== 'POST') return new Response(METHOD_NOT_ALLOWED, { status: 405, headers: { Allow: 'POST', 'Content-Type': 'application/json' } });
  await checkTargetAnywhere(ctx, spec);
  const body = await readJsonBody(src, ctx.limits.maxBodyBytes);
  const server = createToolServer((call) => callAt(ctx, spec, call));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req, { parsedBody: body });
  } finally {
    await server.close().catch(() => {});
  }
}
