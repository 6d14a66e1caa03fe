import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.js';
import { createServerContext } from '../../src/server/context.js';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { createLogger } from '../../src/server/log.js';
import { isLoopback } from '../../src/server/middleware.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;

/** veRL's SearchTool request (verl/tools/utils/search_r1_like_utils.py call_search_api): one fixed URL, these headers, this body. */
const verlRequest = (query: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  body: JSON.stringify({ queries: [query], topk: 3, return_scores: true }),
});

/** The Node request's socket as @hono/node-server hands it to the app (`c.env.incoming`), from `address`. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe('rate limiting and loopback', () => {
  /** veRL's SearchTool: 120 workers (its example config's num_workers) on one URL, 5 one-query calls each, back to back. */
  async function searchTool(rateLimitLoopback: boolean): Promise<{ calls: number; errors: number; lists: number[] }> {
    // A tight limit (10/s, burst 20) so that 600 calls would be refused on any machine if loopback were limited.
    const server: RunningServer = await startServer({
      worlds: dir,
      port: 0,
      logger: createLogger('silent'),
      limits: { rateLimit: 10, rateBurst: 20, rateLimitLoopback },
    });
    try {
      const created = await fetch(`${server.url}/v1/sessions`, { method: 'POST', body: JSON.stringify({ world: W0 }) });
      const url = `${server.url}/retrieve?session=${((await created.json()) as { session: string }).session}`;
      const queries = ['launch price', 'chief executive', 'battery life', 'release date', 'the'];
      const statuses: number[] = [];
      const lists: number[] = [];
      await Promise.all(
        Array.from({ length: 120 }, async (_, w) => {
          for (let k = 0; k < 5; k++) {
            const res = await fetch(url, verlRequest(queries[(w + k) % queries.length]!));
            statuses.push(res.status);
            lists.push(((await res.json()) as { result?: unknown[] }).result?.length ?? -1);
          }
        }),
      );
      return { calls: statuses.length, errors: statuses.filter((s) => s !== 200).length, lists };
    } finally {
      await server.shutdown();
    }
  }

  it("gives veRL's SearchTool on loopback 0 errors: 120 workers, 600 one-query /retrieve calls on one URL", async () => {
    const r = await searchTool(false);
    expect({ calls: r.calls, errors: r.errors }).toEqual({ calls: 600, errors: 0 });
    expect(r.lists.every((n) => n === 1)).toBe(true);
    // the same calls with loopback limited (--rate-limit-loopback) are refused: the line above is the exemption's doing
    expect((await searchTool(true)).errors).toBeGreaterThan(100);
  }, 300_000);

  it('still limits a client that is not on loopback, and loopback too when configured', async () => {
    for (const [address, rateLimitLoopback, limited] of [
      ['10.1.2.3', false, true],
      ['::ffff:192.0.2.7', false, true],
      ['127.0.0.1', false, false],
      ['::1', false, false],
      ['::ffff:127.0.0.1', false, false],
      ['127.0.0.1', true, true],
    ] as const) {
      const ctx = createServerContext({ worlds: dir, logger: createLogger('silent'), limits: { rateLimit: 1, rateBurst: 3, rateLimitLoopback } });
      const app = createApp(ctx);
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push((await app.request(`/retrieve?world=${W0}`, verlRequest('launch price'), from(address))).status);
        expect({ address, rateLimitLoopback, statuses }).toEqual({
          address,
          rateLimitLoopback,
          statuses: limited ? [200, 200, 200, 429, 429, 429] : Array(6).fill(200),
        });
        if (limited) {
          const res = await app.request(`/retrieve?world=${W0}`, verlRequest('launch price'), from(address));
          expect(res.status).toBe(429);
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        }
      } finally {
        ctx.close();
      }
    }
  });

  it('reads the address from the socket only: no socket, or a forwarded-for header, is no loopback', async () => {
    const ctx = createServerContext({ worlds: dir, logger: createLogger('silent'), limits: { rateLimit: 1, rateBurst: 1 } });
    const app = createApp(ctx);
    try {
      const spoofed = { ...verlRequest('x'), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '127.0.0.1' } };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.request(`/retrieve?world=${W0}`, spoofed, from('203.0.113.9'))).status);
      expect(statuses).toEqual([200, 429, 429]);
      // in-process, with no socket at all, a request is limited as before (under its own "local" key)
      expect((await app.request(`/retrieve?world=${W0}`, verlRequest('x'))).status).toBe(200);
      expect((await app.request(`/retrieve?world=${W0}`, verlRequest('x'))).status).toBe(429);
    } finally {
      ctx.close();
    }
    expect([undefined, '', 'localhost', '127.0.0.1.evil', '128.0.0.1', '::2'].map((a) => isLoopback(a))).toEqual([false, false, false, false, false, false]);
    expect(['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1'].every((a) => isLoopback(a))).toBe(true);
  });
});
