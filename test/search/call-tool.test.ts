import { describe, expect, it } from 'vitest';
import { FictionError } from '../../src/errors.js';
import { callTool, callToolSync, type ToolResult } from '../../src/search/call-tool.js';
import type { SearchGuard } from '../../src/search/guard-hook.js';
import { createSession, type SessionOptions } from '../../src/compose.js';
import type { SearchWorld } from '../../src/search/world-index.js';
import type { PageObservationJson, SearchObservationJson } from '../../src/render/observation.js';
import { resultFromHit } from '../../src/render/template.js';
import { Rng } from '../../src/rng.js';
import { INJECTION_CORPUS } from './injection-corpus.js';
import { sampleWorlds, smartphoneWorld, withWorld } from './sample-worlds.js';
import { expectResultsAgreeWithWorld, expectWellFormedSearch, plainBody, snippetFragments } from './well-formed.js';

/** A fixed call sequence over a world: searches, a batch, page 2, opens of shown and unknown pages. */
function script(world: SearchWorld, opts: SessionOptions): { results: ToolResult[]; trajectory: string } {
  const session = createSession(world, opts);
  const data = smartphoneWorld().data;
  const results: ToolResult[] = [];
  const call = (name: string, args: unknown) => results.push(callToolSync(session, { name, arguments: args }));
  for (const t of data.tasks.slice(0, 6)) call('web_search', { query: t.question });
  call('web_search', { queries: data.tasks.slice(6, 9).map((t) => t.question) });
  call('web_search', { query: data.tasks[0]!.question, page: 2 });
  call('web_extractor', { url: data.documents[3]!.url });
  call('web_extractor', { url: 'https://wiki.orbis-encyclopedia.example/wiki/Nowhere' });
  for (const t of data.tasks.slice(9)) call('web_search', { query: t.question });
  return { results, trajectory: session.trajectoryJsonl() };
}

const strip = (r: ToolResult) => ({ text: r.text, json: JSON.stringify(r.json), error: r.error, perturbations: r.meta.perturbations });

describe('callTool', () => {
  it('is deterministic: same world, seed and calls give byte-identical output', () => {
    for (const profile of [undefined, { errorRate: 0.2, paginationRate: 0.3, partialFailureRate: 0.3, snippetTruncateRate: 0.2, irrelevantRate: 0.2 }]) {
      const a = withWorld((w) => script(w, { seed: 42, profile }));
      const b = withWorld((w) => script(w, { seed: 42, profile }));
      expect(b.results.map(strip)).toEqual(a.results.map(strip));
      expect(b.trajectory).toBe(a.trajectory);
      expect(a.trajectory.split('\n').filter(Boolean)).toHaveLength(a.results.length);
    }
  });

  it('web_search gives well-formed results that agree with the pages', () => {
    withWorld((world) => {
      const session = createSession(world);
      for (const t of smartphoneWorld().data.tasks) {
        const r = callToolSync(session, { name: 'web_search', arguments: { query: t.question } });
        expectWellFormedSearch(r);
        expectResultsAgreeWithWorld(r.json as SearchObservationJson, world);
        expect((r.json as SearchObservationJson).queries[0]!.results).toHaveLength(10);
        expect(r.meta.renderer).toBe('template');
      }
    });
  });

  it('a batch gives one block per query; page 2 continues the ranking', () => {
    withWorld((world) => {
      const session = createSession(world);
      const qs = ['launch price', 'chief executive', 'units sold'];
      const batch = callToolSync(session, { name: 'web_search', arguments: { queries: qs } });
      expectWellFormedSearch(batch, 3);
      expect((batch.json as SearchObservationJson).queries.map((q) => q.query)).toEqual(qs);
      const p1 = callToolSync(session, { name: 'web_search', arguments: { query: 'launch price' } });
      const p2 = callToolSync(session, { name: 'web_search', arguments: { query: 'launch price', page: 2 } });
      const j1 = (p1.json as SearchObservationJson).queries[0]!;
      const j2 = (p2.json as SearchObservationJson).queries[0]!;
      expect(j1.hasMore).toBe(true);
      // No perturbation on: the text says what the JSON's hasMore says, as the tool description promises.
      expect(p1.text.endsWith('\n\nMore results are available: request page 2.')).toBe(true);
      expect(p2.text.includes('More results are available')).toBe(j2.hasMore);
      expect(j2.results[0]!.rank).toBe(11);
      expect(p2.text).toMatch(/^Results for "launch price":\n\[11\] /);
      const urls1 = new Set(j1.results.map((r) => r.url));
      expect(j2.results.some((r) => urls1.has(r.url))).toBe(false);
      const far = callToolSync(session, { name: 'web_search', arguments: { query: 'launch price', page: 100 } });
      expect(far.text).toBe('Results for "launch price":\nNo results found.');
    });
  });

  it('web_extractor returns the page as Markdown and agrees with the snippets shown for it', () => {
    withWorld((world) => {
      const session = createSession(world);
      const search = callToolSync(session, { name: 'web_search', arguments: { query: smartphoneWorld().data.tasks[2]!.question } });
      for (const r of (search.json as SearchObservationJson).queries[0]!.results) {
        const page = callToolSync(session, { name: 'web_extractor', arguments: { url: r.url } });
        const json = page.json as PageObservationJson;
        expect(page.error).toBeUndefined();
        expect(page.text.startsWith(`Title: ${r.title}\nURL: ${r.url}\nDate: ${r.date}\n\n# `)).toBe(true);
        expect(json.title).toBe(r.title);
        const body = plainBody(json.content!);
        for (const f of snippetFragments(r.snippet!)) expect(body).toContain(f);
      }
    });
  });

  it('web_extractor forgives scheme, host case and a trailing slash; unknown pages are observations', async () => {
    await withWorld(async (world) => {
      const session = createSession(world);
      const url = world.allPages()[0]!.url;
      const loose = `${url.replace('https://', 'HTTP://').replace(/^(http:\/\/)([^/]+)/i, (_, s, h) => `${s}${h.toUpperCase()}`)}/#top`;
      const found = await callTool(session, { name: 'web_extractor', arguments: { url: loose } });
      expect((found.json as PageObservationJson).url).toBe(url);
      const missing = await callTool(session, { name: 'web_extractor', arguments: { url: `https://${world.allPages()[0]!.site}/wiki/No_Such_Page` } });
      expect(missing.error?.type).toBe('page_not_found');
      expect(missing.text).toMatch(/^Error: Failed to fetch .*404 Not Found/);
      const outside = await callTool(session, { name: 'web_extractor', arguments: { url: 'https://www.google.com/search?q=x' } });
      expect(outside.error?.type).toBe('host_unreachable');
      const junk = await callTool(session, { name: 'web_extractor', arguments: { url: 'not a url at all \u0000' } });
      expect(junk.error?.type).toBe('host_unreachable');
      expect(junk.text).not.toContain('\u0000');
    });
  });

  it('rejects bad arguments with BAD_INPUT and draws nothing for them', () => {
    withWorld((world) => {
      const session = createSession(world);
      const bad: [string, unknown][] = [
        ['web_search', {}],
        ['web_search', { query: 3 }],
        ['web_search', { queries: [] }],
        ['web_search', { queries: ['a', 4] }],
        ['web_search', { queries: Array(50).fill('a') }],
        ['web_search', { query: 'a', queries: ['b'] }],
        ['web_search', { query: 'a', page: 0 }],
        ['web_search', { query: 'a', page: 1.5 }],
        ['web_search', '{not json'],
        ['web_search', null],
        ['web_search', [1]],
        ['web_extractor', {}],
        ['web_extractor', { url: '' }],
        ['web_extractor', { url: 'x'.repeat(5000) }],
        ['rm_rf', { query: 'a' }],
      ];
      for (const [name, args] of bad) {
        let err: unknown;
        try {
          callToolSync(session, { name, arguments: args });
        } catch (e) {
          err = e;
        }
        expect(err, `${name} ${JSON.stringify(args)?.slice(0, 50)}`).toBeInstanceOf(FictionError);
        expect((err as FictionError).code).toBe('BAD_INPUT');
        expect((err as FictionError).message).not.toContain('\n');
      }
      expect(session.callCount).toBe(0);
      const ok = callToolSync(session, { name: 'web_search', arguments: '{"query": "launch price", "page": "2"}' });
      expect((ok.json as SearchObservationJson).queries[0]!.page).toBe(2);
    });
  });

  it('the injection corpus and 10,000 random strings never throw and give well-formed output', () => {
    withWorld((world) => {
      const session = createSession(world, { historyLimit: 4 });
      for (const q of INJECTION_CORPUS) expectWellFormedSearch(callToolSync(session, { name: 'web_search', arguments: { query: q } }));
      expectWellFormedSearch(callToolSync(session, { name: 'web_search', arguments: { queries: INJECTION_CORPUS.slice(0, 8) } }), 8);
      const rng = new Rng('call-property');
      const pool = [
        'price',
        'Q2',
        'brand',
        ' ',
        '"',
        '*',
        '-',
        ':',
        '^',
        '(',
        ')',
        'NEAR',
        'OR',
        '\u0000',
        '\n',
        '\u200B',
        '🙂',
        '\uD800',
        'é',
        '中',
        'ש',
        ',',
      ];
      for (let i = 0; i < 10_000; i++) {
        let s = '';
        for (let k = rng.int(0, 12); k > 0; k--) s += rng.chance(0.15) ? String.fromCharCode(rng.int(0, 0xffff)) : rng.pick(pool);
        const r = callToolSync(session, { name: 'web_search', arguments: { query: s } });
        expectWellFormedSearch(r);
      }
      expect(session.history).toHaveLength(4);
      expect(session.callCount).toBe(INJECTION_CORPUS.length + 1 + 10_000);
    });
  });

  it('calls the guard hook: the view chooses the world searched, the backstop shapes the results, decisions stay in metadata', () => {
    withWorld((world) => {
      const data = smartphoneWorld().data;
      const withheld = new Set(data.facts.filter((f) => f.predicate === 'launch_price_usd').map((f) => f.id));
      const hidden = new Set(
        world
          .allPages()
          .flatMap((page) => world.passagesOf(page.id))
          .filter((p) => p.factIds.some((f) => withheld.has(f)))
          .map((p) => p.id),
      );
      expect(hidden.size).toBeGreaterThan(0);
      const smaller = world.without(hidden, new Set());
      const calls: string[] = [];
      const guard: SearchGuard = {
        view(input) {
          calls.push(`view:${input.taskId}`);
          input.log({ stage: 'select', hidden: hidden.size });
          return { world: smaller, note: { related: false } };
        },
        backstop(input) {
          calls.push(`backstop:${input.selection.note?.related}`);
          input.log({ stage: 'backstop', spares: input.spares.length });
          const replacement = input.spares[input.spares.length - 1];
          if (!replacement) return [...input.results];
          return [...input.results.slice(0, -1), resultFromHit({ candidate: replacement, snippet: input.buildSnippet(replacement) })];
        },
      };
      const query = { name: 'web_search', arguments: { query: 'launch price' } };
      const plain = callToolSync(createSession(smaller), query);
      const guarded = callToolSync(createSession(world, { guard, taskId: data.tasks[0]!.id }), query);
      expect(calls).toEqual([`view:${data.tasks[0]!.id}`, 'backstop:false']);
      const pr = (plain.json as SearchObservationJson).queries[0]!.results;
      const gr = (guarded.json as SearchObservationJson).queries[0]!.results;
      // What the guarded query shows is an unguarded search of the view, but for the backstop's replacement.
      expect(gr).toHaveLength(pr.length);
      expect(gr.slice(0, -1)).toEqual(pr.slice(0, -1));
      expect(gr.at(-1)!.url).not.toBe(pr.at(-1)!.url);
      expectWellFormedSearch(guarded);
      expectResultsAgreeWithWorld(guarded.json as SearchObservationJson, world);
      const priceForms = data.facts.filter((f) => withheld.has(f.id)).map((f) => `$${Number(f.object).toLocaleString('en-US')}`);
      for (const r of gr.slice(0, -1)) for (const form of priceForms) expect(r.snippet).not.toContain(form);
      expect(guarded.meta.guard.map((d) => d.stage)).toEqual(['select', 'backstop']);
      expect(guarded.text).not.toContain('hidden');
      smaller.close();
    });
  });

  it('sessions check their task binding and keep a bounded history', () => {
    withWorld((world) => {
      expect(() => createSession(world, { taskId: 'nope' })).toThrow(/task nope not found/);
      const session = createSession(world, { taskId: world.taskIds()[0]!, historyLimit: 2 });
      for (const q of ['a', 'b', 'c']) callToolSync(session, { name: 'web_search', arguments: { query: `${q} price` } });
      expect(session.history.map((h) => h.callIndex)).toEqual([1, 2]);
      const lines = session
        .trajectoryJsonl()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => l.arguments.queries[0])).toEqual(['b price', 'c price']);
      expect(lines[0].task).toBe(world.taskIds()[0]);
      expect(lines[0].observation).toMatch(/^Results for "b price":/);
      const failing = createSession(world, { profile: { errorRate: 1 } });
      callToolSync(failing, { name: 'web_search', arguments: { query: 'x '.repeat(50_000) } });
      expect(String((failing.history[0]!.arguments.queries as string[])[0]).length).toBeLessThanOrEqual(512);
    });
  });

  it('history keeps the text of each call and, for a page that opened, only its URL and title', () => {
    withWorld((world) => {
      const session = createSession(world);
      const page = world.allPages()[0]!;
      callToolSync(session, { name: 'web_search', arguments: { query: page.title } });
      const opened = callToolSync(session, { name: 'web_extractor', arguments: { url: page.url } });
      callToolSync(session, { name: 'web_extractor', arguments: { url: 'https://nowhere.example/missing' } });
      const [search, open, missing] = session.history;
      expect(search!.text).toMatch(/^Results for /);
      expect(search!.page).toBeUndefined();
      expect(open!.text).toBe(opened.text);
      expect(open!.page).toEqual({ url: page.url, title: (opened.json as PageObservationJson).title });
      expect(missing!.error?.type).toBe('host_unreachable');
      expect(missing!.page).toBeUndefined();
      // The JSON stays with the result, not in the session's memory.
      for (const e of session.history) expect(Object.keys(e)).not.toContain('json');
    });
  });

  it('works over every registered theme', () => {
    for (const sample of sampleWorlds()) {
      withWorld((world) => {
        const session = createSession(world);
        const r = callToolSync(session, { name: 'web_search', arguments: { queries: sample.data.tasks.slice(0, 4).map((t) => t.question) } });
        expectWellFormedSearch(r, 4);
        expectResultsAgreeWithWorld(r.json as SearchObservationJson, world);
      }, sample.path);
    }
  });
});
