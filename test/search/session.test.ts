import { describe, expect, it } from 'vitest';
import { createSession, type HistoryEntry } from '../../src/search/session.js';
import { selectDefault, type SearchGuard } from '../../src/search/guard-hook.js';
import { withWorld } from './sample-worlds.js';

const entry = (callIndex: number, text: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  callIndex, name: 'web_search', arguments: { queries: [`q${callIndex}`], page: 1 }, text, renderer: 'template', ...extra,
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
        session.record(entry(i, `observation ${i}`, i === 4 ? { name: 'web_extractor', arguments: { url: 'https://a.example/x' }, page: { url: 'https://a.example/x', title: 'A' } } : {}));
      }
      expect(session.history.map((e) => [e.callIndex, e.text])).toEqual([[2, 'observation 2'], [3, 'observation 3'], [4, 'observation 4']]);
      const last = session.history[2]!;
      expect(last).toMatchObject({ name: 'web_extractor', arguments: { url: 'https://a.example/x' }, page: { url: 'https://a.example/x', title: 'A' }, renderer: 'template' });
      expect(session.history[0]!.page).toBeUndefined();
      expect(session.history[0]!.error).toBeUndefined();
      const lines = session.trajectoryJsonl().trim().split('\n').map((l) => JSON.parse(l) as { call: number; observation: string });
      expect(lines.map((l) => [l.call, l.observation])).toEqual([[2, 'observation 2'], [3, 'observation 3'], [4, 'observation 4']]);
    });
  });

  it('keeps the entry\'s own keys, in order, so JSON, spreading and cloning see the text', () => {
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
      const guard: SearchGuard = { selectResults: selectDefault, backstop: (i) => [...i.results], prepare: (w, t) => prepared.push([w.id, t]) };
      const taskId = world.taskIds()[0]!;
      createSession(world, { guard });
      expect(prepared).toEqual([]);
      createSession(world, { taskId, guard });
      expect(prepared).toEqual([[world.id, taskId]]);
      // a guard without the hook is fine too
      expect(() => createSession(world, { taskId, guard: { selectResults: selectDefault, backstop: (i) => [...i.results] } })).not.toThrow();
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
