import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import type { SearchObservationJson } from '../../src/render/observation.js';
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
    expect(Object.keys(body)).toEqual(['result']);
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
    s.ctx.close();
  });

  it('rejects malformed requests with 400', async () => {
    const s = testServer(dir, { limits: { maxRetrieveQueries: 4, maxTopk: 10 } });
    const bad: [string, unknown][] = [
      [`/retrieve?world=${W0}`, { queries: 'launch price' }],
      [`/retrieve?world=${W0}`, { queries: [] }],
      [`/retrieve?world=${W0}`, { queries: ['a', 1] }],
      [`/retrieve?world=${W0}`, { queries: ['a', 'b', 'c', 'd', 'e'] }],
      [`/retrieve?world=${W0}`, { queries: ['a'], topk: 0 }],
      [`/retrieve?world=${W0}`, { queries: ['a'], topk: 11 }],
      [`/retrieve?world=${W0}`, { queries: ['a'], topk: '3' }],
      [`/retrieve?world=${W0}`, { queries: ['a'], return_scores: 'yes' }],
      ['/retrieve', { queries: ['a'] }],
      ['/retrieve', { queries: ['a', 'b'], worlds: [W0] }],
      [`/retrieve?world=${W0}`, { queries: ['a'], worlds: [W0] }],
      ['/retrieve', { queries: ['a'], worlds: ['../../x'] }],
    ];
    for (const [path, body] of bad) {
      const res = await s.post(path, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await s.post('/retrieve', { queries: ['a'], worlds: ['w11-999999'] })).status).toBe(404);
    expect((await s.post('/retrieve', { queries: ['a'], sessions: ['s_aaaaaaaaaaaaaaaaaaaaaaaa'] })).status).toBe(404);
    s.ctx.close();
  });
});
