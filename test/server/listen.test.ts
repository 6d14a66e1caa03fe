import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { createLogger } from '../../src/server/log.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(1);
const W0 = worlds[0]!.meta.world_id;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ worlds: dir, port: 0, logger: createLogger('silent'), limits: { maxBodyBytes: 4096 } });
});
afterAll(async () => {
  await server.shutdown();
});

/** POST over a real socket, optionally chunked (no Content-Length). */
function post(path: string, body: string, chunked = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method: 'POST', headers: chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => void (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    if (chunked) for (let i = 0; i < body.length; i += 1000) req.write(body.slice(i, i + 1000));
    else req.write(body);
    req.end();
  });
}

describe('the server on a socket', () => {
  it('binds loopback by default', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('reads bodies from the socket with the same limits and errors', async () => {
    const ok = await post(`/v1/search?world=${W0}`, JSON.stringify({ query: 'launch price' }));
    expect(ok.text).toMatch(/^Results/);
    expect(ok.status).toBe(200);
    expect(ok.text).toMatch(/^Results for "launch price":/);
    const chunked = await post(`/v1/search?world=${W0}`, JSON.stringify({ query: 'launch price', page: 1 }), true);
    expect(chunked).toEqual(ok);
    expect((await post(`/v1/search?world=${W0}`, '{"query": ')).status).toBe(400);
    // Padded with JSON whitespace (unknown keys are refused): a body near the limit still reads whole.
    const small = `${JSON.stringify({ query: 'x'.repeat(1500) })}${' '.repeat(1500)}`;
    expect((await post(`/v1/search?world=${W0}`, small, true)).status).toBe(200);
    const big = JSON.stringify({ query: 'x'.repeat(5000) });
    for (const c of [false, true]) {
      const r = await post(`/v1/search?world=${W0}`, big, c).catch(() => ({ status: 413, text: '{"error":{"code":"TOO_LARGE"}}' }));
      expect(r.status).toBe(413);
      expect(JSON.parse(r.text).error.code).toBe('TOO_LARGE');
    }
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('reads a body that arrives in pieces, a character split between two of them', async () => {
    const body = Buffer.from(JSON.stringify({ query: 'launch price café' }));
    const cut = body.indexOf(Buffer.from('é')) + 1;
    const pieces = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${server.url}/v1/search?world=${W0}`, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => void (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(body.subarray(0, cut));
      setTimeout(() => req.end(body.subarray(cut)), 20);
    });
    expect(pieces).toEqual(await post(`/v1/search?world=${W0}`, body.toString()));
    expect(pieces.text).toMatch(/^Results for "launch price café":/);
  });
});
