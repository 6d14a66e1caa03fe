/** The search core without HTTP: what every route calls, with the same results the tool gives. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRendererSync } from '../../src/render/renderer.js';
import { callTool } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { createLogger } from '../../src/server/log.js';
import { createLocalCore } from '../../src/server/search-core.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;

const core = (ended: string[] = [], calls: string[] = []) =>
  createLocalCore({
    worlds: dir,
    renderer: createRendererSync('template'),
    limits: { ...DEFAULT_LIMITS, maxOpenWorlds: 1 },
    log: createLogger('silent'),
    onCall: (r) => calls.push(r.meta.tool),
    onSessionEnd: (reason) => ended.push(reason),
  });

describe('the local search core', () => {
  it('runs calls at a world as the tool does, and at a session with its history', async () => {
    const calls: string[] = [];
    const ended: string[] = [];
    const c = core(ended, calls);
    const world = createSearchWorld(join(dir, `${W0}.sqlite`));
    try {
      const expected = await callTool(createSession(world), { name: 'web_search', arguments: { query: 'launch price' } });
      expect((await c.call({ world: W0 }, { name: 'web_search', arguments: { query: 'launch price' } })).text).toBe(expected.text);
      const s = c.createSession({ world: W0, seed: 4 });
      expect(s).toMatchObject({ world: W0, seed: 4, calls: 0, task: null });
      const r = await c.retrieve({ session: s.session }, 'launch price', 12);
      expect(r.error).toBeNull();
      expect(r.docs).toHaveLength(12);
      expect(c.describeSession(s.session).calls).toBe(2); // two pages of results
      expect(c.trajectory(s.session).trim().split('\n')).toHaveLength(2);
      expect(c.stats()).toMatchObject({ sessions: 1, openWorlds: 1 });
      expect(c.closeSession(s.session)).toBe(true);
      expect(c.closeSession(s.session)).toBe(false);
      expect(() => c.describeSession(s.session)).toThrow(/no such session/);
      expect(calls).toEqual(['web_search', 'web_search', 'web_search']);
      expect(ended).toEqual(['closed']);
    } finally {
      world.close();
      c.close();
    }
  });

  it('checks targets without opening anything, lists worlds and tasks, and closes everything once', () => {
    const ended: string[] = [];
    const c = core(ended);
    expect(() => c.checkTarget({})).toThrow(/name a world/);
    expect(() => c.checkTarget({ world: W0, session: 's_aaaaaaaaaaaaaaaaaaaaaaaa' })).toThrow(/not both/);
    expect(() => c.checkTarget({ world: 'w11-999999' })).toThrow(/not found/);
    c.checkTarget({ world: W0 });
    expect(c.stats().opens).toBe(0);
    expect(c.listWorlds().map((w) => w.id)).toEqual(worlds.map((w) => w.meta.world_id));
    const task = worlds[0]!.tasks[0]!;
    expect(c.worldTasks(W0).tasks.map((t) => t.id)).toEqual(worlds[0]!.tasks.map((t) => t.id));
    expect(c.worldTask(W0, task.id).task.answerText).toBe(task.answerText);
    expect(() => c.worldTask(W0, 't99')).toThrow(/no task/);
    c.createSession({ world: W0 });
    c.close();
    c.close();
    expect(ended).toEqual(['shutdown']);
    expect(c.stats()).toMatchObject({ sessions: 0, openWorlds: 0 });
  });

  it('once closed, opens nothing more: calls, sessions and world lookups are refused as unavailable', async () => {
    const c = core();
    c.close();
    await expect(c.call({ world: W0 }, { name: 'web_search', arguments: { query: 'launch price' } })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(c.retrieve({ world: W0 }, 'launch price', 3)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(() => c.createSession({ world: W0 })).toThrow(/server stopped/);
    expect(() => c.worldTasks(W0)).toThrow(/server stopped/);
    expect(c.stats()).toMatchObject({ sessions: 0, openWorlds: 0 });
  });
});
