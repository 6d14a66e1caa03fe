/**
 * MCP over streamable HTTP at `/mcp`, stateless: each POST gets its own MCP server and transport
 * (JSON responses, no server-side MCP session), and tool calls run at the target the URL names:
 * `?session=<id>` (a server session: its task, seed, profile and history) or `?world=<id>` (each call a
 * fresh session, as from the CLI). GET (an SSE stream) and DELETE (MCP sessions) are 405: there is no
 * stream to hold open, which keeps shutdown prompt.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context } from 'hono';
import { readJsonBody } from './body.js';
import type { ServerContext } from './context.js';
import { createToolServer } from './mcp-tools.js';
import { checkTargetForm, type TargetSpec } from './search-core.js';

const METHOD_NOT_ALLOWED = JSON.stringify({
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp.' },
  id: null,
});

export async function handleMcp(ctx: ServerContext, c: Context, spec: TargetSpec): Promise<Response> {
  if (c.req.method !== 'POST') return new Response(METHOD_NOT_ALLOWED, { status: 405, headers: { Allow: 'POST', 'Content-Type': 'application/json' } });
  // A missing or bad target is refused before speaking MCP: an HTTP 400 or 404, not a JSON-RPC error
  // (and before a bad body's 400: the target is what the URL is about).
  checkTargetForm(spec);
  let body: unknown;
  try {
    body = await readJsonBody(c);
  } finally {
    ctx.core.checkTarget(spec);
  }
  const server = createToolServer((call) => ctx.core.call(spec, call));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  // Not closed after: with JSON responses and no MCP session there is nothing to release (no stream,
  // no timer), and closing made an error object and aborted a signal per request only to be dropped.
  return transport.handleRequest(c.req.raw, { parsedBody: body });
}
