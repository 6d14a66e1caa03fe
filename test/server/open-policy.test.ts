/**
 * The session option `open` over the server's edges: POST /v1/sessions takes it (seen by default when a
 * task is bound, any otherwise) and describes it; a bound session's /v1/open, /v1/call and /mcp refuse a
 * page it has not seen exactly as a missing page, and open the pages its /v1/search, /retrieve and
 * /mcp searches showed; stdio MCP takes --open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { createLogger } from '../../src/server/log.js';
import { testServer, worldsDir } from './fixtures.js';
import { httpClient, stdioClient } from './mcp-clients.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;
const task = worlds[0]!.tasks[0]!;
const auth = { authorization: 'Bearer s3cret' };

async function json(res: Response): Promise<any> {
  return JSON.parse(await res.text());
}

/** A page of W0 no search of `query` shows and no page those results link to (the test's own check). */
function pageOutside(urls: readonly string[]): string {
  const shown = new Set(urls);
  const linked = new Set(worlds[0]!.documents.filter((d) => shown.has(d.url)).flatMap((d) => (d.links ?? []).map((l) => l.url)));
  return worlds[0]!.documents.find((d) => !shown.has(d.url) && !linked.has(d.url))!.url;
}

describe('POST /v1/sessions "open"', () => {
  it('defaults to seen when a task is bound and any otherwise, takes either, describes it, and refuses anything else in one line', async () => {
    const s = testServer(dir, { adminToken: 's3cret' });
    const create = (body: Record<string, unknown>) => s.post('/v1/sessions', { world: W0, ...body }, auth);
    expect(await json(await create({}))).toMatchObject({ task: null, open: 'any' });
    expect(await json(await create({ task: task.id }))).toMatchObject({ task: task.id, open: 'seen' });
    expect(await json(await create({ task: task.id, open: 'any' }))).toMatchObject({ task: task.id, open: 'any' });
    const seen = await json(await create({ open: 'seen' }));
    expect(seen.open).toBe('seen');
    expect(await json(await s.request(`/v1/sessions/${seen.session}`))).toMatchObject({ open: 'seen' });
    for (const bad of ['all', 'SEEN', 3, ['seen']]) {
      const r = await create({ task: task.id, open: bad });
      expect(r.status).toBe(400);
      expect(await json(r)).toEqual({ error: { code: 'BAD_INPUT', message: 'open must be one of "seen", "any"' } });
    }
    expect(s.ctx.core.stats().sessions).toBe(4);
    s.ctx.close();
  });
});

describe('a bound session over HTTP', () => {
  it('opens what /v1/search and /retrieve showed, and answers any other page of the world as a missing page', async () => {
    const s = testServer(dir, { adminToken: 's3cret' });
    const { session } = await json(await s.post('/v1/sessions', { world: W0, task: task.id }, auth));
    const openUrl = async (url: string) => json(await s.post(`/v1/open?session=${session}&format=json`, { url }));
    const searched = await json(await s.post(`/v1/search?session=${session}&format=json`, { query: 'launch price' }));
    const shown: string[] = searched.queries[0].results.map((r: { url: string }) => r.url);
    const retrieved = await json(await s.post(`/retrieve?session=${session}`, { queries: ['chief executive'], topk: 3, return_scores: true }));
    const fromRetrieve: string[] = retrieved.result[0].map((d: { document: { id: string } }) => d.document.id);
    expect(shown.length).toBeGreaterThan(0);
    expect(fromRetrieve.length).toBeGreaterThan(0);
    const outside = pageOutside([...shown, ...fromRetrieve]);
    // Before anything is opened: the outside page and a page that does not exist read alike.
    const refused = await openUrl(outside);
    const missing = await openUrl(`${outside}-nowhere`);
    expect(refused.error.type).toBe('page_not_found');
    expect(JSON.stringify(refused)).toBe(JSON.stringify(missing).replaceAll(`${outside}-nowhere`, outside));
    const refusedText = await (await s.post(`/v1/call?session=${session}`, { name: 'web_extractor', arguments: { url: outside } })).text();
    expect(refusedText).toBe(refused.error.message);
    for (const url of [shown[0]!, fromRetrieve[0]!]) expect((await openUrl(url)).content).toBeTruthy();
    // The same page opens at once in a session with no task, and in a bound session with open: any.
    const any = (await json(await s.post('/v1/sessions', { world: W0, task: task.id, open: 'any' }, auth))).session;
    expect((await json(await s.post(`/v1/open?session=${any}&format=json`, { url: outside }))).content).toBeTruthy();
    expect((await json(await s.post(`/v1/open?world=${W0}&format=json`, { url: outside }))).content).toBeTruthy();
    s.ctx.close();
  });
});

describe('MCP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ worlds: dir, port: 0, logger: createLogger('silent') });
  });
  afterAll(async () => {
    await server.shutdown();
  });

  it('/mcp?session= of a bound session follows the session option; stdio mcp takes --open', async () => {
    const created = await fetch(`${server.url}/v1/sessions`, { method: 'POST', body: JSON.stringify({ world: W0, task: task.id }) });
    const { session, open } = (await created.json()) as { session: string; open: string };
    expect(open).toBe('seen');
    const c = await httpClient(`${server.url}/mcp?session=${session}`);
    let outside: string;
    try {
      const found = await c.call('web_search', { query: 'launch price' });
      const urls = (found.structured as { queries: { results: { url: string }[] }[] }).queries[0]!.results.map((r) => r.url);
      outside = pageOutside(urls);
      const refused = await c.call('web_extractor', { url: outside });
      expect(refused.isError).toBe(true);
      expect(refused.text).toBe((await c.call('web_extractor', { url: `${outside}-nowhere` })).text.replaceAll(`${outside}-nowhere`, outside));
      expect((await c.call('web_extractor', { url: urls[0]! })).isError).toBe(false);
    } finally {
      await c.close();
    }
    const path = `${dir}/${W0}.sqlite`;
    for (const [flags, isError] of [
      [[], true],
      [['--open', 'any'], false],
    ] as const) {
      const stdio = await stdioClient(['--worlds', dir, '--world', path, '--task', task.id, ...flags]);
      try {
        expect((await stdio.call('web_extractor', { url: outside })).isError).toBe(isError);
      } finally {
        await stdio.close();
      }
    }
  });
});
