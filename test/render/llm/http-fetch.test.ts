import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify } from '../../../src/render/llm/client.js';
import { BufferedResponse, createHttpFetch, ResponseHeaders } from '../../../src/render/llm/http-fetch.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
const seen: Seen[] = [];
let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_req, res) => res.end('ok');

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const http = createHttpFetch(4);
afterAll(() => http.close());

describe('http-fetch: requests', () => {
  it('sends the method, the headers (a Headers or a record) and the body bytes, with their length', async () => {
    handler = (_req, res) => res.end('{}');
    seen.length = 0;
    const body = JSON.stringify({ text: 'Zentria X9 — 11,621,927 units, 日本 😀' });
    await http.fetch(`${base}/v1/chat/completions?x=1`, { method: 'POST', headers: new Headers({ 'Content-Type': 'application/json', Authorization: 'Bearer k' }), body });
    await http.fetch(`${base}/plain`, { method: 'POST', headers: { 'X-One': '1' }, body: new TextEncoder().encode('bytes') });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions?x=1', body });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers.authorization).toBe('Bearer k');
    expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/plain', body: 'bytes' });
    expect(seen[1]!.headers['x-one']).toBe('1');
  });

  it('follows a change of URL on the same instance', async () => {
    handler = (req, res) => res.end(req.url);
    expect(await (await http.fetch(`${base}/a`)).text()).toBe('/a');
    expect(await (await http.fetch(`${base}/b?q=2`)).text()).toBe('/b?q=2');
    expect(await (await http.fetch(new URL(`${base}/a`))).text()).toBe('/a');
  });

  it('fails like fetch: a TypeError with the cause when the connection fails, an AbortError when aborted', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const refused = await http.fetch(`http://127.0.0.1:${port}/x`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as Error).message).toBe('fetch failed');
    expect(((refused as Error).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');

    const already = new AbortController();
    already.abort();
    await expect(http.fetch(`${base}/x`, { signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });

    handler = (_req, res) => setTimeout(() => res.end('late'), 200);
    const during = new AbortController();
    const pending = http.fetch(`${base}/slow`, { signal: during.signal });
    setTimeout(() => during.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('http-fetch: responses', () => {
  it('reads status, headers (any case, repeated fields joined, sorted) and the body once', async () => {
    handler = (_req, res) => {
      res.setHeader('Set-Cookie', ['a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT', 'b=2']);
      res.setHeader('X-Request-Id', 'req-1');
      res.writeHead(201, 'Made', { 'Content-Type': 'application/json; charset=utf-8' }).end('\ufeff{"n":1,"s":"é"}');
    };
    const r = await http.fetch(`${base}/json`);
    expect(r.status).toBe(201);
    expect(r.ok).toBe(true);
    expect(r.statusText).toBe('Made');
    expect(r.url).toBe(`${base}/json`);
    expect(r.headers.get('x-request-id')).toBe('req-1');
    expect(r.headers.get('X-REQUEST-ID')).toBe('req-1');
    expect(r.headers.get('missing')).toBeNull();
    expect(r.headers.has('Content-Type')).toBe(true);
    expect(r.headers.getSetCookie()).toEqual(['a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT', 'b=2']);
    const names = [...r.headers.keys()];
    expect(names).toEqual([...names].sort());
    expect([...r.headers.entries()].filter(([k]) => k === 'set-cookie')).toHaveLength(2);
    expect(r.bodyUsed).toBe(false);
    expect(await r.json()).toEqual({ n: 1, s: 'é' });
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
  });

  it('has a body stream on demand, none for 204, and reports failure statuses as not ok', async () => {
    handler = (req, res) => (req.url === '/empty' ? res.writeHead(204).end() : res.writeHead(503).end('down'));
    const empty = await http.fetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const down = await http.fetch(`${base}/down`);
    expect(down.ok).toBe(false);
    const copy = down.clone();
    const reader = down.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let c = await reader.read(); !c.done; c = await reader.read()) chunks.push(c.value);
    expect(Buffer.concat(chunks).toString()).toBe('down');
    expect(down.bodyUsed).toBe(true);
    expect(await copy.text()).toBe('down');
    expect(new Uint8Array(await new BufferedResponse(Buffer.from('xy'), 200, '', new ResponseHeaders(), '').arrayBuffer())).toEqual(new Uint8Array([120, 121]));
  });

  it('looking at the body stream does not use the body; reading it does (as with fetch)', async () => {
    const r = new BufferedResponse(Buffer.from('{"a":1}'), 200, '', new ResponseHeaders(), '');
    expect(r.body).not.toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.bodyUsed).toBe(false);
    expect(r.clone()).toBeInstanceOf(BufferedResponse);
    expect(await r.json()).toEqual({ a: 1 });
    expect(r.bodyUsed).toBe(true);
    await expect(r.body!.getReader().read()).rejects.toThrow(TypeError);
  });
});

describe('http-fetch under the openai SDK', () => {
  const client = () => new OpenAI({ baseURL: `${base}/v1`, apiKey: 'k', maxRetries: 0, fetch: http.fetch });

  it('completes a chat request', async () => {
    handler = (_req, res, body) => {
      const req = JSON.parse(body) as { model: string; messages: { content: string }[] };
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r-9' }).end(JSON.stringify({
        id: 'c', object: 'chat.completion', created: 0, model: req.model,
        choices: [{ index: 0, message: { role: 'assistant', content: `echo ${req.messages[0]!.content}` }, finish_reason: 'stop' }],
      }));
    };
    const out = await client().chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(out.choices[0]!.message.content).toBe('echo hi');
    expect(out._request_id).toBe('r-9');
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer k');
  });

  it('keeps the SDK\'s error statuses and Retry-After for the classifier', async () => {
    handler = (_req, res) => res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '1500' }).end('{"error":{"message":"slow down"}}');
    const err = classify(await client().chat.completions.create({ model: 'm', messages: [] }).catch((e: unknown) => e));
    expect(err.label).toBe('http_429');
    expect(err.retryAfterMs).toBe(1500);
    expect(err.retryable).toBe(true);

    handler = (_req, res) => res.writeHead(503, { 'retry-after': '2' }).end('upstream failed');
    const down = classify(await client().chat.completions.create({ model: 'm', messages: [] }).catch((e: unknown) => e));
    expect(down.label).toBe('http_503');
    expect(down.retryAfterMs).toBe(2000);

    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [');
    expect(classify(await client().chat.completions.create({ model: 'm', messages: [] }).catch((e: unknown) => e)).kind).toBe('bad_response');

    handler = (_req, res) => setTimeout(() => res.end('{}'), 300);
    const timeout = classify(await client().chat.completions.create({ model: 'm', messages: [] }, { timeout: 30 }).catch((e: unknown) => e));
    expect(timeout.kind).toBe('timeout');
  });
});

describe('http-fetch over https (node:https, a keep-alive agent)', () => {
  // A self-signed certificate for 127.0.0.1 (test/render/llm/fixtures, valid until 2126), for loopback only.
  const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
  const cert = readFileSync(join(fixtures, 'tls-127.0.0.1.pem'));
  const key = readFileSync(join(fixtures, 'tls-127.0.0.1.key'));
  let tls: HttpsServer;
  let tlsBase = '';
  const tlsSeen: Seen[] = [];
  beforeAll(async () => {
    tls = createHttpsServer({ cert, key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        tlsSeen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/slow') setTimeout(() => res.end('late'), 300);
        else res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'tls-1' }).end(JSON.stringify({ echo: body }));
      });
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    tlsBase = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise<void>((resolve) => tls.close(() => resolve()));
  });

  it('sends the request and reads the response, as over http', async () => {
    const h = createHttpFetch(2, { ca: cert });
    const body = JSON.stringify({ text: 'Zentria — 日本' });
    const r = await h.fetch(`${tlsBase}/v1/chat/completions?x=1`, { method: 'POST', headers: new Headers({ 'Content-Type': 'application/json', Authorization: 'Bearer k' }), body });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('tls-1');
    expect(await r.json()).toEqual({ echo: body });
    expect(tlsSeen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/chat/completions?x=1', body });
    expect(tlsSeen.at(-1)!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(tlsSeen.at(-1)!.headers.authorization).toBe('Bearer k');
    h.close();
  });

  it('fails like fetch: an untrusted certificate, an abort', async () => {
    const untrusting = createHttpFetch(2);
    const bad = await untrusting.fetch(`${tlsBase}/x`).catch((e: unknown) => e as TypeError);
    expect(bad).toBeInstanceOf(TypeError);
    expect((bad as TypeError).message).toBe('fetch failed');
    expect(((bad as TypeError).cause as NodeJS.ErrnoException).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    untrusting.close();
    const h = createHttpFetch(2, { ca: cert });
    const during = new AbortController();
    const pending = h.fetch(`${tlsBase}/slow`, { signal: during.signal });
    setTimeout(() => during.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    h.close();
  });
});
