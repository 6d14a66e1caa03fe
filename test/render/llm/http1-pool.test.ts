import { execFile } from 'node:child_process';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Http1Pool, type Http1Request } from '../../../src/render/llm/http1-pool.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

/** A node:http server on 127.0.0.1 that counts its connections. */
async function httpServer(handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: string) => void) {
  const state = { connections: 0, closed: 0, server: undefined as unknown as HttpServer, port: 0 };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (s: net.Socket) => {
    state.connections++;
    s.on('close', () => state.closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.server = server;
  state.port = (server.address() as net.AddressInfo).port;
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return state;
}

/** A raw TCP server: `onRequest(socket, requestHead)` answers each request as it likes. */
async function rawServer(onRequest: (socket: net.Socket, head: string, n: number) => void) {
  const state = { connections: 0, closed: 0, requests: 0, port: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    let buf = '';
    socket.on('data', (d: Buffer) => {
      buf += d.toString('latin1');
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.slice(0, end);
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        buf = buf.slice(end + 4 + length);
        onRequest(socket, head, ++state.requests);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => state.closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  closers.push(() => server.close());
  return state;
}

const request = (port: number, over: Partial<Http1Request> = {}): Http1Request => ({
  hostname: '127.0.0.1', port, host: `127.0.0.1:${port}`, method: 'POST', path: '/v1/chat/completions', headers: ['content-type', 'application/json'], body: '{"q":"é"}', ...over,
});

function pool(maxIdle?: number) {
  const p = new Http1Pool(maxIdle);
  closers.push(() => p.close());
  return p;
}

describe('http1 pool: requests and connections', () => {
  it('sends head and body as node:http reads them, and reuses one connection for calls one after another', async () => {
    const seen: { method?: string; url?: string; host?: string; length?: string; type?: string; body: string }[] = [];
    const s = await httpServer((req, res, body) => {
      seen.push({ method: req.method, url: req.url, host: req.headers.host, length: req.headers['content-length'], type: req.headers['content-type'], body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body, n: seen.length }));
    });
    const p = pool();
    for (let i = 1; i <= 5; i++) {
      const r = await p.request(request(s.port, { path: `/v1/x?i=${i}` }));
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body!.toString('utf8'))).toEqual({ echo: '{"q":"é"}', n: i });
    }
    expect(seen[0]).toEqual({ method: 'POST', url: '/v1/x?i=1', host: `127.0.0.1:${s.port}`, length: String(Buffer.byteLength('{"q":"é"}')), type: 'application/json', body: '{"q":"é"}' });
    expect(s.connections).toBe(1);
  });

  it('answers concurrent requests each with its own response, on as many connections, keeping at most maxIdle', async () => {
    const s = await httpServer((req, res) => setTimeout(() => res.end(req.url), 20 - Number(req.url!.slice(1))));
    const p = pool(2);
    const out = await Promise.all([1, 2, 3, 4, 5].map((i) => p.request(request(s.port, { method: 'GET', body: undefined, path: `/${i}` }))));
    expect(out.map((r) => r.body!.toString())).toEqual(['/1', '/2', '/3', '/4', '/5']);
    expect(s.connections).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.closed).toBe(3);
    await p.request(request(s.port, { method: 'GET', body: undefined, path: '/9' }));
    expect(s.connections).toBe(5);
  });

  it('opens a new connection when the server closed the idle one, or asked to close, or hinted a short Keep-Alive', async () => {
    const s = await rawServer((socket, head) => {
      const path = /^\S+ (\S+)/.exec(head)![1];
      const fields = path === '/close' ? 'Connection: close\r\n' : path === '/hint1' ? 'Keep-Alive: timeout=1\r\n' : path === '/hint5' ? 'Keep-Alive: timeout=5\r\n' : '';
      socket.write(`HTTP/1.1 200 OK\r\n${fields}Content-Length: 2\r\n\r\nok`);
      if (path === '/close') socket.end();
      if (path === '/then-close') setTimeout(() => socket.end(), 10);
    });
    const p = pool();
    const get = async (path: string) => (await p.request(request(s.port, { path }))).body!.toString();
    expect(await get('/then-close')).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await get('/')).toBe('ok');
    expect(s.connections).toBe(2);
    expect(await get('/close')).toBe('ok');
    expect(await get('/')).toBe('ok');
    expect(s.connections).toBe(3);
    // "timeout=1" leaves no margin (a second is taken off): not reused; "timeout=5" is.
    expect(await get('/hint1')).toBe('ok');
    expect(await get('/')).toBe('ok');
    expect(s.connections).toBe(4);
    expect(await get('/hint5')).toBe('ok');
    expect(await get('/')).toBe('ok');
    expect(s.connections).toBe(4);
  });

  it('drops a connection that sent bytes nobody asked for, or more than its response', async () => {
    const s = await rawServer((socket, _head, n) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      if (n === 1) setTimeout(() => socket.write('unsolicited'), 10);
      if (n === 2) socket.write('HTTP/1.1 200 OK\r\n');
    });
    const p = pool();
    await p.request(request(s.port));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await p.request(request(s.port))).body!.toString()).toBe('ok');
    expect((await p.request(request(s.port))).body!.toString()).toBe('ok');
    expect(s.connections).toBe(3);
  });
});

describe('http1 pool: failures', () => {
  it('fails like fetch (a TypeError with the cause): refused, garbage, cut short; and works again after', async () => {
    const dead = net.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const deadPort = (dead.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const p = pool();
    const refused = await p.request(request(deadPort)).catch((e: unknown) => e as TypeError);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).message).toBe('fetch failed');
    expect(((refused as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');

    const s = await rawServer((socket, head) => {
      if (head.includes('/garbage')) socket.write('SMTP ready\r\n\r\n');
      else if (head.includes('/cut')) socket.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
      else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    const garbage = await p.request(request(s.port, { path: '/garbage' })).catch((e: unknown) => e as TypeError);
    expect(garbage).toMatchObject({ message: 'fetch failed', cause: { name: 'ResponseFormatError' } });
    const cut = await p.request(request(s.port, { path: '/cut' })).catch((e: unknown) => e as TypeError);
    expect(cut).toMatchObject({ message: 'fetch failed', cause: { message: 'connection closed before the response ended' } });
    expect((await p.request(request(s.port))).body!.toString()).toBe('ok');
  });

  it('an abort ends the request with an AbortError and closes its connection; one aborted before sends nothing', async () => {
    const s = await rawServer((socket, head) => {
      if (!head.includes('/slow')) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    const p = pool();
    const during = new AbortController();
    const pending = p.request(request(s.port, { path: '/slow', signal: during.signal }));
    setTimeout(() => during.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.closed).toBe(1);
    const before = new AbortController();
    before.abort();
    await expect(p.request(request(s.port, { signal: before.signal }))).rejects.toMatchObject({ name: 'AbortError' });
    expect((await p.request(request(s.port))).body!.toString()).toBe('ok');
    expect(s.requests).toBe(2);
    expect(s.connections).toBe(2);
  });

  it('refuses a field that would break the request (CR LF, a bad name), sending nothing', async () => {
    const s = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    const p = pool();
    for (const headers of [['x-evil', 'a\r\nInjected: 1'], ['bad name', 'v'], ['x-wide', 'é😀']]) {
      await expect(p.request(request(s.port, { headers }))).rejects.toMatchObject({ message: 'fetch failed' });
    }
    expect(s.connections).toBe(0);
  });

  it('after close, refuses requests and keeps no connection open', async () => {
    const s = await httpServer((_req, res) => res.end('ok'));
    const p = pool();
    await p.request(request(s.port));
    p.close();
    await expect(p.request(request(s.port))).rejects.toMatchObject({ message: 'fetch failed' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(s.closed).toBe(1);
  });

  it('an idle connection does not keep the process alive', async () => {
    const s = await httpServer((_req, res) => res.end('ok'));
    s.server.keepAliveTimeout = 60_000;
    const module = join(process.cwd(), 'dist/src/render/llm/http1-pool.js');
    const script = `const { Http1Pool } = await import(${JSON.stringify(module)});
      const p = new Http1Pool();
      const r = await p.request({ hostname: '127.0.0.1', port: ${s.port}, host: 'x', method: 'GET', path: '/', headers: [], body: undefined });
      console.log(r.body.toString());`;
    // The server would hold the connection for a minute: the child exits on its own, or is killed at 20 s.
    const child = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const c = execFile(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 }, (_e, stdout) => resolve({ code: c.exitCode, stdout }));
    });
    expect(child).toEqual({ code: 0, stdout: 'ok\n' });
    expect(s.connections).toBe(1);
  });
});
