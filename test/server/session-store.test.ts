import { describe, expect, it } from 'vitest';
import { createRendererSync } from '../../src/render/renderer.js';
import { callTool } from '../../src/search/call-tool.js';
import { RateLimiter } from '../../src/server/rate-limit.js';
import { createServerContext } from '../../src/server/context.js';
import { checkReplicaId, checkSessionId, SessionStore } from '../../src/server/session-store.js';
import { WorldPool } from '../../src/server/world-pool.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;

function store(opts: { ttlMs?: number; maxSessions?: number; historyLimit?: number } = {}) {
  let t = 1_000_000;
  const pool = new WorldPool(dir, 1);
  const sessions = new SessionStore(pool, {
    ttlMs: opts.ttlMs ?? 60_000,
    maxSessions: opts.maxSessions ?? 10,
    historyLimit: opts.historyLimit ?? 64,
    renderer: createRendererSync('template'),
    now: () => t,
  });
  return { pool, sessions, advance: (ms: number) => void (t += ms) };
}

describe('SessionStore', () => {
  it('expires sessions unused for the TTL and releases their world', () => {
    const { pool, sessions, advance } = store({ ttlMs: 1000 });
    const s = sessions.create({ world: W0 });
    advance(900);
    expect(sessions.get(s.id).id).toBe(s.id); // use restarts the clock
    advance(900);
    expect(sessions.get(s.id).id).toBe(s.id);
    advance(1001);
    expect(() => sessions.get(s.id)).toThrow(/no such session/);
    expect(sessions.size).toBe(0);
    const other = sessions.create({ world: worlds[1]!.meta.world_id }); // capacity 1: W0's idle handle is closed
    expect(pool.openCount).toBe(1);
    advance(5000);
    expect(sessions.sweep()).toBe(1);
    expect(() => sessions.get(other.id)).toThrow();
    pool.closeAll();
  });

  it('holds at most maxSessions, then refuses with UNAVAILABLE', () => {
    const { pool, sessions } = store({ maxSessions: 2 });
    const a = sessions.create({ world: W0 });
    sessions.create({ world: W0 });
    expect(() => sessions.create({ world: W0 })).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
    expect(sessions.close(a.id)).toBe(true);
    expect(sessions.close(a.id)).toBe(false);
    expect(sessions.create({ world: W0 }).worldId).toBe(W0);
    sessions.closeAll();
    pool.closeAll();
  });

  it('keeps a bounded history', async () => {
    const { pool, sessions } = store({ historyLimit: 3 });
    const s = sessions.create({ world: W0, seed: 4, profile: 'light' });
    for (let i = 0; i < 5; i++) await callTool(s.session, { name: 'web_search', arguments: { query: `price ${i}` } });
    const lines = s.session
      .trajectoryJsonl()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.call)).toEqual([2, 3, 4]);
    expect(s.session.seed).toBe(4);
    expect(s.session.profile.errorRate).toBeGreaterThan(0);
    // a session that ends lets its history go; a call still running when it ended is not kept
    expect(sessions.close(s.id)).toBe(true);
    expect(s.session.history).toEqual([]);
    await callTool(s.session, { name: 'web_search', arguments: { query: 'price late' } });
    expect(s.session.history).toEqual([]);
    sessions.closeAll();
    pool.closeAll();
  });

  it('gives unguessable, well-formed ids and rejects others', () => {
    const { pool, sessions } = store();
    const a = sessions.create({ world: W0 });
    const b = sessions.create({ world: W0 });
    expect(a.id).toMatch(/^s_[A-Za-z0-9_-]{24}$/);
    expect(a.id).not.toBe(b.id);
    expect(() => sessions.get('../../etc')).toThrow(/not a session id/);
    expect(() => sessions.get('s_aaaaaaaaaaaaaaaaaaaaaaaa')).toThrow(/no such session/);
    sessions.closeAll();
    pool.closeAll();
  });

  it("leads its ids with the replica's id when it has one (what a proxy routes on)", () => {
    const pool = new WorldPool(dir, 1);
    const sessions = new SessionStore(pool, { ttlMs: 60_000, maxSessions: 10, historyLimit: 8, renderer: createRendererSync('template'), replicaId: 'r2' });
    const a = sessions.create({ world: W0 });
    expect(a.id).toMatch(/^r2\.s_[A-Za-z0-9_-]{24}$/);
    expect(checkSessionId(a.id)).toBe(a.id);
    expect(sessions.get(a.id)).toBe(a);
    for (const bad of ['R2.s_aaaaaaaaaaaaaaaaaaaaaaaa', '.s_aaaaaaaaaaaaaaaaaaaaaaaa', 'r2.r3.s_aaaaaaaaaaaaaaaaaaaaaaaa'])
      expect(() => checkSessionId(bad)).toThrow(/not a session id/);
    expect(() => checkReplicaId('Replica 2')).toThrow(/replica id/);
    expect(() => createServerContext({ worlds: dir, replicaId: 'r_2' })).toThrow(/replica id/);
    sessions.closeAll();
    pool.closeAll();
  });
});

describe('RateLimiter', () => {
  it('allows a burst, then refills at the rate, per key', () => {
    let t = 0;
    const rl = new RateLimiter({ rate: 2, burst: 3, now: () => t });
    expect([rl.take('a'), rl.take('a'), rl.take('a')]).toEqual([0, 0, 0]);
    expect(rl.take('a')).toBe(1);
    expect(rl.take('b')).toBe(0);
    t += 500; // one token back
    expect(rl.take('a')).toBe(0);
    expect(rl.take('a')).toBeGreaterThanOrEqual(1);
  });

  it('bounds the keys it remembers and can be turned off', () => {
    const rl = new RateLimiter({ rate: 1, burst: 1, maxKeys: 10 });
    for (let i = 0; i < 100; i++) rl.take(`k${i}`);
    expect(rl.size).toBe(10);
    const off = new RateLimiter({ rate: 0, burst: 1 });
    for (let i = 0; i < 100; i++) expect(off.take('k')).toBe(0);
  });
});
