import { describe, expect, it } from 'vitest';
import { callToolSync } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { DEFAULT_HISTORY_CHARS, Session, type HistoryEntry } from '../../src/search/session.js';
import type { SearchGuard } from '../../src/search/guard-hook.js';
import { withWorld } from './sample-worlds.js';

const entry = (callIndex: number, text: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  callIndex,
  name: 'web_search',
  arguments: { queries: [`q${callIndex}`], page: 1 },
  text,
  renderer: 'template',
  ...extra,
});

describe('session history', () => {
  it('gives back each kept observation exactly, whatever its characters', () => {
    withWorld((world) => {
      const session = createSession(world, { historyLimit: 8 });
      const texts = [
        'Results for "plain":\n[1] https://a.example/x\nTitle: A\nSnippet: one  two\tthree\nDate: N/A',
        'ünïcödé — “quotes” 日本語 🙂 e\u0301 \u00a0nbsp \u2028line sep',
        '',
        'lone surrogate \ud800 stays as it is',
      ];
      texts.forEach((t, i) => session.record(entry(i, t)));
      // a lone surrogate, which UTF-8 cannot hold, included
      expect(session.history.map((e) => e.text)).toEqual(texts);
      expect(session.history[1]!.text).toBe(texts[1]); // read twice, same text
    });
  });

  it('keeps the other fields as given, and the last `historyLimit` entries in order', () => {
    withWorld((world) => {
      const session = createSession(world, { historyLimit: 3 });
      for (let i = 0; i < 5; i++) {
        session.record(
          entry(
            i,
            `observation ${i}`,
            i === 4 ? { name: 'web_extractor', arguments: { url: 'https://a.example/x' }, page: { url: 'https://a.example/x', title: 'A' } } : {},
          ),
        );
      }
      expect(session.history.map((e) => [e.callIndex, e.text])).toEqual([
        [2, 'observation 2'],
        [3, 'observation 3'],
        [4, 'observation 4'],
      ]);
      const last = session.history[2]!;
      expect(last).toMatchObject({
        name: 'web_extractor',
        arguments: { url: 'https://a.example/x' },
        page: { url: 'https://a.example/x', title: 'A' },
        renderer: 'template',
      });
      expect(session.history[0]!.page).toBeUndefined();
      expect(session.history[0]!.error).toBeUndefined();
      const lines = session
        .trajectoryJsonl()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { call: number; observation: string });
      expect(lines.map((l) => [l.call, l.observation])).toEqual([
        [2, 'observation 2'],
        [3, 'observation 3'],
        [4, 'observation 4'],
      ]);
    });
  });

  it("keeps the entry's own keys, in order, so JSON, spreading and cloning see the text", () => {
    withWorld((world) => {
      const session = createSession(world);
      const given = entry(0, 'Results for "x": ünï', { error: undefined });
      session.record(given);
      const e = session.history[0]!;
      expect(Object.keys(e)).toEqual(Object.keys(given));
      expect(JSON.parse(JSON.stringify(e))).toEqual(JSON.parse(JSON.stringify(given)));
      expect({ ...e }).toEqual(given);
      expect(structuredClone(e)).toEqual(given);
    });
  });

  it('a session bound to a task has its guard prepare the task when it is created', () => {
    withWorld((world) => {
      const prepared: [string, string][] = [];
      const guard: SearchGuard = { view: (i) => ({ world: i.world }), backstop: (i) => [...i.results], prepare: (w, t) => prepared.push([w.id, t]) };
      const taskId = world.taskIds()[0]!;
      createSession(world, { guard });
      expect(prepared).toEqual([]);
      createSession(world, { taskId, guard });
      expect(prepared).toEqual([[world.id, taskId]]);
      // a guard without the hook is fine too
      expect(() => createSession(world, { taskId, guard: { view: (i) => ({ world: i.world }), backstop: (i) => [...i.results] } })).not.toThrow();
    });
  });

  it('createSession guards a bound session with the leakage guard; the Session class refuses a bound session without a guard said', () => {
    withWorld((world) => {
      const taskId = world.taskIds()[0]!;
      const guarded = createSession(world, { taskId });
      expect(typeof guarded.guard?.view).toBe('function');
      expect(typeof guarded.guard?.prepare).toBe('function');
      expect(createSession(world, { taskId, guard: null }).guard).toBeUndefined();
      expect(createSession(world).guard).toBeUndefined();
      expect(createSession(world).renderer.name).toBe('template');
      expect(() => new Session(world, { taskId })).toThrow(/a session bound to a task needs a guard/);
      expect(new Session(world, { taskId, guard: null }).guard).toBeUndefined();
      expect(new Session(world).guard).toBeUndefined();
    });
  });

  it('is bounded by count: the last `historyLimit` calls, the oldest dropped first', () => {
    withWorld((world) => {
      const session = createSession(world, { historyLimit: 4 });
      for (let i = 0; i < 10; i++) session.record(entry(i, `observation ${i}`));
      expect(session.history.map((e) => e.callIndex)).toEqual([6, 7, 8, 9]);
      expect(session.recentHistory(2).map((e) => e.callIndex)).toEqual([8, 9]);
      expect(session.recentHistory(99).map((e) => e.callIndex)).toEqual([6, 7, 8, 9]);
      expect(session.recentHistory(0)).toEqual([]);
      expect(
        session
          .trajectoryJsonl()
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { call: number }).call),
      ).toEqual([6, 7, 8, 9]);
    });
  });

  it('is bounded by characters of observation text, the oldest dropped first, the latest always kept', () => {
    withWorld((world) => {
      const session = createSession(world, { historyLimit: 100, historyChars: 1000 });
      for (let i = 0; i < 10; i++) session.record(entry(i, String(i).repeat(300)));
      // 3 × 300 fit in 1,000; a fourth would not
      expect(session.history.map((e) => e.callIndex)).toEqual([7, 8, 9]);
      session.record(entry(10, 'x'.repeat(100)));
      expect(session.history.map((e) => e.callIndex)).toEqual([7, 8, 9, 10]);
      // one call longer than the bound is kept alone
      session.record(entry(11, 'y'.repeat(5000)));
      expect(session.history.map((e) => [e.callIndex, e.text.length])).toEqual([[11, 5000]]);
      session.record(entry(12, 'z'));
      expect(session.history.map((e) => e.callIndex)).toEqual([12]);
      // the default bound: a session of long observations holds at most DEFAULT_HISTORY_CHARS of them
      const busy = createSession(world);
      expect(busy.historyChars).toBe(DEFAULT_HISTORY_CHARS);
      for (let i = 0; i < 200; i++) busy.record(entry(i, 'w'.repeat(20_000)));
      const kept = busy.history;
      expect(kept.reduce((n, e) => n + e.text.length, 0)).toBeLessThanOrEqual(DEFAULT_HISTORY_CHARS);
      expect(kept.length).toBe(Math.floor(DEFAULT_HISTORY_CHARS / 20_000));
      expect(kept.at(-1)!.callIndex).toBe(199);
      expect(() => createSession(world, { historyChars: -1 })).toThrow(/history chars/);
    });
  });

  it('hands out snapshots: later calls and changes to the given entry leave them and the history alone', () => {
    withWorld((world) => {
      const session = createSession(world, { historyLimit: 2 });
      const given = entry(0, 'first');
      session.record(given);
      const before = session.history;
      given.text = 'changed';
      session.record(entry(1, 'second'));
      session.record(entry(2, 'third'));
      expect(before.map((e) => e.text)).toEqual(['first']);
      expect(session.history.map((e) => e.text)).toEqual(['second', 'third']);
      expect(() => {
        (session.history[0] as HistoryEntry).text = 'x';
      }).toThrow();
    });
  });

  it('keeps nothing after close: the history empties and later calls are not kept', () => {
    withWorld((world) => {
      const session = createSession(world);
      const page = world.allPages()[0]!;
      callToolSync(session, { name: 'web_search', arguments: { query: page.title } });
      expect(session.history).toHaveLength(1);
      session.close();
      expect(session.history).toEqual([]);
      expect(session.recentHistory(5)).toEqual([]);
      expect(session.trajectoryJsonl()).toBe('');
      // a call that ends after its session closed still answers, but is not kept
      const late = callToolSync(session, { name: 'web_search', arguments: { query: page.title } });
      expect(late.text).toMatch(/^Results for /);
      expect(session.history).toEqual([]);
    });
  });

  it('keeps nothing with a limit of 0', () => {
    withWorld((world) => {
      const session = createSession(world, { historyLimit: 0 });
      session.record(entry(0, 'x'));
      expect(session.history).toEqual([]);
    });
  });
});
