/**
 * Past one machine: three `serve` replicas (real processes, `--replica-id r1..r3`) behind nginx running
 * the shipped docs/deploy/nginx.conf (ports rewritten to free loopback ports; nginx as the current user
 * with a temp prefix, `-p` and `-c`, pid and logs in the temp dir, daemon off, killed at the end).
 * Sessions are created through the proxy (round robin); every later call, whatever carries its
 * session (?session=, Mcp-Session-Id, a JSON body's session_id or episode_id, NeMo Gym's cookie, the
 * /v1/sessions/<id> path), must reach the replica that minted it: checked by X-Fictionworld-Replica
 * and by the session's history, which grows on that replica only.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { worldsDir } from './fixtures.js';
import { MAIN, REPO } from './mcp-clients.js';

const REPLICAS = ['r1', 'r2', 'r3'] as const;
const { dir, worlds } = worldsDir(1);
const W = worlds[0]!.meta.world_id;
const TASK = worlds[0]!.tasks[0]!.id;
const JSON_HEADERS = { 'content-type': 'application/json' };

function nginxBinary(): string {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      /* next */
    }
  }
  throw new Error('nginx is not installed: apt-get update && apt-get install -y nginx libnginx-mod-http-js (.ci/run does this)');
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Start `fictionworld serve` as replica `id` on a free port; resolves with its port once it listens. */
function startReplica(id: string, children: ChildProcess[]): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--worlds', dir, '--port', '0', '--replica-id', id, '--log-level', 'warn'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => void (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`replica ${id} exited (${code}): ${err.slice(0, 500)}`)));
  });
}

let proxy = '';
const ports: Record<string, number> = {};
const children: ChildProcess[] = [];

beforeAll(async () => {
  const nginx = nginxBinary();
  const replicaPorts = await Promise.all(REPLICAS.map((id) => startReplica(id, children)));
  REPLICAS.forEach((id, i) => void (ports[id] = replicaPorts[i]!));
  const listen = await freePort();
  const prefix = tempDir('fw-nginx-');
  mkdirSync(join(prefix, 'tmp'));
  let conf = readFileSync(join(REPO, 'docs/deploy/nginx.conf'), 'utf8');
  REPLICAS.forEach((id, i) => void (conf = conf.replaceAll(`127.0.0.1:880${i + 1}`, `127.0.0.1:${ports[id]}`)));
  conf = conf.replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${listen};`);
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  copyFileSync(join(REPO, 'docs/deploy/affinity.js'), join(prefix, 'affinity.js'));
  // As root, nginx's workers would switch to "nobody", who cannot use a private temp dir.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', `daemon off;${user}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d: Buffer) => void (err += d.toString()));
  proxy = `http://127.0.0.1:${listen}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${err}${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`);
    const up = await fetch(`${proxy}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error('nginx did not answer within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
});

const replicaOf = (r: Response) => r.headers.get('x-fictionworld-replica');
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${proxy}${path}`, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });

/** One call through each route kind that carries a session. */
function callsFor(session: string): [string, () => Promise<Response>][] {
  return [
    ['?session=', () => post(`/v1/search?session=${session}`, { query: 'launch price' })],
    [
      'Mcp-Session-Id',
      () =>
        post(
          '/mcp',
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'web_search', arguments: { query: 'ceo' } } },
          { accept: 'application/json, text/event-stream', 'mcp-session-id': session },
        ),
    ],
    ['/tool session_id (body)', () => post('/tool', { session_id: session, name: 'search', arguments: { query: 'battery', num: 10 }, remote_env_info: {} })],
    ['cookie', () => post('/web_search', { query: 'display' }, { cookie: `fictionworld_session=${session}` })],
    [
      '/step episode_id (body)',
      () => post('/step', { action: { type: 'call_tool', tool_name: 'web_search', arguments: { query: 'camera' } }, episode_id: session }),
    ],
  ];
}

describe('replicas behind nginx', () => {
  it('20 sessions created through the proxy are each served by the replica that minted them, on every route', async () => {
    const minted: { session: string; replica: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await post('/v1/sessions', { world: W, task: TASK, seed: i });
      expect(r.status).toBe(201);
      const { session } = (await r.json()) as { session: string };
      const replica = replicaOf(r)!;
      expect(session.startsWith(`${replica}.s_`)).toBe(true);
      minted.push({ session, replica });
    }
    expect(new Set(minted.map((m) => m.replica))).toEqual(new Set(REPLICAS));

    for (const { session, replica } of minted) {
      const calls = callsFor(session);
      for (const [kind, call] of calls) {
        const r = await call();
        expect(`${kind} ${r.status} ${replicaOf(r)}`).toBe(`${kind} 200 ${replica}`);
        await r.arrayBuffer();
      }
      const described = await fetch(`${proxy}/v1/sessions/${session}`);
      expect(replicaOf(described)).toBe(replica);
      expect(((await described.json()) as { calls: number }).calls).toBe(calls.length);
    }
    // the history grew on the minting replica only: the others have never heard of the session
    for (const { session, replica } of minted) {
      for (const id of REPLICAS) {
        const r = await fetch(`http://127.0.0.1:${ports[id]}/v1/sessions/${session}`);
        if (id === replica) expect(((await r.json()) as { calls: number }).calls).toBe(5);
        else expect(r.status).toBe(404);
      }
    }
  }, 120_000);

  it("ids a client mints (DeepDive's, an OpenEnv episode_id) reach one replica every time; NeMo Gym's cookie and OpenEnv's reset follow", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const sid = `deepdive-${i}-1764633600000000000`;
      const replicas = new Set<string>();
      for (const query of ['price', 'ceo', 'launch']) {
        const r = await post('/tool', { session_id: sid, name: 'search', arguments: { query, num: 10 }, remote_env_info: { forbidden_texts: [], world: W } });
        expect(r.status).toBe(200);
        const { session } = (await r.json()) as { session: string };
        expect(session.startsWith(`${replicaOf(r)}.s_`)).toBe(true);
        replicas.add(replicaOf(r)!);
      }
      expect(replicas.size).toBe(1);
      seen.add([...replicas][0]!);
      const [replica] = [...replicas];
      // three calls in one session on that replica
      const sessions = (await (await post('/tool', { session_id: sid, name: 'start_session', arguments: {}, remote_env_info: { world: W } })).json()) as {
        session: string;
      };
      expect(((await (await fetch(`http://127.0.0.1:${ports[replica!]}/v1/sessions/${sessions.session}`)).json()) as { calls: number }).calls).toBe(3);
    }
    expect(seen.size).toBeGreaterThan(1);

    // NeMo Gym: /seed_session anywhere, then the cookie it sets
    const seeded = await post('/seed_session', { responses_create_params: { input: [] }, world: W, task: TASK });
    const cookie = seeded.headers.getSetCookie()[0]!.split(';')[0]!;
    for (const path of ['/web_search', '/search']) {
      const r = await post(path, { query: 'price' }, { cookie });
      expect(replicaOf(r)).toBe(replicaOf(seeded));
      await r.arrayBuffer();
    }
    // OpenEnv: a reset without an id (any replica), and one with the client's own
    for (const episode of [undefined, 'episode-001']) {
      const reset = await post('/reset', { world: W, task: TASK, ...(episode ? { episode_id: episode } : {}) });
      const episode_id = ((await reset.json()) as { observation: { episode_id: string } }).observation.episode_id;
      const step = await post('/step', { action: { type: 'call_tool', tool_name: 'web_search', arguments: { query: 'price' } }, episode_id });
      expect(replicaOf(step)).toBe(replicaOf(reset));
      const state = await fetch(`${proxy}/state?episode_id=${episode_id}`);
      expect(replicaOf(state)).toBe(replicaOf(reset));
      expect(((await state.json()) as { step_count: number }).step_count).toBe(1);
    }
  }, 120_000);
});
