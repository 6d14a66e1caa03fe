import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import type { SearchObservationJson } from '../../src/render/observation.js';
import { cutQuery, DEFAULT_LIMITS } from '../../src/server/limits.js';
import { startServer } from '../../src/server/listen.js';
import { createLogger } from '../../src/server/log.js';
import { DEFAULT_TOPK } from '../../src/server/retrieve.js';
import { testServer, worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;
const W1 = worlds[1]!.meta.world_id;

async function json(res: Response): Promise<any> {
  return JSON.parse(await res.text());
}

function expectSearchR1(result: unknown, queries: number, scored: boolean) {
  expect(Array.isArray(result)).toBe(true);
  const lists = result as unknown[][];
  expect(lists).toHaveLength(queries);
  for (const list of lists) {
    for (const item of list) {
      const doc = (scored ? (item as { document: unknown }).document : item) as { id: unknown; contents: unknown };
      expect(Object.keys(doc).sort()).toEqual(['contents', 'id']);
      expect(typeof doc.id).toBe('string');
      expect(doc.contents).toMatch(/^"[^\n]+"\n/);
      if (scored) {
        expect(Object.keys(item as object).sort()).toEqual(['document', 'score']);
        expect(typeof (item as { score: unknown }).score).toBe('number');
      }
    }
  }
}

describe('POST /retrieve (Search-R1 shape)', () => {
  it('answers {"result": [[{"document": {"id", "contents"}, "score"}]]} with "<title>"\\n<passage>', async () => {
    const s = testServer(dir);
    const queries = ['launch price', 'chief executive', 'zzzzqqq nothing matches'];
    const body = await json(await s.post(`/retrieve?world=${W0}`, { queries, topk: 3, return_scores: true }));
    expect(Object.keys(body)).toEqual(['result', 'meta']);
    expect(body.meta).toEqual({ queries: 3, topk: 3, cut: [], failed: [] });
    expectSearchR1(body.result, 3, true);
    expect(body.result[0]).toHaveLength(3);
    expect(body.result[2]).toEqual([]);
    expect(body.result[0].map((d: { score: number }) => d.score)).toEqual([1, 0.5, 0.333333]);
    // the same results the tool gives, in the same order
    const world = createSearchWorld(join(dir, `${W0}.sqlite`));
    try {
      const r = await callTool(createSession(world), { name: 'web_search', arguments: { query: 'launch price' } });
      const top = (r.json as SearchObservationJson).queries[0]!.results.slice(0, 3);
      expect(body.result[0].map((d: { document: { id: string } }) => d.document.id)).toEqual(top.map((t) => t.url));
      expect(body.result[0][0].document.contents).toBe(`"${top[0]!.title}"\n${top[0]!.snippet}`);
    } finally {
      world.close();
    }
    s.ctx.close();
  });

  it('gives documents alone without return_scores, defaults topk to 3, and pages past 10', async () => {
    const s = testServer(dir);
    const plain = await json(await s.post(`/retrieve?world=${W0}`, { queries: ['launch price'] }));
    expectSearchR1(plain.result, 1, false);
    expect(plain.result[0]).toHaveLength(3);
    // "the" is on nearly every page of a world: enough matches to page well past 10.
    const many = await json(await s.post(`/retrieve?world=${W0}`, { queries: ['the'], topk: 25, return_scores: true }));
    expect(many.result[0]).toHaveLength(25);
    expect(new Set(many.result[0].map((d: { document: { id: string } }) => d.document.id)).size).toBe(25);
    s.ctx.close();
  });

  it('takes worlds or sessions parallel to queries', async () => {
    const s = testServer(dir);
    const q = 'launch price';
    const byWorld = await json(await s.post('/retrieve', { queries: [q, q], worlds: [W0, W1], topk: 2, return_scores: true }));
    const w0 = await json(await s.post(`/retrieve?world=${W0}`, { queries: [q], topk: 2, return_scores: true }));
    const w1 = await json(await s.post(`/retrieve?world=${W1}`, { queries: [q], topk: 2, return_scores: true }));
    expect(byWorld.result).toEqual([w0.result[0], w1.result[0]]);
    const a = (await json(await s.post('/v1/sessions', { world: W0 }))).session;
    const b = (await json(await s.post('/v1/sessions', { world: W1 }))).session;
    const bySession = await json(await s.post('/retrieve', { queries: [q, q], sessions: [a, b], topk: 2, return_scores: true }));
    expect(bySession.result).toEqual(byWorld.result);
    expect((await json(await s.request(`/v1/sessions/${a}`))).calls).toBe(1);
    s.ctx.close();
  });

  it('turns a simulated fault into one pseudo-document and an errors list', async () => {
    const s = testServer(dir);
    const sid = (await json(await s.post('/v1/sessions', { world: W0, profile: { errorRate: 1 } }))).session;
    const body = await json(await s.post(`/retrieve?session=${sid}`, { queries: ['price', 'ceo'], return_scores: true }));
    expect(body.result).toHaveLength(2);
    for (const list of body.result) {
      expect(list).toHaveLength(1);
      expect(list[0].document.id).toMatch(/^error:/);
      expect(list[0].score).toBe(0);
    }
    expect(body.errors.map((e: { type: string }) => e.type).every((t: string) => ['rate_limited', 'server_error', 'timeout'].includes(t))).toBe(true);
    expect(body.meta.failed).toEqual([0, 1]);
    s.ctx.close();
  });

  it('is a 400 only for a body that is not an object with a queries list, or one over the query cap', async () => {
    const s = testServer(dir, { limits: { maxRetrieveQueries: 4 } });
    const bad: unknown[] = ['not json', '[]', '"queries"', {}, { queries: 'launch price' }, { queries: null }, { queries: ['a', 'b', 'c', 'd', 'e'] }];
    for (const body of bad) {
      const res = await s.post(`/retrieve?world=${W0}`, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect((await json(res)).error.code).toBe('BAD_INPUT');
    }
    // no queries is no work, not an error
    expect(await json(await s.post(`/retrieve?world=${W0}`, { queries: [] }))).toEqual({ result: [], meta: { queries: 0, topk: 3, cut: [], failed: [] } });
    s.ctx.close();
  });

  it('takes topk missing, null or 0 as the default, and above the cap as the cap', async () => {
    const s = testServer(dir, { limits: { maxTopk: 10 } });
    for (const topk of [undefined, null, 0]) {
      const body = await json(await s.post(`/retrieve?world=${W0}`, { queries: ['the', 'launch price'], topk, return_scores: true }));
      expect(body.meta.topk).toBe(DEFAULT_TOPK);
      expect(body.result.map((l: unknown[]) => l.length)).toEqual([DEFAULT_TOPK, DEFAULT_TOPK]);
    }
    const capped = await json(await s.post(`/retrieve?world=${W0}`, { queries: ['the'], topk: 1000 }));
    expect(capped.meta.topk).toBe(10);
    expect(capped.result[0]).toHaveLength(10);
    s.ctx.close();
  });

  it('cuts a query over the length cap and says so in meta', async () => {
    const s = testServer(dir);
    const long = `launch price ${'x'.repeat(5000)}`;
    const body = await json(await s.post(`/retrieve?world=${W0}`, { queries: ['chief executive', long], return_scores: true }));
    expect(body.meta.cut).toEqual([{ query: 1, length: long.length, kept: 2048 }]);
    expect(body.meta.failed).toEqual([]);
    const cut = await json(await s.post(`/retrieve?world=${W0}`, { queries: [long.slice(0, 2048)], return_scores: true }));
    expect(body.result[1]).toEqual(cut.result[0]);
    expect(cutQuery(`${'a'.repeat(2047)}😀`, 2048)).toBe('a'.repeat(2047)); // never half a surrogate pair
    s.ctx.close();
  });

  it("answers a query's own problem in its slot, and a problem of the whole request in every slot, with 200", async () => {
    const s = testServer(dir);
    const a = (await json(await s.post('/v1/sessions', { world: W0 }))).session;
    const slots = async (body: Record<string, unknown>, path = '/retrieve') => {
      const res = await s.post(path, body);
      expect(res.status).toBe(200);
      const out = await json(res);
      expect(out.result).toHaveLength((body.queries as unknown[]).length);
      for (const [i, e] of (out.errors ?? []).entries()) {
        if (e === null) continue;
        expect(out.result[i]).toEqual([{ id: `error:${e.type}`, contents: `"Error"\n${e.message}` }]);
      }
      expect(out.meta.failed).toEqual((out.errors ?? []).flatMap((e: unknown, i: number) => (e === null ? [] : [i])));
      return (out.errors ?? []).map((e: { type: string; message: string } | null) => e && `${e.type}: ${e.message}`);
    };
    expect(await slots({ queries: ['price', 7, 'ceo'], sessions: [a, a, a] })).toEqual([null, 'bad_input: query 1 is not a string', null]);
    expect(await slots({ queries: ['price', 'ceo'], sessions: [a, 5] })).toEqual([null, 'bad_input: "sessions" item 1 is not a string']);
    expect(await slots({ queries: ['price', 'ceo'], sessions: [a] })).toEqual([null, 'bad_input: "sessions" has no item 1 (one per query)']);
    expect(await slots({ queries: ['price', 'ceo'], sessions: ['nope', a] })).toEqual(['bad_input: not a session id', null]);
    expect(await slots({ queries: ['price', 'ceo'], worlds: [W0, 'w11-999999'] })).toEqual([null, 'not_found: world w11-999999 not found']);
    const everySlot = (message: string) => [`bad_input: ${message}`, `bad_input: ${message}`];
    expect(await slots({ queries: ['price', 'ceo'] })).toEqual(everySlot('name the target once: ?world=, ?session=, "worlds" or "sessions"'));
    expect(await slots({ queries: ['price', 'ceo'], worlds: [W0, W0] }, `/retrieve?world=${W0}`)).toEqual(
      everySlot('name the target once: ?world=, ?session=, "worlds" or "sessions"'),
    );
    expect(await slots({ queries: ['price', 'ceo'], sessions: a })).toEqual(everySlot('"sessions" must be a list parallel to "queries"'));
    expect(await slots({ queries: ['price', 'ceo'], topk: '3' }, `/retrieve?world=${W0}`)).toEqual(
      everySlot('"topk" must be an integer from 1 to 50 (0 or null: 3)'),
    );
    expect(await slots({ queries: ['price', 'ceo'], topk: -1 }, `/retrieve?world=${W0}`)).toEqual(
      everySlot('"topk" must be an integer from 1 to 50 (0 or null: 3)'),
    );
    expect(await slots({ queries: ['price', 'ceo'], return_scores: 'yes' }, `/retrieve?world=${W0}`)).toEqual(
      everySlot('"return_scores" must be true or false'),
    );
    s.ctx.close();
  });

  it('reads a body of 8,192 queries at the length cap (the /retrieve body cap), while other routes keep theirs', async () => {
    const s = testServer(dir);
    const q = 'q'.repeat(DEFAULT_LIMITS.maxQueryChars);
    // One query over the count: refused for its count (400), so the body was read, not refused for its size (413).
    const over = await s.post(`/retrieve?world=${W0}`, { queries: Array(DEFAULT_LIMITS.maxRetrieveQueries + 1).fill(q) });
    expect(over.status).toBe(400);
    expect((await json(over)).error.message).toBe(`at most 8192 queries per call, got 8193`);
    expect((await s.post(`/v1/search?world=${W0}`, { query: 'x'.repeat(DEFAULT_LIMITS.maxBodyBytes) })).status).toBe(413);
    s.ctx.close();
  });
});

describe('POST /retrieve at trainer scale (Search-R1: 512 prompts x 5 rollouts in one call)', () => {
  it('answers 2,560 queries over 2,560 task-bound sessions with one list each; a bad session fails only its slot', async () => {
    // A real server on loopback with its default limits (rate limit on), as a trainer on the machine meets it.
    const server = await startServer({ worlds: dir, port: 0, logger: createLogger('silent') });
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
    const BATCH = 2560;
    const tasks = worlds.flatMap((w) => w.tasks.map((t) => ({ world: w.meta.world_id, task: t.id, question: t.question })));
    const rollouts = Array.from({ length: BATCH }, (_, i) => tasks[i % tasks.length]!);
    const sessions: string[] = [];
    for (const [i, r] of rollouts.entries()) {
      const res = await post('/v1/sessions', { world: r.world, task: r.task, seed: i });
      expect(res.status).toBe(201);
      sessions.push((await json(res)).session);
    }
    const queries = rollouts.map((r) => r.question);
    queries[3] = `${queries[3]} ${'and more '.repeat(600)}`.slice(0, 5000);
    sessions[7] = 's_AAAAAAAAAAAAAAAAAAAAAAAA'; // well formed, names no session
    const res = await post('/retrieve', { queries, sessions, topk: 3, return_scores: true });
    expect(res.status).toBe(200);
    const body = await json(res);
    expectSearchR1(body.result, BATCH, true);
    expect(body.meta).toEqual({ queries: BATCH, topk: 3, cut: [{ query: 3, length: 5000, kept: 2048 }], failed: [7] });
    expect(body.errors.filter((e: unknown) => e !== null)).toEqual([{ type: 'not_found', message: 'no such session (it may have expired)' }]);
    expect(body.errors[7]).toEqual({ type: 'not_found', message: 'no such session (it may have expired)' });
    expect(body.result[7]).toEqual([{ document: { id: 'error:not_found', contents: '"Error"\nno such session (it may have expired)' }, score: 0 }]);
    // every other slot searched its own session: results, and one call in that session's history
    expect(body.result.filter((l: unknown[], i: number) => i !== 7 && l.length > 0).length).toBeGreaterThan(BATCH * 0.9);
    for (const i of [0, 3, 8, BATCH - 1]) expect((await json(await fetch(`${server.url}/v1/sessions/${sessions[i]}`))).calls).toBe(1);
    await server.shutdown();
  }, 300_000);
});
