/** Worlds folders and in-process servers for the server tests. */
import { join } from 'node:path';
import { writeWorld } from '../../src/db/write.js';
import { createApp } from '../../src/server/app.js';
import { createServerContext, type ServerContext, type ServerOptions } from '../../src/server/context.js';
import { createLogger } from '../../src/server/log.js';
import { generateWorld } from '../../src/world/generate.js';
import type { WorldData } from '../../src/world/types.js';
import { tempDir } from '../helpers.js';

export interface WorldsDir {
  dir: string;
  worlds: WorldData[];
}

const cache = new Map<string, WorldsDir>();

/** `count` smartphone worlds of `seed`, written once per test file as `<world id>.sqlite`. */
export function worldsDir(count = 2, seed = 11): WorldsDir {
  const key = `${count}:${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const dir = tempDir('fw-server-test-');
  const worlds: WorldData[] = [];
  for (let i = 0; i < count; i++) {
    const data = generateWorld(seed, i, { themes: ['smartphones'] });
    writeWorld(join(dir, `${data.meta.world_id}.sqlite`), data);
    worlds.push(data);
  }
  const out = { dir, worlds };
  cache.set(key, out);
  return out;
}

export interface TestServer {
  ctx: ServerContext;
  request(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** An in-process app over `dir` (no socket), logging nothing. */
export function testServer(dir: string, opts: Partial<ServerOptions> = {}): TestServer {
  const ctx = createServerContext({ worlds: dir, logger: createLogger('silent'), ...opts });
  const app = createApp(ctx);
  const request = async (path: string, init?: RequestInit) => app.request(path, init);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  return { ctx, request, post };
}
