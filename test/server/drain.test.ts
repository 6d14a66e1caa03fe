/** SIGTERM on a spawned `fictionworld serve`: in-flight requests finish, new ones are refused, the process exits 0. */
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../src/server/listen.js';
import { createLogger } from '../../src/server/log.js';
import { MAIN, REPO } from './mcp-clients.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(1);
const W0 = worlds[0]!.meta.world_id;

function spawnServer(): Promise<{ child: ChildProcess; url: string; stderr: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--worlds', dir, '--port', '0'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => void (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, stderr: () => err, exited });
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${err}`)));
  });
}

describe('serve: SIGTERM drains', () => {
  it('finishes in-flight requests, refuses new ones, closes and exits 0', async () => {
    const { child, url, stderr, exited } = await spawnServer();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // a session whose calls really wait 1.5 s (simulated latency with sleep)
    const profile = { latencyRate: 1, latencyMinMs: 1500, latencyMaxMs: 1500, sleep: true };
    const created = await fetch(`${url}/v1/sessions`, { method: 'POST', body: JSON.stringify({ world: W0, profile }) });
    const { session } = (await created.json()) as { session: string };
    const inFlight = fetch(`${url}/v1/search?session=${session}`, { method: 'POST', body: JSON.stringify({ query: 'launch price' }) });
    await new Promise((r) => setTimeout(r, 400));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const late = await fetch(`${url}/v1/worlds`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^Results for "launch price":/);
    expect(await exited).toBe(0);
    const logs = stderr()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['listening', 'draining', 'stopped']));
    expect(logs.find((l) => l.msg === 'stopped').abandoned).toBe(0);
    expect(
      await fetch(`${url}/health`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
  });
});

describe('a call still asleep when the drain timeout runs out', () => {
  it('is abandoned: shutdown completes and the call ends, not a minute later', async () => {
    const running = await startServer({ worlds: dir, port: 0, logger: createLogger('silent'), limits: { drainTimeoutMs: 300 } });
    const profile = { latencyRate: 1, latencyMinMs: 60_000, latencyMaxMs: 60_000, sleep: true };
    const created = await fetch(`${running.url}/v1/sessions`, { method: 'POST', body: JSON.stringify({ world: W0, profile }) });
    const { session } = (await created.json()) as { session: string };
    const call = fetch(`${running.url}/v1/search?session=${session}`, { method: 'POST', body: JSON.stringify({ query: 'launch price' }) }).then(
      (r) => r.status,
      () => 'connection closed',
    );
    await new Promise((r) => setTimeout(r, 200));
    // Without the core's abort on close, the sleep would keep the stopped process alive a minute.
    await running.shutdown();
    expect(await call).toBe('connection closed');
    await vi.waitFor(() => expect(running.ctx.inFlight).toBe(0), { timeout: 5000, interval: 20 });
  }, 20_000);
});
