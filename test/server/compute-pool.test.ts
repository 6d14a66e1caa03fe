/**
 * The multi-core mode (`threads: 2`) answers exactly as the in-process mode (`threads: 1`): the same
 * script of requests (sessions with history, seeds and a profile; one-off calls; /retrieve; MCP; every
 * kind of error) gives the same statuses and bodies from both, session ids and times aside. Sessions
 * spread over the workers, and shutdown stops them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ComputePool } from '../../src/server/compute-pool.js';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { Metrics } from '../../src/server/metrics.js';
import { createLogger } from '../../src/server/log.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;
const W1 = worlds[1]!.meta.world_id;
const data = worlds[0]!;
const task = data.tasks.find((t) => t.kind === 'multi_hop') ?? data.tasks[0]!;

let one: RunningServer;
let two: RunningServer;
beforeAll(async () => {
  [one, two] = await Promise.all([
    startServer({ worlds: dir, port: 0, logger: createLogger('silent'), threads: 1, limits: { rateLimit: 0 } }),
    startServer({ worlds: dir, port: 0, logger: createLogger('silent'), threads: 2, limits: { rateLimit: 0 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([one?.shutdown(), two?.shutdown()]);
});

interface Reply {
  status: number;
  type?: string | null;
  body: string;
}

/** Run one script against a server; `$S`, `$T` in paths and bodies are its first and second session ids. */
async function script(server: RunningServer): Promise<Reply[]> {
  const out: Reply[] = [];
  const ids: string[] = [];
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const fill = (s: string) => s.replaceAll('$S', ids[0] ?? 'none').replaceAll('$T', ids[1] ?? 'none');
    const res = await fetch(`${server.url}${fill(path)}`, { method, headers, body: body === undefined ? undefined : fill(typeof body === 'string' ? body : JSON.stringify(body)) });
    let text = await res.text();
    ids.forEach((id, i) => (text = text.replaceAll(id, `<session ${i}>`)));
    text = text.replace(/"(createdAt|expiresAt)":"[^"]+"/g, '"$1":"<time>"');
    // each worker opens the worlds of its own sessions: a world can be open in two workers
    text = text.replace(/"openWorlds":\d+/, '"openWorlds":"<n>"');
    out.push({ status: res.status, type: res.headers.get('content-type'), body: text });
    return text;
  };
  const create = async (spec: unknown) => {
    const res = await fetch(`${server.url}/v1/sessions`, { method: 'POST', body: JSON.stringify(spec) });
    const json = (await res.json()) as { session?: string };
    out.push({ status: res.status, body: json.session ? 'created' : JSON.stringify(json) });
    if (json.session) ids.push(json.session);
  };
  await create({ world: W0, task: task.id, seed: 3, profile: 'heavy' });
  await create({ world: W1, seed: 9, profile: 'light' });
  for (const q of [task.question, 'launch price', 'chief executive', task.question, 'units sold']) {
    await send('POST', '/v1/search?session=$S', { query: q });
    await send('POST', '/v1/search?session=$T&format=json', { queries: [q, 'battery'] });
  }
  // Bodies cross from the workers as UTF-8 bytes: text beyond ASCII comes back the same.
  await send('POST', '/v1/search?session=$T', { query: 'ünïcode — “quotes” 日本語 🙂 battery' });
  await send('POST', '/v1/search?session=$T&format=json', { query: 'ünïcode — “quotes” 日本語 🙂 battery' });
  await send('POST', '/v1/open?session=$S', { url: data.documents[3]!.url });
  await send('POST', '/v1/call?session=$S&format=json', { name: 'web_search', arguments: { query: 'display', page: 2 } });
  await send('POST', `/v1/search?world=${W1}`, { query: 'launch price' });
  await send('POST', '/retrieve?session=$S', { queries: ['launch price', task.question], topk: 5, return_scores: true });
  await send('POST', '/retrieve', { queries: ['launch price', 'camera'], sessions: ['$T', '$S'], topk: 4 });
  await send('POST', '/retrieve', { queries: ['launch price', 'camera'], worlds: [W0, W1], topk: 12, return_scores: true });
  const mcp = (id: number, query: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'web_search', arguments: { query } } });
  const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  await send('POST', '/mcp?session=$S', mcp(1, 'launch price'), mcpHeaders);
  await send('POST', `/mcp?world=${W0}`, mcp(2, task.question), mcpHeaders);
  await send('GET', '/v1/sessions/$S');
  await send('GET', '/v1/sessions/$S/trajectory');
  await send('GET', '/health');
  // errors
  await create({ world: W0, task: 'no-such-task' });
  await create({ world: 'w0-999999' });
  await create({ world: W0, profile: 'nope' });
  await create({ world: W0, seed: -1 });
  await send('POST', '/v1/search?session=s_AAAAAAAAAAAAAAAAAAAAAAAA', { query: 'x' });
  await send('POST', '/v1/search?session=bad', { query: 'x' });
  await send('POST', '/v1/search?world=w0-999999', { query: 'x' });
  await send('POST', '/v1/search?world=../etc', { query: 'x' });
  await send('POST', `/v1/search?world=${W0}&session=$S`, { query: 'x' });
  await send('POST', '/v1/search', { query: 'x' });
  await send('POST', '/v1/search?session=$S', { nothing: 1 });
  await send('POST', '/v1/search?session=$S', { query: 'x'.repeat(5000) });
  await send('POST', '/v1/open?session=$S', { url: 'https://nowhere.example/x' });
  await send('POST', '/retrieve', { queries: ['a', 'b'], sessions: ['$S', 's_AAAAAAAAAAAAAAAAAAAAAAAA'] });
  await send('POST', '/retrieve', { queries: ['a'], worlds: ['w0-999999'] });
  await send('POST', '/mcp?session=s_AAAAAAAAAAAAAAAAAAAAAAAA', mcp(3, 'x'), mcpHeaders);
  await send('GET', '/v1/sessions/s_AAAAAAAAAAAAAAAAAAAAAAAA');
  await send('GET', '/v1/sessions/bad/trajectory');
  await send('DELETE', '/v1/sessions/$S');
  await send('DELETE', '/v1/sessions/$S');
  await send('POST', '/v1/search?session=$S', { query: 'x' });
  await send('GET', '/health');
  return out;
}

describe('serve --threads', () => {
  it('runs the core in worker threads', () => {
    expect(one.ctx.compute).toBeUndefined();
    expect(two.ctx.compute?.size).toBe(2);
  });

  it('answers a whole script of calls, sessions and errors exactly as the in-process mode', async () => {
    const [a, b] = await Promise.all([script(one), script(two)]);
    expect(a.length).toBeGreaterThan(40);
    expect(a.filter((r) => r.status === 200).length).toBeGreaterThan(20);
    expect(new Set(a.map((r) => r.status))).toEqual(new Set([200, 201, 400, 404]));
    expect(b).toEqual(a);
  });

  it('spreads sessions over the workers and counts them in /health and /metrics', async () => {
    const before = ((await (await fetch(`${two.url}/health`)).json()) as { sessions: number }).sessions;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${two.url}/v1/sessions`, { method: 'POST', body: JSON.stringify({ world: i % 2 ? W0 : W1 }) });
      ids.push(((await res.json()) as { session: string }).session);
    }
    // placed at the worker with fewer sessions (the earlier tests' sessions included): 5 to 7 each
    const at = ids.map((id) => two.ctx.compute!.indexOf(id)).filter((i) => i === 0).length;
    expect(at).toBeGreaterThanOrEqual(5);
    expect(at).toBeLessThanOrEqual(7);
    const health = (await (await fetch(`${two.url}/health`)).json()) as { sessions: number; openWorlds: number };
    expect(health.sessions).toBe(before + 12);
    expect(health.openWorlds).toBeGreaterThanOrEqual(2);
    const metrics = await (await fetch(`${two.url}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^fictionworld_sessions ${before + 12}$`, 'm'));
    expect(metrics).toMatch(/^fictionworld_compute_threads 2$/m);
    for (const id of ids) expect((await fetch(`${two.url}/v1/sessions/${id}`, { method: 'DELETE' })).status).toBe(200);
    const after = await (await fetch(`${two.url}/metrics`)).text();
    expect(after).toMatch(new RegExp(`^fictionworld_sessions ${before}$`, 'm'));
    expect(after).toMatch(/^fictionworld_sessions_closed_total\{reason="closed"\} \d+$/m);
    expect(after).toMatch(/^fictionworld_tool_calls_total\{tool="web_search",outcome="ok"\} \d+$/m);
  });

  it('holds the server to --max-sessions in total, not each worker to its share', async () => {
    for (const threads of [1, 2, 3]) {
      const s = await startServer({ worlds: dir, port: 0, logger: createLogger('silent'), threads, limits: { rateLimit: 0, maxSessions: 2 } });
      try {
        const create = () => fetch(`${s.url}/v1/sessions`, { method: 'POST', body: JSON.stringify({ world: W0 }) });
        const first = await create();
        const statuses = [first.status, ...(await Promise.all([create(), create(), create()])).map((r) => r.status)].sort();
        expect(statuses, `threads ${threads}`).toEqual([201, 201, 503, 503]);
        const { session } = (await first.json()) as { session: string };
        expect((await fetch(`${s.url}/v1/sessions/${session}`, { method: 'DELETE' })).status).toBe(200);
        expect((await create()).status, `threads ${threads}`).toBe(201);
      } finally {
        await s.shutdown();
      }
    }
  });

  it('stops its workers on shutdown', async () => {
    const s = await startServer({ worlds: dir, port: 0, logger: createLogger('silent'), threads: 2 });
    const res = await fetch(`${s.url}/v1/search?world=${W0}`, { method: 'POST', body: JSON.stringify({ query: 'launch price' }) });
    expect(res.status).toBe(200);
    await s.shutdown();
    await expect(s.ctx.compute!.request(0, { op: 'stats' })).rejects.toMatchObject({ code: 'INTERNAL' });
    await expect(s.ctx.compute!.request(1, { op: 'stats' })).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});

describe('ComputePool', () => {
  it('places a new session at the worker with the fewest, counting those still being created', async () => {
    const pool = new ComputePool(2, { worlds: dir, renderer: 'template', limits: DEFAULT_LIMITS, logLevel: 'silent' }, new Metrics());
    const draw = () => `s_${randomBytes(18).toString('base64url')}`;
    const create = () => {
      const { id, index } = pool.placeSession(draw);
      expect(pool.indexOf(id)).toBe(index);
      return pool.create<{ session: string }>(index, { op: 'create', id, spec: { world: W0 } }).then((d) => d.session);
    };
    // ten in one turn: none answered yet, so only the count of those being created can split them
    const ids = await Promise.all(Array.from({ length: 10 }, create));
    const on = (i: number, list: string[]) => list.filter((id) => pool.indexOf(id) === i);
    expect(on(0, ids)).toHaveLength(5);
    // close three of worker 0's: the next three all go there
    for (const id of on(0, ids).slice(0, 3)) expect(await pool.request(0, { op: 'close', id })).toBe(true);
    const more = await Promise.all(Array.from({ length: 3 }, create));
    expect(on(0, more)).toHaveLength(3);
    const next = await create();
    expect(pool.indexOf(next)).toBe(0); // 5 and 5 again: the first on a tie
    await pool.close();
  });

  it('places no session at a worker that has stopped', async () => {
    // (Started again only after a minute here: see the next test.)
    const pool = new ComputePool(2, { worlds: dir, renderer: 'template', limits: DEFAULT_LIMITS, logLevel: 'silent' }, new Metrics(), { restartDelayMs: 60_000 });
    const worker = (pool as unknown as { slots: { worker: import('node:worker_threads').Worker }[] }).slots[0]!.worker;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await worker.terminate();
    await exited;
    // Until it is started again, what goes to it is refused with 503 (retry shortly), not a 500.
    await expect(pool.request(0, { op: 'stats' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const draw = () => `s_${randomBytes(18).toString('base64url')}`;
    for (let i = 0; i < 6; i++) {
      const { id, index } = pool.placeSession(draw);
      expect(index).toBe(1);
      expect((await pool.create<{ session: string }>(index, { op: 'create', id, spec: { world: W0 } })).session).toBe(id);
    }
    await pool.close();
  });

  it('starts a worker again after it stops: its sessions are gone (404), everything else is served', async () => {
    const metrics = new Metrics();
    const pool = new ComputePool(1, { worlds: dir, renderer: 'template', limits: DEFAULT_LIMITS, logLevel: 'silent' }, metrics, { restartDelayMs: 20 });
    const { id, index } = pool.placeSession(() => `s_${randomBytes(18).toString('base64url')}`);
    await pool.create(index, { op: 'create', id, spec: { world: W0 } });
    const slots = (pool as unknown as { slots: { worker: import('node:worker_threads').Worker }[] }).slots;
    const first = slots[0]!.worker;
    await first.terminate();
    await vi.waitFor(() => expect(slots[0]!.worker).not.toBe(first), { timeout: 5000, interval: 10 });
    await expect(pool.request(0, { op: 'get', id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const body = await pool.request<Uint8Array>(0, { op: 'call', spec: { world: W0 }, call: { name: 'web_search', arguments: { query: 'launch price' } }, body: 'text' });
    expect(new TextDecoder().decode(body)).toMatch(/^Results for "launch price":/);
    expect(metrics.render()).toMatch(/fictionworld_compute_worker_restarts_total 1/);
    const last = slots[0]!.worker;
    await pool.close();
    // A worker stopped by close() is not started again (the next restart would come after 40 ms).
    await new Promise((r) => setTimeout(r, 200));
    expect(slots[0]!.worker).toBe(last);
  });

  it('answers a request sent in the same turn as its shutdown before shutting down', async () => {
    const pool = new ComputePool(1, { worlds: dir, renderer: 'template', limits: DEFAULT_LIMITS, logLevel: 'silent' }, new Metrics());
    const calls = ['launch price', 'chief executive', 'units sold'].map((query) =>
      pool.request<Uint8Array>(0, { op: 'call', spec: { world: W0 }, call: { name: 'web_search', arguments: { query } }, body: 'text' }),
    );
    const closing = pool.close();
    // One sent after the shutdown is refused, not run over the closed sessions and worlds.
    const late = pool.request(0, { op: 'call', spec: { world: W0 }, call: { name: 'web_search', arguments: { query: 'late' } }, body: 'text' });
    // An HTTP body comes back as its UTF-8 bytes, moved from the worker with the reply.
    for (const call of calls) expect(new TextDecoder().decode(await call)).toMatch(/^Results for "/);
    await expect(late).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await closing;
  });
});
