import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { createLogger } from '../../src/server/log.js';
import { parseExtractorArgs, parseSearchArgs } from '../../src/search/tool-args.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { MAX_PAGE, MAX_QUERIES_PER_CALL, mcpTools, parametersOf, TOOL_DECLARATIONS } from '../../src/tools/definitions.js';
import { tempDir } from '../helpers.js';
import { httpClient, MAIN, REPO, stdioClient, type McpClient } from './mcp-clients.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;
const doc = worlds[0]!.documents[1]!;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ worlds: dir, port: 0, logger: createLogger('silent') });
});
afterAll(async () => {
  await server.shutdown();
});

async function expectToolSurface(c: McpClient) {
  const { tools } = await c.client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['web_search', 'web_extractor']);
  const defs = mcpTools();
  tools.forEach((t, i) => expect(t.description).toBe(defs[i]!.description));
  expect(Object.keys(tools[0]!.inputSchema.properties ?? {}).sort()).toEqual(['page', 'queries', 'query']);
  expect(tools[1]!.inputSchema.required).toEqual(['url']);
  expect(tools.map((t) => t.inputSchema)).toEqual(defs.map((d) => d.inputSchema));
}

/** Bad arguments every edge must refuse, each with the core's own one-line message. */
const BAD_ARGS: [string, Record<string, unknown>][] = [
  ['web_search', { query: 'launch price', page: 500 }],
  ['web_search', { query: 'launch price', pgae: 2 }],
  ['web_search', { queries: [] }],
  ['web_search', { query: 'x', queries: ['y'] }],
  ['web_extractor', { url: doc.url, query: 'x' }],
  ['web_extractor', {}],
];

function coreMessage(name: string, args: unknown): string {
  try {
    if (name === 'web_search') parseSearchArgs(args);
    else parseExtractorArgs(args);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`the core accepts ${name} ${JSON.stringify(args)}`);
}

async function expectCoreValidation(c: McpClient) {
  expect(coreMessage('web_search', { query: 'a', page: 500 })).toBe('web_search "page" must be an integer from 1 to 100');
  for (const [name, args] of BAD_ARGS) {
    const r = await c.call(name, args);
    expect({ name, args, isError: r.isError, text: r.text }).toEqual({ name, args, isError: true, text: coreMessage(name, args) });
  }
  // An unknown tool is a JSON-RPC error (-32602), not a tool result (the spec's tools page, "Error Handling").
  const unknown = await c.call('no_such_tool', {}).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(unknown).toBeInstanceOf(McpError);
  expect((unknown as McpError).code).toBe(ErrorCode.InvalidParams);
  expect((unknown as McpError).message).toContain('unknown tool "no_such_tool" (known: web_search, web_extractor)');
}

/** The served schemas, over the wire: exactly the declared ones (no draft-07 "$schema"), the page cap a maximum. */
async function expectDeclaredSchemas(c: McpClient) {
  const { tools } = await c.client.listTools();
  const declared = TOOL_DECLARATIONS.map((t) => parametersOf(t.args));
  expect(tools.map((t) => t.inputSchema)).toEqual(declared);
  for (const t of tools) expect(JSON.stringify(t.inputSchema)).not.toContain('$schema');
  expect(tools[0]!.inputSchema.properties?.page).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_PAGE });
  expect(tools[0]!.inputSchema.properties?.queries).toMatchObject({ type: 'array', maxItems: MAX_QUERIES_PER_CALL });
}

async function expectToolBehaviour(c: McpClient) {
  const search = await c.call('web_search', { query: 'launch price' });
  expect(search.isError).toBe(false);
  expect(search.text).toMatch(/^Results for "launch price":\n\[1\] https:\/\//);
  expect(search.structured).toMatchObject({ tool: 'web_search', queries: [{ query: 'launch price', page: 1 }] });
  const batch = await c.call('web_search', { queries: ['launch price', 'chief executive'], page: 2 });
  const blocks = (batch.structured as { queries: { query: string; page: number; results: { rank: number }[] }[] }).queries;
  expect(blocks.map((q) => [q.query, q.page])).toEqual([
    ['launch price', 2],
    ['chief executive', 2],
  ]);
  expect(blocks[0]!.results[0]!.rank).toBe(11);
  const page = await c.call('web_extractor', { url: doc.url });
  expect(page.isError).toBe(false);
  expect(page.text).toMatch(new RegExp(`^Title: .+\\nURL: ${doc.url.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}\\n`));
  expect(page.structured).toMatchObject({ tool: 'web_extractor', url: doc.url, title: doc.title });
  const missing = await c.call('web_extractor', { url: `https://${doc.site}/no/such/page` });
  expect(missing.isError).toBe(true);
  expect(missing.structured).toMatchObject({ error: { type: 'page_not_found' } });
  for (const bad of [{ query: 5 }, { queries: [] }, { query: 'x', page: 0 }, { nonsense: true }]) {
    const r = await c.call('web_search', bad);
    expect(r.isError).toBe(true);
    expect(r.text).not.toMatch(/ {4}at |SQLITE/);
  }
}

describe('MCP over stdio (fictionworld mcp)', () => {
  it('lists the two tools from the shared definitions and answers them', async () => {
    const c = await stdioClient(['--worlds', dir, '--world', W0]);
    try {
      await expectToolSurface(c);
      await expectDeclaredSchemas(c);
      await expectToolBehaviour(c);
      await expectCoreValidation(c);
      expect(c.stderr()).toMatch(/"msg":"mcp on stdio"/);
    } finally {
      await c.close();
    }
  });

  it('negotiates the newest protocol version the SDK supports, and answers an unknown tool with JSON-RPC -32602', async () => {
    // Raw newline-delimited JSON-RPC on the process's stdin, as any MCP host writes it.
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'mcp', '--worlds', dir, '--world', W0], { cwd: REPO, stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const rpc = async (message: Record<string, unknown>) => {
        child.stdin!.write(`${JSON.stringify(message)}\n`);
        return JSON.parse((await lines.next()).value as string) as { result?: { protocolVersion?: string }; error?: { code: number; message: string } };
      };
      const params = { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 't', version: '0' } };
      expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params })).result?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const unknown = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
      expect(unknown.result).toBeUndefined();
      expect(unknown.error?.code).toBe(-32602);
      expect(unknown.error?.message).toContain('unknown tool "no_such_tool"');
    } finally {
      child.kill();
    }
  });

  it('reports simulated faults as isError with the fault observation', async () => {
    const profile = join(tempDir('fw-mcp-'), 'faults.json');
    writeFileSync(profile, JSON.stringify({ errorRate: 1, errorKinds: ['server_error'] }));
    const task = worlds[0]!.tasks[0]!.id;
    const c = await stdioClient(['--worlds', dir, '--world', join(dir, `${W0}.sqlite`), '--task', task, '--profile', profile]);
    try {
      const r = await c.call('web_search', { query: 'launch price' });
      expect(r.isError).toBe(true);
      expect(r.structured).toMatchObject({ tool: 'web_search', error: { type: 'server_error' } });
      expect(r.text).toBe((r.structured as { error: { message: string } }).error.message);
    } finally {
      await c.close();
    }
  });
});

describe('MCP over streamable HTTP (/mcp)', () => {
  it('serves a world with ?world=', async () => {
    const c = await httpClient(`${server.url}/mcp?world=${W0}`);
    try {
      await expectToolSurface(c);
      await expectDeclaredSchemas(c);
      await expectToolBehaviour(c);
      await expectCoreValidation(c);
    } finally {
      await c.close();
    }
  });

  it('negotiates the newest protocol version the SDK supports, and answers an unknown tool with JSON-RPC -32602', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const rpc = async (message: unknown) => {
      const r = await fetch(`${server.url}/mcp?world=${W0}`, { method: 'POST', headers, body: JSON.stringify(message) });
      expect(r.status).toBe(200);
      return (await r.json()) as { result?: { protocolVersion?: string }; error?: { code: number; message: string } };
    };
    const init = (protocolVersion: string) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '0' } },
    });
    expect(SUPPORTED_PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
    expect((await rpc(init(LATEST_PROTOCOL_VERSION))).result?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    // an older supported version is kept; one the SDK does not know gets its latest
    expect((await rpc(init('2025-03-26'))).result?.protocolVersion).toBe('2025-03-26');
    expect((await rpc(init('2099-01-01'))).result?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const unknown = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    expect(unknown.result).toBeUndefined();
    expect(unknown.error?.code).toBe(-32602);
    expect(unknown.error?.message).toContain('unknown tool "no_such_tool"');
    // a known tool with bad arguments stays a tool result the model reads (isError), not a protocol error
    const badArgs = (await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'web_search', arguments: { page: 500 } } })) as {
      result?: { isError?: boolean };
    };
    expect(badArgs.result?.isError).toBe(true);
  });

  it('refuses the same arguments as /v1/call, with the same message (unknown keys included)', async () => {
    const c = await httpClient(`${server.url}/mcp?world=${W0}`);
    try {
      for (const [name, args] of BAD_ARGS) {
        for (const body of [
          { name, arguments: args },
          { name, arguments: JSON.stringify(args) },
        ]) {
          const res = await fetch(`${server.url}/v1/call?world=${W0}`, { method: 'POST', body: JSON.stringify(body) });
          expect(res.status).toBe(400);
          const { error } = (await res.json()) as { error: { code: string; message: string } };
          expect(error).toEqual({ code: 'BAD_INPUT', message: (await c.call(name, args)).text });
        }
      }
    } finally {
      await c.close();
    }
  });

  it('serves a session with ?session=, sharing its history with the HTTP routes', async () => {
    const created = await fetch(`${server.url}/v1/sessions`, { method: 'POST', body: JSON.stringify({ world: W0, seed: 2 }) });
    const { session } = (await created.json()) as { session: string };
    const c = await httpClient(`${server.url}/mcp?session=${session}`);
    try {
      await c.call('web_search', { query: 'launch price' });
      await c.call('web_extractor', { url: doc.url });
    } finally {
      await c.close();
    }
    const trajectory = await (await fetch(`${server.url}/v1/sessions/${session}/trajectory`)).text();
    expect(
      trajectory
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).tool),
    ).toEqual(['web_search', 'web_extractor']);
  });

  it('refuses a missing or bad target of a tool call with an HTTP status', async () => {
    const url = server.url;
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'web_search', arguments: { query: 'launch price' } } };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const post = (q: string) => fetch(`${url}/mcp${q}`, { method: 'POST', headers, body: JSON.stringify(call) });
    expect((await post('')).status).toBe(400);
    expect((await post('?world=../../etc')).status).toBe(400);
    expect((await post(`?world=${W0}&session=s_aaaaaaaaaaaaaaaaaaaaaaaa`)).status).toBe(400);
    const missingWorld = await post('?world=w11-999999');
    expect(missingWorld.status).toBe(404);
    expect(await missingWorld.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await post('?session=s_aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    // calls that never reach the target (an unknown tool, no params, a notification, bad JSON) still find it missing
    for (const other of [
      { ...call, params: { name: 'no_such_tool', arguments: {} } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call' },
      { jsonrpc: '2.0', method: 'tools/call', params: call.params },
    ]) {
      const r = await fetch(`${url}/mcp?world=w11-999999`, { method: 'POST', headers, body: JSON.stringify(other) });
      expect(r.status).toBe(404);
    }
    expect((await fetch(`${url}/mcp?world=w11-999999`, { method: 'POST', headers, body: '{"jsonrpc":' })).status).toBe(404);
    const ok = await post(`?world=${W0}`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { result: { content: { text: string }[]; isError?: boolean } };
    expect(body.result.isError ?? false).toBe(false);
    expect(body.result.content[0]!.text).toMatch(/^Results for "launch price":/);
  });

  it('refuses a missing or bad target before speaking MCP, and GET/DELETE', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const post = (q: string) => fetch(`${server.url}/mcp${q}`, { method: 'POST', headers, body: JSON.stringify(init) });
    expect((await post('')).status).toBe(400);
    expect((await post('?world=../../etc')).status).toBe(400);
    expect((await post('?world=w11-999999')).status).toBe(404);
    expect((await post('?session=s_aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await post(`?world=${W0}`)).status).toBe(200);
    expect((await fetch(`${server.url}/mcp?world=${W0}`)).status).toBe(405);
    expect((await fetch(`${server.url}/mcp?world=${W0}`, { method: 'DELETE' })).status).toBe(405);
    const notJson = await fetch(`${server.url}/mcp?world=${W0}`, { method: 'POST', headers, body: '{"jsonrpc":' });
    expect(notJson.status).toBe(400);
  });
});
