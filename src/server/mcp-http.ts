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
import { isFictionError } from '../errors.js';
import { callAt, checkTargetAnywhere, checkTargetForm, type TargetSpec } from './targets.js';

const METHOD_NOT_ALLOWED = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp.' }, id: null });

/** A lone JSON-RPC `tools/call` request: its call reaches the target anyway, so the target is not looked up first. */
const isToolCall = (body: unknown): boolean => typeof body === 'object' && body !== null && !Array.isArray(body) && (body as { method?: unknown }).method === 'tools/call';

export async function handleMcp(ctx: ServerContext, src: BodySource, spec: TargetSpec): Promise<Response> {
  const req = src.req;
  if (req.method !== 'POST') return new Response(METHOD_NOT_ALLOWED, { status: 405, headers: { Allow: 'POST', 'Content-Type': 'application/json' } });
  // A missing or bad target is refused before speaking MCP: an HTTP 400 or 404, not a JSON-RPC error.
  // Its form is checked here. Whether it exists is looked up first, except for a lone tool call, whose
  // call finds out anyway (one trip to the worker that holds the target, not two): it is looked up
  // after only when the call did not run, or failed with NOT_FOUND (which may be about something else).
  checkTargetForm(spec);
  let body: unknown;
  try {
    body = await readJsonBody(src, ctx.limits.maxBodyBytes);
  } catch (e) {
    await checkTargetAnywhere(ctx, spec);
    throw e;
  }
  const direct = isToolCall(body);
  if (!direct) await checkTargetAnywhere(ctx, spec);
  let confirmed = !direct;
  const server = createToolServer((call) => {
    const run = callAt(ctx, spec, call);
    run.then(
      () => (confirmed = true),
      (e: unknown) => (confirmed = !(isFictionError(e) && e.code === 'NOT_FOUND')),
    );
    return run;
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  // Not closed after: with JSON responses and no MCP session there is nothing to release (no stream,
  // no timer), and closing made an error object and aborted a signal per request only to be dropped.
  const response = await transport.handleRequest(req, { parsedBody: body });
  if (!confirmed) await checkTargetAnywhere(ctx, spec);
  return response;
}
