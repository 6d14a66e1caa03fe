/**
 * One core, four edges: the same input gives the same observation from the CLI (`search`, `open`),
 * HTTP (`/v1/search`, `/v1/open`), MCP over streamable HTTP (`/mcp`) and MCP over stdio (`mcp`),
 * as text and as JSON, for a fresh session and for one bound to a task with a perturbation profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { createLogger } from '../../src/server/log.js';
import { cli } from '../helpers.js';
import { httpClient, stdioClient, type ToolOutcome } from './mcp-clients.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;
const data = worlds[0]!;

interface Observation {
  text: string;
  json: unknown;
}

let server: RunningServer;

type Call = { tool: 'web_search'; args: { query?: string; queries?: string[]; page?: number } } | { tool: 'web_extractor'; args: { url: string } };

async function viaCli(call: Call, extra: string[] = []): Promise<Observation> {
  const base =
    call.tool === 'web_search'
      ? [
          'search',
          '--worlds',
          dir,
          '--world',
          W0,
          ...(call.args.page ? ['--page', String(call.args.page)] : []),
          ...extra,
          ...(call.args.queries ?? [call.args.query!]),
        ]
      : ['open', '--worlds', dir, '--world', W0, ...extra, call.args.url];
  const text = await cli(base);
  const json = await cli([...base.slice(0, 1), '--json', ...base.slice(1)]);
  expect(text.code).toBe(0);
  expect(json.code).toBe(0);
  return { text: text.out.replace(/\n$/, ''), json: JSON.parse(json.out) };
}

async function viaHttp(call: Call, target: string): Promise<Observation> {
  const path = call.tool === 'web_search' ? '/v1/search' : '/v1/open';
  const post = (format: string) => fetch(`${server.url}${path}?${target}&format=${format}`, { method: 'POST', body: JSON.stringify(call.args) });
  const text = await post('text');
  expect(text.status).toBe(200);
  const json = await post('json');
  return { text: await text.text(), json: await json.json() };
}

const fromMcp = (r: ToolOutcome): Observation => ({ text: r.text, json: r.structured });

const calls: Call[] = [
  { tool: 'web_search', args: { query: data.tasks[0]!.question } },
  { tool: 'web_search', args: { query: 'launch price', page: 2 } },
  { tool: 'web_search', args: { queries: ['chief executive', 'units sold', 'Ünïcödé ​‮ query'] } },
  { tool: 'web_extractor', args: { url: data.documents[4]!.url } },
  { tool: 'web_extractor', args: { url: 'https://nowhere.example/x' } },
];

describe('same input, same observation on every edge', () => {
  beforeAll(async () => {
    server = await startServer({ worlds: dir, port: 0, logger: createLogger('silent') });
  });
  afterAll(async () => {
    await server.shutdown();
  });

  it('fresh sessions over a world', async () => {
    const stdio = await stdioClient(['--worlds', dir, '--world', W0]);
    const mcpHttp = await httpClient(`${server.url}/mcp?world=${W0}`);
    try {
      for (const call of calls) {
        const expected = await viaCli(call);
        expect(expected.text.length).toBeGreaterThan(20);
        expect(await viaHttp(call, `world=${W0}`)).toEqual(expected);
        expect(fromMcp(await mcpHttp.call(call.tool, call.args))).toEqual(expected);
        expect(fromMcp(await stdio.call(call.tool, call.args))).toEqual(expected);
      }
    } finally {
      await stdio.close();
      await mcpHttp.close();
    }
  });

  it('a session bound to a task, with a seed and a perturbation profile (first call of each session)', async () => {
    const task = data.tasks.find((t) => t.kind === 'multi_hop') ?? data.tasks[0]!;
    const flags = ['--task', task.id, '--session-seed', '3', '--profile', 'heavy'];
    const spec = { world: W0, task: task.id, seed: 3, profile: 'heavy' };
    const newSession = async () =>
      ((await (await fetch(`${server.url}/v1/sessions`, { method: 'POST', body: JSON.stringify(spec) })).json()) as { session: string }).session;
    for (const call of [calls[0]!, { tool: 'web_search', args: { queries: ['launch price', task.question] } } as Call, calls[3]!]) {
      const expected = await viaCli(call, flags);
      // HTTP: text and JSON come from two sessions, each at its first call
      const path = call.tool === 'web_search' ? '/v1/search' : '/v1/open';
      const httpText = await (await fetch(`${server.url}${path}?session=${await newSession()}`, { method: 'POST', body: JSON.stringify(call.args) })).text();
      const httpJson = await (
        await fetch(`${server.url}${path}?session=${await newSession()}&format=json`, { method: 'POST', body: JSON.stringify(call.args) })
      ).json();
      expect({ text: httpText, json: httpJson }).toEqual(expected);
      const mcpHttp = await httpClient(`${server.url}/mcp?session=${await newSession()}`);
      const stdio = await stdioClient(['--worlds', dir, '--world', W0, ...flags]);
      try {
        expect(fromMcp(await mcpHttp.call(call.tool, call.args))).toEqual(expected);
        expect(fromMcp(await stdio.call(call.tool, call.args))).toEqual(expected);
      } finally {
        await mcpHttp.close();
        await stdio.close();
      }
    }
  });
});
