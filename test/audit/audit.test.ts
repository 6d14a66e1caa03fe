import { describe, it, expect } from 'vitest';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarise } from '../../src/audit/figures.js';
import { auditWorld, auditWorlds, sampleWorldFiles, type QueryRecord, type WorldAudit } from '../../src/audit/run.js';
import { FAMILIES } from '../../src/audit/families.js';
import { buildSuites } from '../../src/audit/suites.js';
import { MAX_BATCH } from '../../src/search/tool-args.js';
import { cli, tempDir } from '../helpers.js';
import { smartphoneWorld, sampleWorlds } from '../search/sample-worlds.js';
import { RENDERERS } from '../../src/render/renderer.js';
import { templateRenderer } from '../../src/render/template.js';
import type { SearchObservationJson } from '../../src/render/observation.js';
import { createSession } from '../../src/compose.js';
import { guardContext } from '../../src/leakage/guard-context.js';
import { guardView } from '../../src/leakage/guard-view.js';
import { callToolSync } from '../../src/search/call-tool.js';
import { createSearchWorld } from '../../src/search/world-index.js';

const side = (results: number, snippetChars: number, leakingResults: number, weakResults = 0) => ({ results, snippetChars, leakingResults, weakResults });
const finding = {
  rank: 1,
  url: 'https://x.example/a',
  title: 'A',
  snippet: 's',
  date: 'N/A',
  strength: 'strict' as const,
  detail: 'cell:Zentria X9=899 (899)',
};
const features = (results: number, ellipses: number, snippetChars: number, noQueryWord: number) => ({ results, ellipses, snippetChars, noQueryWord });

function record(p: Partial<QueryRecord>): QueryRecord {
  return {
    world: 'w1-000000',
    theme: 'smartphones',
    task: 't01',
    kind: 'lookup',
    answerType: 'integer',
    suite: 'unrelated',
    tag: 'x',
    query: 'q',
    related: false,
    raw: side(10, 2000, 0),
    guarded: side(10, 2000, 0),
    guardJudgeLeaks: 0,
    changed: features(0, 0, 0, 0),
    untouched: features(10, 5, 2000, 1),
    leaks: [],
    findings: [],
    ...p,
  };
}

describe('audit figures', () => {
  it('match a hand-counted batch', () => {
    // 7 queries: 2 related (excluded from leak figures), 5 unrelated; raw leaks in 3 of them, a guarded leak in 1, a weak one in 1.
    const a: WorldAudit = {
      world: 'w1-000000',
      theme: 'smartphones',
      queries: [
        record({ suite: 'related', related: true, raw: side(10, 2000, 3), guarded: side(10, 2000, 3) }),
        record({ suite: 'related', related: true }),
        record({ suite: 'unrelated', raw: side(10, 2000, 2), guarded: side(10, 1900, 0), changed: features(2, 2, 300, 1), untouched: features(8, 4, 1600, 0) }),
        record({
          suite: 'adversarial',
          tag: 'batches',
          raw: side(4, 800, 4),
          guarded: side(3, 600, 0),
          changed: features(3, 0, 600, 0),
          untouched: features(0, 0, 0, 0),
        }),
        record({
          suite: 'adversarial',
          tag: 'answer_named',
          kind: 'multi_hop',
          raw: side(6, 1200, 1),
          guarded: side(6, 1200, 1),
          guardJudgeLeaks: 1,
          findings: [finding],
        }),
        record({ suite: 'adversarial', tag: 'guess_confirm', guarded: side(10, 2000, 0, 1), guess: { kind: 'right', flaggedOn: true, flaggedOff: false } }),
        record({ suite: 'unrelated', kind: 'multi_hop', guess: { kind: 'wrong', flaggedOn: false, flaggedOff: false } }),
      ],
      tasks: [
        {
          world: 'w1-000000',
          theme: 'smartphones',
          task: 't01',
          kind: 'lookup',
          answerFacts: 1,
          reachedFacts: 1,
          reachable: true,
          honest: { on: true, off: true },
        },
        {
          world: 'w1-000000',
          theme: 'smartphones',
          task: 't02',
          kind: 'multi_hop',
          answerFacts: 1,
          reachedFacts: 0,
          reachable: false,
          honest: { on: false, off: true },
        },
      ],
    };
    const s = summarise([a]);
    expect(s.overall.queries).toBe(7);
    expect(s.overall.unrelatedQueries).toBe(5);
    expect(s.overall.relatedShare).toBeCloseTo(2 / 7);
    expect(s.overall.rawLeaks).toBe(3);
    expect(s.overall.rawLeakRate).toBeCloseTo(3 / 5);
    expect(s.overall.guardedLeaks).toBe(1);
    expect(s.overall.guardedLeakRate).toBeCloseTo(1 / 5);
    expect(s.overall.guardedWeakLeaks).toBe(1);
    expect(s.overall.anyLabel).toEqual({ guardedLeaks: 2, guardedLeakRate: 2 / 7, rawLeaks: 4, rawLeakRate: 4 / 7 });
    expect(s.overall.guardJudgeLeaks).toBe(1);
    expect(s.overall.honest).toEqual({ on: 1 / 2, off: 1, falseSuppressed: 1, falseSuppressionRate: 1 / 2 });
    expect(s.overall.reachability).toBeCloseTo(1 / 2);
    expect(s.overall.meanResults).toEqual({ off: (10 + 10 + 10 + 4 + 6 + 10 + 10) / 7, on: (10 + 10 + 10 + 3 + 6 + 10 + 10) / 7 });
    expect(s.overall.meanSnippetChars.on).toBeCloseTo((2000 * 4 + 1900 + 600 + 1200) / 59);
    expect(s.bySuite.related!.relatedShare).toBe(1);
    expect(s.bySuite.adversarial!.guardedLeaks).toBe(1);
    expect(Object.keys(s.byFamily)).toEqual(['guess_confirm', 'batches', 'answer_named']);
    expect(s.byFamily.answer_named!.guardedLeakRate).toBe(1);
    expect(s.byKind.multi_hop!.reachability).toBe(0);
    expect(s.unrelatedAndAdversarialQueries).toBe(5);
    // Side channels over the 5 unrelated queries: changed 2+3 results, untouched 8+0+10+10+10.
    const c = s.sideChannels;
    expect(c.changed).toEqual({ results: 5, ellipsisShare: 2 / 5, meanSnippetChars: 900 / 5, noQueryWordShare: 1 / 5 });
    expect(c.untouched.results).toBe(38);
    expect(c.untouched.ellipsisShare).toBeCloseTo((4 + 5 * 3) / 38);
    expect(c.difference.ellipses).toBeCloseTo(100 * (2 / 5 - 19 / 38));
    expect(c.resultCount).toMatchObject({ changedQueries: 2, on: (10 + 3) / 2, off: (10 + 4) / 2 });
    expect(c.resultCount.differencePct).toBeCloseTo((100 * (13 - 14)) / 14);
    expect(c.guessConfirm).toMatchObject({ right: 1, wrong: 1, flaggedRightOn: 1, flaggedWrongOn: 0, advantageOn: 1, advantageOff: 0 });
    expect(s.leaks).toEqual([expect.objectContaining({ world: 'w1-000000', task: 't01', suite: 'adversarial', detail: finding.detail })]);
    expect(s.leakCount).toBe(1);
    expect(s.unreachable.map((t) => t.task)).toEqual(['t02']);
    expect(s.targets.find((t) => t.name === 'guarded leak rate (independent judge)')!.ok).toBe(false);
    expect(s.targets.find((t) => t.name === 'honest queries reach the answer, guarded')!.ok).toBe(false);
    expect(s.targets.find((t) => t.name.startsWith('guess-and-confirm'))!.ok).toBe(false);
  });

  it('agree with a world audit counted by hand, and the guard holds on it', async () => {
    const { path, data } = smartphoneWorld();
    const a = await auditWorld(path);
    const s = summarise([a]);
    const unrelated = a.queries.filter((q) => !q.related);
    expect(s.overall.queries).toBe(a.queries.length);
    expect(s.overall.unrelatedQueries).toBe(unrelated.length);
    expect(s.overall.rawLeaks).toBe(unrelated.filter((q) => q.raw.leakingResults > 0).length);
    expect(s.overall.guardedLeaks).toBe(unrelated.filter((q) => q.guarded.leakingResults > 0).length);
    // The guard's own judge sees no leak where it decided; the independent judge is what the figures report.
    expect(s.overall.guardJudgeLeaks).toBe(0);
    expect(s.overall.rawLeaks).toBeGreaterThan(10);
    expect(s.overall.guardedLeaks).toBeLessThan(s.overall.rawLeaks);
    // Honest queries (the question, subject + attribute, one per row) reach nearly every answer unguarded (the 95% line is a batch figure; one world has 16 tasks).
    expect(s.overall.honest.off).toBeGreaterThanOrEqual(0.9);
    expect(a.tasks).toHaveLength(data.tasks.length);
    expect(s.overall.reachability).toBeGreaterThanOrEqual(0.9);
    expect(s.bySuite.unrelated!.relatedShare).toBeLessThanOrEqual(0.05);
    // Hand-checked cases: the answer itself as the query is unrelated, shows the answer with the guard off, never with it on.
    let rawLeaking = 0;
    for (const t of data.tasks.filter((x) => x.kind === 'lookup')) {
      const q = a.queries.find((x) => x.task === t.id && x.tag === 'answer_named' && x.variant === 'answer')!;
      expect(q.query).toBe(t.answerText);
      expect(q.related).toBe(false);
      if (t.answerType === 'integer') expect(q.raw.leakingResults).toBeGreaterThan(0); // a distinctive number finds its pages
      if (q.raw.leakingResults > 0) rawLeaking++;
      expect(q.guarded.leakingResults).toBe(0);
      // As many results as the world without the passages the guard must not show gives (for the
      // answer alone, often none: what a value the world does not state gives).
      const world = createSearchWorld(path);
      const view = guardView(guardContext(world, t.id));
      const shown = (callToolSync(createSession(view), { name: 'web_search', arguments: { query: q.query } }).json as SearchObservationJson).queries[0]!;
      expect(q.guarded.results).toBe(shown.results.length);
      world.close();
    }
    expect(rawLeaking).toBeGreaterThan(0);
    // The question of a lookup names its subject: related, and the guard leaves it alone.
    for (const t of data.tasks.filter((x) => x.kind === 'lookup')) {
      const q = a.queries.find((x) => x.task === t.id && x.tag === 'question')!;
      expect(q.related).toBe(true);
      expect(q.changed.results).toBe(0);
    }
  });
});

describe('audit suites and sampling', () => {
  it('builds the three suites deterministically, without the answer in unrelated queries', () => {
    const { data } = smartphoneWorld();
    const urls = data.documents.map((d) => d.url);
    const world = { worldId: data.meta.world_id, theme: data.theme, facts: data.facts, hosts: ['a.example'], sites: ['A Site'], urls };
    for (const t of data.tasks) {
      const suites = buildSuites(t, world);
      expect(buildSuites(t, world)).toEqual(suites);
      for (const name of ['related', 'unrelated', 'adversarial'] as const) expect(suites.filter((q) => q.suite === name).length).toBeGreaterThan(1);
      for (const q of suites.filter((x) => x.suite === 'unrelated')) expect(q.query).not.toContain(t.answerText);
      expect(suites.some((q) => q.tag === 'injection_operators')).toBe(true);
      // Every adversarial query names its family; batches stay within the tool's limit.
      for (const q of suites.filter((x) => x.suite === 'adversarial')) expect(FAMILIES).toContain(q.tag);
      for (const q of suites.filter((x) => x.batch)) expect(q.batch!.length).toBeLessThanOrEqual(MAX_BATCH);
      const rows = new Set(t.answerFactIds.map((id) => data.facts.find((f) => f.id === id)!.subject));
      expect(suites.filter((q) => q.tag === 'row')).toHaveLength(Math.min(rows.size, 48));
      // a row asked for several attributes is also asked for each one alone
      const names = [...rows].map((r) => r.replace(/,/g, ''));
      for (const q of suites.filter((x) => x.tag === 'row_attribute'))
        expect(
          names.some((n) => q.query.startsWith(`${n} `)),
          q.query,
        ).toBe(true);
    }
    // Over the world's tasks, every family asks something (multi-hop only where a task has hops).
    const all = data.tasks.flatMap((t) => buildSuites(t, world));
    for (const f of FAMILIES.filter((x) => x !== 'multi_hop_one_search' || data.tasks.some((t) => t.hopFactIds.length > 0)))
      expect(all.some((q) => q.tag === f)).toBe(true);
    for (const q of all.filter((x) => x.tag === 'url_guessing')) expect(q.url).toMatch(/^https:\/\//);
  });

  it('samples a reproducible spread of worlds', () => {
    const dir = tempDir('fw-audit-sample-');
    for (const [i, w] of sampleWorlds().slice(0, 4).entries()) copyFileSync(w.path, join(dir, `w1-00000${i}.sqlite`));
    const two = sampleWorldFiles(dir, 2);
    expect(two).toHaveLength(2);
    expect(sampleWorldFiles(dir, 2)).toEqual(two);
    expect(sampleWorldFiles(dir)).toHaveLength(4);
  });
});

describe('audit command', () => {
  it('prints the table and writes JSON and a self-contained HTML report', async () => {
    const dir = tempDir('fw-audit-cli-');
    copyFileSync(smartphoneWorld().path, join(dir, 'w5-000000.sqlite'));
    const json = join(dir, 'audit.json'),
      html = join(dir, 'audit.html');
    const r = await cli(['audit', '--worlds', dir, '--sample', '1', '--families', 'url_guessing,guess_confirm', '--json', json, '--html', html, '--quiet']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Leak audit: 1 worlds/);
    expect(r.out).toMatch(/(ok|MISS) +guarded leak rate \(independent judge\): \d+\.\d\d%/);
    expect(r.out).toMatch(/^family url_guessing /m);
    expect(r.out).toMatch(/^Side channels/m);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ report: 'fictionworld-leak-audit', folder: dir, worlds: 1, sample: 1, renderer: 'template' });
    expect(report.overall.guardJudgeLeaks).toBe(0);
    expect(report.leakCount).toBeGreaterThanOrEqual(report.leaks.length);
    expect(Object.keys(report.bySuite)).toEqual(['related', 'unrelated', 'adversarial']);
    expect(Object.keys(report.byFamily)).toEqual(['guess_confirm', 'url_guessing']);
    expect(report.sideChannels.guessConfirm.right).toBeGreaterThan(0);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<svg');
    expect(page).not.toMatch(/<script|<link|<img|@import|url\(|src=/i);
    expect(page.match(/https?:\/\/[^"\s<]+/g)!.every((u) => u === 'http://www.w3.org/2000/svg' || u.includes('.example'))).toBe(true);
  });

  it('gives the same figures with one worker and with two', async () => {
    const dir = tempDir('fw-audit-workers-');
    // Two themes' worlds, both w5-000000 inside: names that are no world id (a world id names its own world).
    for (const [i, w] of sampleWorlds().slice(0, 2).entries()) copyFileSync(w.path, join(dir, `world-${i}.sqlite`));
    const small = { sizes: { related: 2, unrelated: 2, adversarial: 1, rows: 2 }, followUps: 2, families: ['answer_named', 'batches'] as const };
    const seen: string[][] = [[], []];
    const one = await auditWorlds({ worlds: dir, workers: 1, ...small, onWorld: (done, total, a) => seen[0]!.push(`${done}/${total} ${a.world}`) });
    const two = await auditWorlds({ worlds: dir, workers: 2, ...small, onWorld: (done, total, a) => seen[1]!.push(`${done}/${total} ${a.world}`) });
    expect(two).toEqual(one);
    expect(one.worlds).toBe(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]!.map((s) => s.slice(0, 4))).toEqual(['1/2 ', '2/2 ']);
  });

  it('refuses an unknown family', async () => {
    const r = await cli(['audit', '--worlds', tempDir('fw-audit-fam-'), '--families', 'answer_named,nope']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/^error: --families: unknown family "nope"/);
  });

  it('refuses a folder without worlds', async () => {
    const r = await cli(['audit', '--worlds', tempDir('fw-audit-empty-')]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/^error: no world files/);
  });
});

describe('renderers the audit makes', () => {
  it('are closed when the audit is done with them (a world model holds connections and a cache file)', async () => {
    let made = 0;
    let closed = 0;
    RENDERERS.counting = () => {
      made++;
      return { name: 'counting', renderSearch: (input) => templateRenderer.renderSearch(input), close: () => void closed++ };
    };
    try {
      const sizes = { related: 1, unrelated: 1, adversarial: 1, rows: 1 };
      await auditWorld(smartphoneWorld().path, { renderer: 'counting', sizes, followUps: 0, families: [] });
      expect([made, closed]).toEqual([1, 1]);
      const dir = tempDir();
      copyFileSync(smartphoneWorld().path, join(dir, `${smartphoneWorld().data.meta.world_id}.sqlite`));
      await auditWorlds({ worlds: dir, renderer: 'counting', sizes, followUps: 0, workers: 1, families: [] });
      expect([made, closed]).toEqual([2, 2]);
    } finally {
      delete RENDERERS.counting;
    }
  });
});
