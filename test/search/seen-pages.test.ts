/**
 * Opening by links: under `open: 'seen'` (the default of a session bound to a task) web_extractor opens
 * the pages the session has seen (its search results, the pages it opened and their links) and answers
 * any other URL exactly as a page the world does not have.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/compose.js';
import { FictionError } from '../../src/errors.js';
import type { PageObservationJson, SearchObservationJson } from '../../src/render/observation.js';
import { callToolSync, type ToolResult } from '../../src/search/call-tool.js';
import { linkedPages } from '../../src/search/seen-pages.js';
import { defaultOpenPolicy, OPEN_POLICIES, parseOpenPolicy, type Session } from '../../src/search/session.js';
import type { SearchWorld } from '../../src/search/world-index.js';
import { sampleWorlds, smartphoneWorld, withWorld } from './sample-worlds.js';

const open = (s: Session, url: string) => callToolSync(s, { name: 'web_extractor', arguments: { url } });
const search = (s: Session, args: Record<string, unknown>) => callToolSync(s, { name: 'web_search', arguments: args });
const resultUrls = (r: ToolResult) => (r.json as SearchObservationJson).queries.flatMap((q) => q.results.map((x) => x.url));
const opened = (r: ToolResult) => !r.error && (r.json as PageObservationJson).content !== null;

/** A page no search result of `urls` names and no opened page links to. */
function unseenPage(world: SearchWorld, seen: ReadonlySet<string>) {
  return world.allPages().find((p) => !seen.has(p.url))!;
}

describe('the open policy', () => {
  it('is declared once: seen or any, seen by default when bound to a task', () => {
    expect(OPEN_POLICIES).toEqual(['seen', 'any']);
    expect(defaultOpenPolicy('t01')).toBe('seen');
    expect(defaultOpenPolicy(null)).toBe('any');
    expect(parseOpenPolicy(undefined)).toBeUndefined();
    expect(parseOpenPolicy(null)).toBeUndefined();
    expect(parseOpenPolicy('any')).toBe('any');
    for (const bad of ['Seen', 'all', '', 1, {}]) {
      expect(() => parseOpenPolicy(bad)).toThrow(FictionError);
      expect(() => parseOpenPolicy(bad)).toThrow(/^open must be one of "seen", "any"$/);
    }
    withWorld((world) => {
      const task = world.taskIds()[0]!;
      expect(createSession(world).open).toBe('any');
      expect(createSession(world, { taskId: task }).open).toBe('seen');
      expect(createSession(world, { taskId: task, open: 'any' }).open).toBe('any');
      expect(createSession(world, { open: 'seen' }).open).toBe('seen');
      expect(() => createSession(world, { open: 'everything' as never })).toThrow(/open must be one of/);
    });
  });
});

describe('web_extractor under open: seen', () => {
  it('reads an existing page it has not seen exactly as a page the world does not have', () => {
    withWorld((world) => {
      const taskId = world.taskIds()[0]!;
      const page = world.allPages()[5]!;
      const missing = `${page.url}-nowhere`;
      const bound = createSession(world, { taskId });
      const refused = open(bound, page.url);
      const absent = open(bound, missing);
      expect(refused.error?.type).toBe('page_not_found');
      expect(refused.error).toEqual({ ...absent.error!, message: absent.error!.message.replaceAll(missing, page.url) });
      expect(refused.text).toBe(absent.text.replaceAll(missing, page.url));
      expect(JSON.stringify(refused.json)).toBe(JSON.stringify(absent.json).replaceAll(missing, page.url));
      // The same page opens whole with open: any, and in a session with no task.
      for (const s of [createSession(world, { taskId, open: 'any' }), createSession(world)]) {
        const r = open(s, page.url);
        expect(opened(r)).toBe(true);
        expect((r.json as PageObservationJson).content).toBe(world.body(page.id).trim());
      }
    });
  });

  it('opens every result of a search, batches included, and the pages an opened page links to, and nothing else', () => {
    withWorld((world) => {
      const { data } = smartphoneWorld();
      const s = createSession(world, { taskId: data.tasks[0]!.id });
      const seen = new Set<string>();
      const batch = search(s, { queries: [data.tasks[1]!.question, 'launch price', 'chief executive'] });
      const urls = resultUrls(batch);
      expect(new Set((batch.json as SearchObservationJson).queries.map((q) => q.results.length > 0)).has(true)).toBe(true);
      for (const u of urls) seen.add(u);
      const before = unseenPage(world, seen);
      expect(open(s, before.url).error?.type).toBe('page_not_found');
      // Every result of every query of the batch opens (the last query's too).
      const lastBlock = (batch.json as SearchObservationJson).queries.at(-1)!.results.map((r) => r.url);
      expect(lastBlock.length).toBeGreaterThan(0);
      for (const u of urls) expect(opened(open(s, u)), u).toBe(true);
      // Opening those pages made their links seen: each linked page opens now (and makes its own links seen).
      const see = (u: string) => {
        seen.add(u);
        for (const id of linkedPages(world, world.pageAt(u)!.id)) seen.add(world.page(id)!.url);
      };
      for (const u of urls) see(u);
      const linked = [...seen].filter((u) => !urls.includes(u));
      expect(linked.length).toBeGreaterThan(0);
      for (const u of linked) {
        expect(opened(open(s, u)), u).toBe(true);
        see(u);
      }
      // The rest stays shut.
      const never = world.allPages().filter((p) => !seen.has(p.url));
      expect(never.length).toBeGreaterThan(0);
      for (const p of never) expect(open(s, p.url).error?.type, p.url).toBe('page_not_found');
      expect(s.seenCount).toBe(seen.size);
    });
  });

  it('checks the page, not the spelling: a seen page opens under the URL forms findPage forgives', () => {
    withWorld((world) => {
      const s = createSession(world, { taskId: world.taskIds()[0]! });
      const url = resultUrls(search(s, { query: 'launch price' }))[0]!;
      for (const form of [
        url,
        url.replace(/^https:\/\//, ''),
        `${url}/`,
        `${url}#top`,
        url.replace(/^https:\/\/([^/]+)/, (_, h: string) => `https://${h.toUpperCase()}`),
      ])
        expect(opened(open(s, form)), form).toBe(true);
    });
  });

  it('keeps what it has seen for the life of the session, whatever the history keeps', () => {
    withWorld((world) => {
      const s = createSession(world, { taskId: world.taskIds()[0]!, historyLimit: 1 });
      const url = resultUrls(search(s, { query: 'launch price' }))[0]!;
      for (let i = 0; i < 5; i++) search(s, { query: `unrelated words ${i}` });
      expect(s.history).toHaveLength(1);
      expect(opened(open(s, url))).toBe(true);
      s.close();
      expect(s.seenCount).toBe(0);
    });
  });

  it('sees nothing from a search that failed, and an opened page a fault kept shut links nothing', () => {
    withWorld((world) => {
      const taskId = world.taskIds()[0]!;
      const failing = createSession(world, { taskId, profile: { errorRate: 1 } });
      expect(resultUrls(search(failing, { query: 'launch price' }))).toEqual([]);
      expect(failing.seenCount).toBe(0);
      const page = world.allPages()[0]!;
      expect(open(failing, page.url).error).toBeDefined();
      expect(failing.seenCount).toBe(0);
    });
  });

  it('is deterministic: the same calls give the same observations and the same pages seen', () => {
    const run = (world: SearchWorld) => {
      const s = createSession(world, { taskId: world.taskIds()[1]!, seed: 3, profile: { paginationRate: 0.5, irrelevantRate: 0.3 } });
      const out: string[] = [];
      const urls = resultUrls(search(s, { queries: ['launch price', 'chief executive'] }));
      for (const u of [...urls, ...world.allPages().map((p) => p.url)]) out.push(open(s, u).text);
      return { out, seen: s.seenCount };
    };
    expect(withWorld(run)).toEqual(withWorld(run));
  });
});

describe('links', () => {
  it('the links table holds exactly the Markdown links of each page to other pages of its world', () => {
    for (const { data } of sampleWorlds()) {
      const byUrl = new Map(data.documents.map((d) => [d.url, d.id]));
      withWorld(
        (world) => {
          for (const d of data.documents) {
            const inBody = new Set<number>();
            for (const m of d.body.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) {
              const id = byUrl.get(m[1]!);
              if (id !== undefined && id !== d.id) inBody.add(id);
            }
            expect(new Set(linkedPages(world, d.id)), d.url).toEqual(inBody);
          }
        },
        sampleWorlds().find((w) => w.data === data)!.path,
      );
    }
  });
});
