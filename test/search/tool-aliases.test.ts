/**
 * Tongyi DeepResearch's tool names (inference/tool_search.py: `search {query: string[]}`;
 * inference/tool_visit.py: `visit {url: string | string[], goal}`) and DeepDive's (`search {query, num}`,
 * `open {url}`), resolved once (resolveCall) and so taken by every edge: the core, /v1/call, /mcp.
 */
import { describe, expect, it } from 'vitest';
import { resolveCall } from '../../src/search/tool-args.js';
import { testServer, worldsDir } from '../server/fixtures.js';
import { twin } from '../server/stacks/twin.js';

const { dir, worlds } = worldsDir(1);
const W = worlds[0]!.meta.world_id;
const urls = worlds[0]!.documents.slice(0, 3).map((d) => d.url);

const messageOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('tool aliases', () => {
  it('resolve to web_search and web_extractor calls', () => {
    expect(resolveCall({ name: 'search', arguments: { query: ['a', 'b'] } })).toEqual([{ name: 'web_search', arguments: { queries: ['a', 'b'] } }]);
    expect(resolveCall({ name: 'search', arguments: '{"query": "a", "num": 10}' })).toEqual([{ name: 'web_search', arguments: { queries: ['a'] } }]);
    expect(resolveCall({ name: 'visit', arguments: { url: urls.slice(0, 2), goal: 'g' } })).toEqual(
      urls.slice(0, 2).map((url) => ({ name: 'web_extractor', arguments: { url } })),
    );
    expect(resolveCall({ name: 'visit', arguments: { url: urls[0] } })).toEqual([{ name: 'web_extractor', arguments: { url: urls[0] } }]);
    expect(resolveCall({ name: 'open', arguments: { url: urls[0] } })).toEqual([{ name: 'web_extractor', arguments: { url: urls[0] } }]);
    const same = { name: 'web_search', arguments: { query: 'x' } };
    expect(resolveCall(same)).toEqual([same]);
    expect(messageOf(() => resolveCall({ name: 'search', arguments: { query: [] } }))).toBe('search "query" must not be empty');
    expect(messageOf(() => resolveCall({ name: 'search', arguments: { q: 'x' } }))).toBe('search needs "query" (a string or a list of strings)');
    expect(messageOf(() => resolveCall({ name: 'search', arguments: { query: 'x', q: 'x' } }))).toBe('search has no argument "q" (known: query, num)');
    expect(messageOf(() => resolveCall({ name: 'search', arguments: { query: Array(9).fill('x') } }))).toBe('search takes at most 8 queries, got 9');
    expect(messageOf(() => resolveCall({ name: 'visit', arguments: { goal: 'g' } }))).toBe('visit needs "url" (a URL or a list of URLs)');
    expect(messageOf(() => resolveCall({ name: 'visit', arguments: { url: Array(9).fill(urls[0]) } }))).toBe('visit opens at most 8 URLs in one call');
    expect(messageOf(() => resolveCall({ name: 'constructor' }))).toMatch(/^unknown tool "constructor"/);
  });

  it('answer on /v1/call and /mcp as the calls they stand for', async () => {
    const s = testServer(dir);
    const core = twin(dir, W, null);
    const headers = { accept: 'application/json, text/event-stream' };
    const mcp = async (name: string, args: unknown) => {
      const r = await s.post(`/mcp?world=${W}`, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, headers);
      return ((await r.json()) as { result: { content: { text: string }[]; isError?: boolean } }).result;
    };
    try {
      const search = (await core.call({ name: 'web_search', arguments: { queries: ['launch price', 'ceo'] } })).text;
      expect(await (await s.post(`/v1/call?world=${W}`, { name: 'search', arguments: { query: ['launch price', 'ceo'] } })).text()).toBe(search);
      expect((await mcp('search', { query: ['launch price', 'ceo'] })).content[0]!.text).toBe(search);

      const pages = [];
      for (const url of urls) pages.push((await core.call({ name: 'web_extractor', arguments: { url } })).text);
      const visit = await s.post(`/v1/call?world=${W}&format=json`, { name: 'visit', arguments: { url: urls, goal: 'read them' } });
      const json = await visit.json();
      expect(json.tool).toBe('web_extractor');
      expect(json.pages.map((p: { url: string }) => p.url)).toEqual(urls);
      expect(await (await s.post(`/v1/call?world=${W}`, { name: 'visit', arguments: { url: urls, goal: 'read them' } })).text()).toBe(pages.join('\n\n'));
      expect((await mcp('visit', { url: urls[0], goal: 'g' })).content[0]!.text).toBe(pages[0]);
      const bad = await mcp('visit', { goal: 'g' });
      expect(bad).toMatchObject({ isError: true, content: [{ text: 'visit needs "url" (a URL or a list of URLs)' }] });
    } finally {
      core.close();
      s.ctx.close();
    }
  });
});
