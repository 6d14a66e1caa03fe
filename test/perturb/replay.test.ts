import { describe, expect, it } from 'vitest';
import { callTool, callToolSync, type ToolResult } from '../../src/search/call-tool.js';
import { prepareQuery } from '../../src/search/query.js';
import { createSession } from '../../src/compose.js';
import type { SearchWorld } from '../../src/search/world-index.js';
import { PRESETS, type PerturbationProfile } from '../../src/perturb/profile.js';
import type { SearchObservationJson } from '../../src/render/observation.js';
import { sampleWorlds, smartphoneWorld, withWorld } from '../search/sample-worlds.js';
import { expectResultsAgreeWithWorld, expectWellFormedSearch, snippetFragments } from '../search/well-formed.js';

const questions = () => smartphoneWorld().data.tasks.map((t) => t.question);

/** Run every task question, one call each, then as batches of three. */
function rollout(world: SearchWorld, seed: number, profile: Partial<PerturbationProfile>): ToolResult[] {
  const session = createSession(world, { seed, profile });
  const qs = questions();
  const out = qs.map((query) => callToolSync(session, { name: 'web_search', arguments: { query } }));
  for (let i = 0; i + 3 <= qs.length; i += 3) out.push(callToolSync(session, { name: 'web_search', arguments: { queries: qs.slice(i, i + 3) } }));
  return out;
}

const shown = (r: ToolResult) => `${r.text}\n${JSON.stringify(r.json)}\n${r.meta.perturbations.join(',')}`;
const results = (r: ToolResult) => (r.json as SearchObservationJson).queries.flatMap((q) => q.results);

describe('perturbations', () => {
  it('are off by default', () => {
    withWorld((world) => {
      const plain = rollout(world, 1, {});
      expect(plain.every((r) => r.meta.perturbations.length === 0 && !r.error && r.meta.latencyMs === 0)).toBe(true);
      expect(rollout(world, 99, PRESETS.off!).map(shown)).toEqual(plain.map(shown));
    });
  });

  it('replay identically for the same seed, and differ for another seed', () => {
    const a = withWorld((w) => rollout(w, 7, PRESETS.heavy!));
    const b = withWorld((w) => rollout(w, 7, PRESETS.heavy!));
    const c = withWorld((w) => rollout(w, 8, PRESETS.heavy!));
    expect(b.map(shown)).toEqual(a.map(shown));
    expect(c.map(shown)).not.toEqual(a.map(shown));
    expect(a.some((r) => r.meta.perturbations.length > 0)).toBe(true);
  });

  it('never alter a fact: every result is a world page as it stands (url, title, site, date, snippet), over every theme', () => {
    for (const sample of sampleWorlds()) {
      withWorld((world) => {
        const session = createSession(world, { seed: 3, profile: { ...PRESETS.heavy, errorRate: 0, snippetTruncateRate: 0.3, irrelevantRate: 0.3 } });
        const qs = sample.data.tasks.map((t) => t.question);
        for (let i = 0; i < qs.length; i += 2) {
          const batch = qs.slice(i, i + 2);
          const r = callToolSync(session, { name: 'web_search', arguments: { queries: batch } });
          expectWellFormedSearch(r, batch.length);
          expectResultsAgreeWithWorld(r.json as SearchObservationJson, world);
        }
      }, sample.path);
    }
  });

  it('transient errors fail whole calls at about their rate, with the kinds asked for', () => {
    withWorld((world) => {
      const session = createSession(world, { seed: 5, profile: { errorRate: 0.3, errorKinds: ['timeout', 'rate_limited'] } });
      const calls = Array.from({ length: 300 }, (_, i) => callToolSync(session, { name: 'web_search', arguments: { query: `launch price ${i}` } }));
      const failed = calls.filter((r) => r.error);
      expect(failed.length).toBeGreaterThan(60);
      expect(failed.length).toBeLessThan(120);
      expect(new Set(failed.map((r) => r.error!.type))).toEqual(new Set(['timeout', 'rate_limited']));
      for (const r of failed) {
        expect(r.text).toMatch(/^Error( 429: Too Many Requests\.|: The search request timed out after \d+ seconds)/);
        expect((r.json as SearchObservationJson).error).toEqual(r.error);
      }
      const page = callToolSync(createSession(world, { profile: { errorRate: 1, errorKinds: ['server_error'] } }), {
        name: 'web_extractor',
        arguments: { url: world.allPages()[0]!.url },
      });
      expect(page.error?.type).toBe('server_error');
      expect(page.text).toMatch(/^Error 50\d: /);
    });
  });

  it('one rate does not reshuffle another: errors fall on the same calls whatever the other rates', () => {
    const errorsAt = (profile: Partial<PerturbationProfile>) => withWorld((w) => rollout(w, 11, profile)).flatMap((r, i) => (r.error ? [i] : []));
    const base = errorsAt({ errorRate: 0.3 });
    expect(base.length).toBeGreaterThan(0);
    expect(errorsAt({ errorRate: 0.3, irrelevantRate: 0.5, snippetMissingRate: 0.5, paginationRate: 0.5 })).toEqual(base);
  });

  it('pagination shows fewer results per page and the rest behind the next page', () => {
    withWorld((world) => {
      const session = createSession(world, { profile: { paginationRate: 1, pageSizeMin: 4, pageSizeMax: 4 } });
      const p1 = callToolSync(session, { name: 'web_search', arguments: { query: 'launch price' } });
      const p2 = callToolSync(session, { name: 'web_search', arguments: { query: 'launch price', page: 2 } });
      expectWellFormedSearch(p1);
      expect(results(p1).map((r) => r.rank)).toEqual([1, 2, 3, 4]);
      expect(p1.text.endsWith('\n\nMore results are available: request page 2.')).toBe(true);
      expect(results(p2).map((r) => r.rank)).toEqual([5, 6, 7, 8]);
      const plain = callToolSync(createSession(world), { name: 'web_search', arguments: { query: 'launch price' } });
      expect([...results(p1), ...results(p2)].map((r) => r.url)).toEqual(
        results(plain)
          .slice(0, 8)
          .map((r) => r.url),
      );
    });
  });

  it('partial failure fails some queries of a batch, never all, never a single query', () => {
    withWorld((world) => {
      const session = createSession(world, { profile: { partialFailureRate: 1 } });
      const batch = callToolSync(session, { name: 'web_search', arguments: { queries: ['launch price', 'chief executive', 'units sold'] } });
      expectWellFormedSearch(batch, 3);
      const qs = (batch.json as SearchObservationJson).queries;
      expect(qs.filter((q) => q.error).length).toBe(2);
      expect(qs.filter((q) => !q.error && q.results.length > 0).length).toBe(1);
      expect(batch.error).toBeUndefined();
      const single = callToolSync(session, { name: 'web_search', arguments: { query: 'launch price' } });
      expect((single.json as SearchObservationJson).queries[0]!.error).toBeUndefined();
    });
  });

  it('snippets can be cut short or go missing, and cut snippets still agree with their page', () => {
    withWorld((world) => {
      const missing = callToolSync(createSession(world, { profile: { snippetMissingRate: 1 } }), { name: 'web_search', arguments: { query: 'launch price' } });
      expect(results(missing).every((r) => r.snippet === null)).toBe(true);
      expect(missing.text.match(/\nSnippet: N\/A\n/g)).toHaveLength(10);
      const plain = results(callToolSync(createSession(world), { name: 'web_search', arguments: { query: 'launch price' } }));
      const cut = callToolSync(createSession(world, { profile: { snippetTruncateRate: 1 } }), { name: 'web_search', arguments: { query: 'launch price' } });
      expectResultsAgreeWithWorld(cut.json as SearchObservationJson, world);
      results(cut).forEach((r, i) => {
        expect(r.snippet!.length).toBeLessThan(plain[i]!.snippet!.length);
        expect(r.snippet!.endsWith(' ...')).toBe(true);
        expect(plain[i]!.snippet!.startsWith(snippetFragments(r.snippet!)[0]!)).toBe(true);
      });
    });
  });

  it('irrelevant pages are mixed in without changing the result count', () => {
    withWorld((world) => {
      const query = { name: 'web_search', arguments: { query: 'Q3 units sold' } };
      const plain = results(callToolSync(createSession(world), query));
      const noisy = callToolSync(createSession(world, { seed: 2, profile: { irrelevantRate: 0.5 } }), query);
      expect(results(noisy)).toHaveLength(plain.length);
      expect(noisy.meta.perturbations.some((p) => p.startsWith('irrelevant:0:'))).toBe(true);
      const ranked = new Set(world.retrieve(prepareQuery('Q3 units sold'), 100).map((c) => c.page.url));
      expect(results(noisy).some((r) => !ranked.has(r.url))).toBe(true);
      expectResultsAgreeWithWorld(noisy.json as SearchObservationJson, world);
    });
  });

  it('added latency is reported in metadata, and only slept when asked', async () => {
    await withWorld(async (world) => {
      const profile = { latencyRate: 1, latencyMinMs: 5, latencyMaxMs: 5 };
      const r = callToolSync(createSession(world, { profile }), { name: 'web_search', arguments: { query: 'price' } });
      expect(r.meta.latencyMs).toBe(5);
      expect(r.meta.slept).toBe(false);
      expect(r.text).not.toMatch(/latency|5 ms/);
      const slept = await callTool(createSession(world, { profile: { ...profile, sleep: true } }), { name: 'web_search', arguments: { query: 'price' } });
      expect(slept.meta.slept).toBe(true);
      expect(slept.text).toBe(r.text);
    });
  });
});
