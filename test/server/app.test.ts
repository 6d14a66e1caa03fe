import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Renderer } from '../../src/render/renderer.js';
import { callTool } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { tempDir } from '../helpers.js';
import { testServer, worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;
const W1 = worlds[1]!.meta.world_id;

async function json(res: Response): Promise<any> {
  return JSON.parse(await res.text());
}

describe('HTTP routes', () => {
  it('health, metrics and the worlds listing', async () => {
    const s = testServer(dir);
    const health = await s.request('/health');
    expect(health.status).toBe(200);
    expect(await json(health)).toMatchObject({ status: 'ok', sessions: 0 });
    const list = await json(await s.request('/v1/worlds'));
    expect(list.total).toBe(2);
    expect(list.worlds.map((w: { id: string }) => w.id)).toEqual([W0, W1]);
    expect(await json(await s.request('/v1/worlds?offset=1&limit=1'))).toMatchObject({ total: 2, worlds: [{ id: W1 }] });
    const metrics = await s.request('/metrics');
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(/fictionworld_http_requests_total\{route="\/health",method="GET",status="200"\} 1/);
    expect(text).toMatch(/fictionworld_http_requests_total\{route="\/v1\/worlds",method="GET",status="200"\} 2/);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    s.ctx.close();
  });

  it('search and open by world give what the core gives, as text or JSON', async () => {
    const s = testServer(dir);
    const q = worlds[0]!.tasks[0]!.question;
    const url = worlds[0]!.documents[2]!.url;
    const world = createSearchWorld(join(dir, `${W0}.sqlite`));
    try {
      const coreSearch = await callTool(createSession(world), { name: 'web_search', arguments: { query: q } });
      const coreOpen = await callTool(createSession(world), { name: 'web_extractor', arguments: { url } });
      const text = await s.post(`/v1/search?world=${W0}`, { query: q });
      expect(text.status).toBe(200);
      expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await text.text()).toBe(coreSearch.text);
      expect(await json(await s.post(`/v1/search?world=${W0}&format=json`, { query: q }))).toEqual(coreSearch.json);
      expect(await (await s.post(`/v1/open?world=${W0}`, { url })).text()).toBe(coreOpen.text);
      // OpenAI-style call with arguments as a JSON string
      const call = await s.post(`/v1/call?world=${W0}&format=json`, { name: 'web_extractor', arguments: JSON.stringify({ url }) });
      expect(await json(call)).toEqual(coreOpen.json);
    } finally {
      world.close();
      s.ctx.close();
    }
  });

  it('a batch and page 2 pass through', async () => {
    const s = testServer(dir);
    const r = await json(await s.post(`/v1/search?world=${W0}&format=json`, { queries: ['launch price', 'chief executive'], page: 2 }));
    expect(r.queries.map((b: { query: string }) => b.query)).toEqual(['launch price', 'chief executive']);
    expect(r.queries[0].results[0].rank).toBe(11);
    s.ctx.close();
  });

  it('rejects bad input with 4xx and a one-line JSON error', async () => {
    const s = testServer(dir, { limits: { maxBodyBytes: 2048, maxQueryChars: 100 } });
    const cases: [string, string | object, number][] = [
      [`/v1/search?world=${W0}`, '{"query":', 400],
      [`/v1/search?world=${W0}`, '', 400],
      [`/v1/search?world=${W0}`, '[1,2]', 400],
      [`/v1/search?world=${W0}`, { query: 5 }, 400],
      [`/v1/search?world=${W0}`, { queries: [] }, 400],
      [`/v1/search?world=${W0}`, { queries: ['a', 7] }, 400],
      [`/v1/search?world=${W0}`, { query: 'x', page: 0 }, 400],
      [`/v1/search?world=${W0}`, { query: 'x'.repeat(101) }, 400],
      [`/v1/search?world=${W0}`, { query: 'x'.repeat(5000) }, 413],
      [`/v1/search?world=${W0}&format=xml`, { query: 'x' }, 400],
      [`/v1/search`, { query: 'x' }, 400],
      [`/v1/search?world=${W0}&session=s_aaaaaaaaaaaaaaaaaaaaaaaa`, { query: 'x' }, 400],
      [`/v1/call?world=${W0}`, { name: 'rm_rf', arguments: {} }, 400],
      [`/v1/open?world=${W0}`, { url: 42 }, 400],
      [`/v1/sessions`, { world: W0, seed: -1 }, 400],
      [`/v1/sessions`, { world: W0, profile: { errorRate: 7 } }, 400],
      [`/v1/sessions`, { world: W0, profile: '/etc/passwd' }, 400],
      [`/v1/sessions`, { world: W0, task: 't99' }, 404],
    ];
    for (const [path, body, status] of cases) {
      const res = await s.post(path, body);
      const b = await json(res);
      expect({ path, body, status: res.status }).toEqual({ path, body, status });
      expect(Object.keys(b)).toEqual(['error']);
      expect(b.error.message).not.toMatch(/\n| {4}at |SQLITE|\/tmp\//);
    }
    expect((await s.request('/nowhere')).status).toBe(404);
    s.ctx.close();
  });

  it('never turns a request into a path outside the folder', async () => {
    const s = testServer(dir);
    for (const id of ['../etc/passwd', '..%2F..%2Fetc%2Fpasswd', `${W0}.sqlite`, `/${W0}`, `${W0}/../${W1}`, 'w1-1', '%00', `${W0}%00`, 'C:\\x']) {
      const res = await s.post(`/v1/search?world=${id}`, { query: 'x' });
      expect(res.status).toBe(400);
      // (in a path, "a/../b" is resolved by URL rules before routing: only ids without a slash are checked there)
      if (!id.includes('/')) expect([400, 404]).toContain((await s.request(`/v1/worlds/${id}/tasks`)).status);
    }
    expect((await s.post('/v1/search?world=w11-999999', { query: 'x' })).status).toBe(404);
    // /retrieve never fails a batch: the bad id is its query's problem, refused before any path is made of it
    const retrieved = await json(await s.post('/retrieve?world=..%2Fx', { queries: ['x'] }));
    expect(retrieved.errors).toEqual([{ type: 'bad_input', message: 'not a world id: "../x" (expected w<seed>-<index>, e.g. w7-000042)' }]);
    s.ctx.close();
  });

  it('answers unreadable world files without file-layer or SQLite text', async () => {
    const broken = tempDir('fw-server-broken-');
    writeFileSync(join(broken, 'w5-000001.sqlite'), 'this is not a database, SQLite will say so');
    copyFileSync(join(dir, `${W0}.sqlite`), join(broken, 'w5-000002.sqlite'));
    const s = testServer(broken);
    for (const id of ['w5-000001', 'w5-000002']) {
      const res = await s.post(`/v1/search?world=${id}`, { query: 'x' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const text = await res.text();
      expect(text).not.toMatch(/SQLITE|not a database|file is|fw-server-broken| {4}at /i);
    }
    s.ctx.close();
  });

  it('turns an unexpected failure into a 500 with a fixed message', async () => {
    const failing: Renderer = {
      name: 'failing',
      renderSearch: () => {
        throw new Error('SQLITE_CORRUPT: database disk image is malformed at /srv/secret');
      },
    };
    const s = testServer(dir, { renderer: failing });
    const res = await s.post(`/v1/search?world=${W0}`, { query: 'price' });
    expect(res.status).toBe(500);
    expect(await json(res)).toEqual({ error: { code: 'INTERNAL', message: 'internal error' } });
    s.ctx.close();
  });

  it('simulated faults are observations: 200 with an error field', async () => {
    const s = testServer(dir);
    const created = await json(await s.post('/v1/sessions', { world: W0, profile: { errorRate: 1 } }));
    const res = await s.post(`/v1/search?session=${created.session}&format=json`, { query: 'price' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.error.type).toMatch(/rate_limited|server_error|timeout/);
    const text = await (await s.post(`/v1/search?session=${created.session}`, { query: 'price' })).text();
    expect(text).not.toMatch(/^Results for/);
    s.ctx.close();
  });
});

describe('admin actions', () => {
  const auth = { authorization: 'Bearer s3cret' };

  it('binding a task and reading tasks need the admin token when one is set', async () => {
    const s = testServer(dir, { adminToken: 's3cret' });
    const task = worlds[0]!.tasks[0]!;
    const noAuth = await s.post('/v1/sessions', { world: W0, task: task.id });
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers.get('www-authenticate')).toBe('Bearer');
    expect((await s.post('/v1/sessions', { world: W0, task: task.id }, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await s.post('/v1/sessions', { world: W0 })).status).toBe(201);
    const bound = await s.post('/v1/sessions', { world: W0, task: task.id }, auth);
    expect(bound.status).toBe(201);
    expect(await json(bound)).toMatchObject({ world: W0, task: task.id });
    expect((await s.request(`/v1/worlds/${W0}/tasks`)).status).toBe(401);
    expect((await s.request(`/v1/worlds/${W0}/tasks/${task.id}`)).status).toBe(401);
    const list = await json(await s.request(`/v1/worlds/${W0}/tasks`, { headers: auth }));
    expect(list.tasks.map((t: { id: string }) => t.id)).toEqual(worlds[0]!.tasks.map((t) => t.id));
    expect(JSON.stringify(list)).not.toMatch(/"answer(Text|FactIds)?"/);
    const one = await json(await s.request(`/v1/worlds/${W0}/tasks/${task.id}`, { headers: auth }));
    expect(one.task.answerText).toBe(task.answerText);
    expect((await s.request(`/v1/worlds/${W0}/tasks/t99`, { headers: auth })).status).toBe(404);
    s.ctx.close();
  });

  it('the agent side carries no answer, facts or guard decisions', async () => {
    const s = testServer(dir, { adminToken: 's3cret' });
    const task = worlds[0]!.tasks.find((t) => t.kind === 'lookup') ?? worlds[0]!.tasks[0]!;
    const { session } = await json(await s.post('/v1/sessions', { world: W0, task: task.id }, auth));
    const bodies = [
      await (await s.post(`/v1/search?session=${session}&format=json`, { query: task.question })).text(),
      await (await s.post(`/v1/search?session=${session}&format=json`, { query: 'launch price ranking' })).text(),
      await (await s.request(`/v1/sessions/${session}`)).text(),
      await (await s.request(`/v1/sessions/${session}/trajectory`)).text(),
    ];
    // /retrieve's own meta says only what was done with the request (counts, topk, cut queries, failed slots)
    const { meta, ...retrieved } = await json(await s.post(`/retrieve?session=${session}`, { queries: ['chief executive'], topk: 5, return_scores: true }));
    expect(meta).toEqual({ queries: 1, topk: 5, cut: [], failed: [] });
    bodies.push(JSON.stringify(retrieved));
    for (const b of bodies) expect(b).not.toMatch(/"(guard|meta|answer|answerText|answer_text|answerFactIds|answer_fact_ids|hopFactIds|facts|related)"\s*:/);
    s.ctx.close();
  });
});

describe('sessions ending during a call', () => {
  const slow = { latencyRate: 1, latencyMinMs: 400, latencyMaxMs: 400, sleep: true };

  it('a call keeps its world open when its session is closed under it, even with no idle handle to spare', async () => {
    const s = testServer(dir, { limits: { maxOpenWorlds: 1 } });
    const session = (await json(await s.post('/v1/sessions', { world: W0, profile: slow }))).session;
    const url = worlds[0]!.documents[1]!.url;
    const open = s.post(`/v1/open?session=${session}`, { url });
    // The call has claimed its index (its world held), and is asleep in its simulated latency.
    await vi.waitFor(() => expect(s.ctx.core.describeSession(session).calls).toBe(1), { timeout: 5000, interval: 5 });
    expect((await s.request(`/v1/sessions/${session}`, { method: 'DELETE' })).status).toBe(200);
    // Another world opens: the pool keeps one idle handle, and W0's would be the one to go.
    expect((await s.post(`/v1/search?world=${W1}`, { query: 'price' })).status).toBe(200);
    const res = await open;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`URL: ${url}`);
    // Once the call is over, nothing holds W0: it is closed like any idle handle over the limit.
    expect(s.ctx.core.stats().openWorlds).toBe(1);
    s.ctx.close();
  });

  it('many calls asleep at once on one server raise no listener warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const s = testServer(dir, { limits: { rateLimit: 0 } });
    try {
      const quick = { ...slow, latencyMinMs: 30, latencyMaxMs: 30 };
      const session = (await json(await s.post('/v1/sessions', { world: W0, profile: quick }))).session;
      const statuses = await Promise.all(Array.from({ length: 16 }, () => s.post(`/v1/search?session=${session}`, { query: 'price' }).then((r) => r.status)));
      expect(statuses.every((x) => x === 200)).toBe(true);
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      s.ctx.close();
    }
  });
});

describe('limits', () => {
  it('rate limits per session with 429 and Retry-After; other keys and probes are unaffected', async () => {
    const s = testServer(dir, { limits: { rateLimit: 1, rateBurst: 2 } });
    const a = (await json(await s.post('/v1/sessions', { world: W0 }))).session;
    const b = (await json(await s.post('/v1/sessions', { world: W0 }))).session;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await s.post(`/v1/search?session=${a}`, { query: 'price' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await s.post(`/v1/search?session=${a}`, { query: 'price' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await json(limited)).error.code).toBe('RATE_LIMITED');
    expect((await s.post(`/v1/search?session=${b}`, { query: 'price' })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await s.request('/health')).status).toBe(200);
    expect(await (await s.request('/metrics')).text()).toMatch(/fictionworld_rate_limited_total [1-9]/);
    s.ctx.close();
  });

  it('a client cannot pick its own bucket: made-up keys and session ids on other routes count as its address', async () => {
    const s = testServer(dir, { limits: { rateLimit: 1, rateBurst: 2 }, adminToken: 'T' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await s.post(`/v1/search?world=${W0}`, { query: 'price' }, { 'x-api-key': `k${i}`, authorization: `Bearer k${i}` })).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const fake = (i: number) => `s_${String(i).padStart(24, 'A')}`;
    expect((await s.post(`/v1/sessions?session=${fake(1)}`, { world: W0 })).status).toBe(429);
    // A request that acts on a session counts against it, and the admin token is a key of its own.
    const created = await s.post('/v1/sessions', { world: W0 }, { authorization: 'Bearer T' });
    expect(created.status).toBe(201);
    expect((await s.post(`/v1/search?session=${(await json(created)).session}`, { query: 'price' })).status).toBe(200);
    // A session id in a session's shape that names no session is refused (404), and leaves no bucket.
    const keys = s.ctx.limiter.size;
    for (let i = 2; i < 12; i++) expect((await s.post(`/v1/search?session=${fake(i)}`, { query: 'price' })).status).toBe(404);
    expect(s.ctx.limiter.size).toBe(keys);
    // A live session's own 404 (an unknown sub-path) is its address's, so it cannot reset the session's bucket.
    const live = (await json(await s.post('/v1/sessions', { world: W0 }, { authorization: 'Bearer T' }))).session;
    expect((await s.post(`/v1/search?session=${live}`, { query: 'price' })).status).toBe(200);
    expect([404, 429]).toContain((await s.request(`/v1/sessions/${live}/nothing-here`)).status); // 429: the address's bucket is spent above
    expect((await s.post(`/v1/search?session=${live}`, { query: 'price' })).status).toBe(200);
    expect((await s.post(`/v1/search?session=${live}`, { query: 'price' })).status).toBe(429);
    s.ctx.close();
  });

  it('answers 503 with Retry-After when overloaded or draining', async () => {
    const s = testServer(dir, { limits: { maxInFlight: 0 } });
    const busy = await s.request('/v1/worlds');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect((await s.request('/health')).status).toBe(200);
    s.ctx.close();
    const d = testServer(dir);
    d.ctx.draining = true;
    const draining = await d.post(`/v1/search?world=${W0}`, { query: 'x' });
    expect(draining.status).toBe(503);
    expect(draining.headers.get('connection')).toBe('close');
    expect(await json(await d.request('/health'))).toMatchObject({ status: 'draining' });
    d.ctx.close();
  });
});
