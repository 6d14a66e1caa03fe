import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import net from 'node:net';
import { getEventListeners } from 'node:events';
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

/** Resolves once `cond` holds (checked every 5 ms; fails after 5 s): waits on events, not on guesses of their timing. */
async function until(cond: () => boolean): Promise<void> {
  for (const end = Date.now() + 5000; !cond(); await new Promise((resolve) => setTimeout(resolve, 5))) {
    if (Date.now() > end) throw new Error('condition not met in 5 s');
  }
}

const request = (port: number, over: Partial<Http1Request> = {}): Http1Request => ({
  hostname: '127.0.0.1', port, host: `127.0.0.1:${port}`, method: 'POST', path: '/v1/chat/completions', headers: ['content-type', 'application/json'], body: '{"q":"é"}', ...over,
});

function pool(maxIdle?: number, idleMs?: number) {
  const p = new Http1Pool({ maxIdle, idleMs });
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
    await until(() => s.closed >= 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
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
    await until(() => s.closed >= 1);
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
      // One write each: a response and what follows it arrive together (bytes sent later, as the second
      // request's answer is on its way, would be read as its answer: HTTP/1.1 cannot tell them apart).
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok${n === 2 ? 'HTTP/1.1 200 OK\r\n' : ''}`);
      if (n === 1) setTimeout(() => socket.write('unsolicited'), 10);
    });
    const p = pool();
    await p.request(request(s.port));
    await until(() => s.closed >= 1);
    expect((await p.request(request(s.port))).body!.toString()).toBe('ok');
    expect((await p.request(request(s.port))).body!.toString()).toBe('ok');
    expect(s.connections).toBe(3);
  });
});

describe('http1 pool: more of HTTP', () => {
  it('reads HEAD without a body, and a body to the close (that connection then closed, not reused)', async () => {
    const s = await rawServer((socket, head) => {
      if (head.startsWith('HEAD')) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n');
      else socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nto the close');
    });
    const p = pool();
    const head = await p.request(request(s.port, { method: 'HEAD', body: undefined }));
    expect([head.status, head.body]).toEqual([200, null]);
    const close = await p.request(request(s.port));
    expect(close.body!.toString()).toBe('to the close');
    expect(close.keepAlive).toBe(false);
    await p.request(request(s.port, { method: 'HEAD', body: undefined }));
    expect(s.connections).toBe(2);
  });

  it('does not reuse a connection idle longer than idleMs when the server gave no hint', async () => {
    const s = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    const p = pool(8, 250);
    await p.request(request(s.port));
    await p.request(request(s.port));
    expect(s.connections).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await p.request(request(s.port));
    expect(s.connections).toBe(2);
  });

  it('with more idle connections than maxIdle, closes the oldest', async () => {
    const order: number[] = [];
    let id = 0;
    const s = await httpServer((req, res) => setTimeout(() => res.end(req.url), Number(req.url!.slice(1))));
    s.server.on('connection', (socket: net.Socket) => {
      const mine = ++id;
      socket.on('close', () => order.push(mine));
    });
    const p = pool(1);
    // Three at once on three connections, answered 1st, 2nd, 3rd: the two freed first are closed in turn.
    await Promise.all([5, 30, 60].map((ms) => p.request(request(s.port, { method: 'GET', body: undefined, path: `/${ms}` }))));
    await until(() => order.length >= 2);
    expect(order).toEqual([1, 2]);
  });

  it('hands the response to `accept`; when it throws, the request fails with its error and the connection stays usable', async () => {
    const s = await httpServer((_req, res) => res.end('ok'));
    const p = pool();
    expect(await p.request(request(s.port), (head, body) => `${head.status}:${body!.toString()}`)).toBe('200:ok');
    await expect(p.request(request(s.port), () => {
      throw new Error('accept failed');
    })).rejects.toThrow('accept failed');
    expect((await p.request(request(s.port))).body!.toString()).toBe('ok');
    expect(s.connections).toBe(1);
  });

  it('leaves no abort listener on a signal used for many requests, answered or failed', async () => {
    const s = await rawServer((socket, head) => socket.write(head.includes('/bad') ? 'garbage\r\n\r\n' : 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    const p = pool();
    const signal = new AbortController().signal;
    for (let i = 0; i < 20; i++) await p.request(request(s.port, { signal, path: i % 2 ? '/bad' : '/' })).catch(() => undefined);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
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
    await until(() => s.closed >= 1);
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
    await expect(p.request(request(s.port, { method: 'GET / HTTP/1.1\r\nX-Injected: 1\r\n\r\nGET' }))).rejects.toMatchObject({ message: 'fetch failed', cause: { message: 'invalid method' } });
    expect(s.connections).toBe(0);
  });

  it('after close, refuses requests and keeps no connection open', async () => {
    const s = await httpServer((_req, res) => res.end('ok'));
    const p = pool();
    await p.request(request(s.port));
    p.close();
    await expect(p.request(request(s.port))).rejects.toMatchObject({ message: 'fetch failed' });
    await until(() => s.closed >= 1);
    expect(s.closed).toBe(1);
  });

  it('an idle connection does not keep the process alive (it is unreferenced until used again)', async () => {
    const s = await httpServer((_req, res) => res.end('ok'));
    s.server.keepAliveTimeout = 60_000;
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const before = sockets();
    const p = pool();
    await p.request(request(s.port));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The server's end of the connection holds the loop; the pool's end does not.
    expect(sockets()).toBe(before + 1);
    const pending = p.request(request(s.port, { path: '/again' }));
    expect(sockets()).toBe(before + 2);
    await pending;
    expect(sockets()).toBe(before + 1);
    expect(s.connections).toBe(1);
  });
});
