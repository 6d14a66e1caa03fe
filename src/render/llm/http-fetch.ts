/**
 * A small `fetch` handed to the `openai` package: plain-http requests (a local vLLM or SGLang, the usual
 * world-model endpoint) go through a pool of kept-alive connections (http1-pool.ts), https ones through
 * node:https with a keep-alive agent. Node 20's built-in fetch (undici, WHATWG streams) costs a few
 * milliseconds of CPU per request, and node:http's client about 0.25 ms more than the pool on a cold
 * cache miss; a world-model call must add at most ~2 ms. It does what the SDK needs: a method, headers
 * and a string or byte body, an AbortSignal, the whole response buffered. Anything else (other body
 * types, other schemes) goes to the built-in fetch. Errors look like fetch's: a TypeError "fetch failed"
 * with the cause, or an AbortError.
 *
 * The response is a `BufferedResponse`, not undici's `Response`: building a WHATWG Response and its
 * Headers (and reading its body back through a stream) costs more than the rest of the transport. It
 * has what the SDK reads (status, ok, headers.get/entries, json(), text(), and a body stream on demand)
 * and the rest of the read side of the Response interface, over bytes already in memory.
 */
import type http from 'node:http';
import https from 'node:https';
import { abortError, fetchFailed, Http1Pool } from './http1-pool.js';

export interface HttpFetch {
  fetch: typeof fetch;
  close(): void;
}

/**
 * The response headers as received (names lower-case; repeated fields joined with ", " as
 * fetch joins them), behind the read side of the Headers interface. Iteration is sorted by name, as
 * fetch's is. Immutable.
 */
export class ResponseHeaders implements Iterable<[string, string]> {
  readonly #fields = new Map<string, string>();
  readonly #cookies: string[] = [];

  constructor(raw: http.IncomingHttpHeaders = {}) {
    for (const name of Object.keys(raw)) {
      const v = raw[name];
      if (v === undefined) continue;
      const key = name.toLowerCase();
      if (key === 'set-cookie') this.#cookies.push(...(Array.isArray(v) ? v : [v]));
      this.#fields.set(key, Array.isArray(v) ? v.join(', ') : v);
    }
  }

  get(name: string): string | null {
    return this.#fields.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#fields.has(name.toLowerCase());
  }

  getSetCookie(): string[] {
    return [...this.#cookies];
  }

  forEach(fn: (value: string, name: string, headers: ResponseHeaders) => void, thisArg?: unknown): void {
    for (const [k, v] of this) fn.call(thisArg, v, k, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const k of [...this.#fields.keys()].sort()) {
      if (k === 'set-cookie') for (const c of this.#cookies) yield [k, c];
      else yield [k, this.#fields.get(k)!];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): IterableIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

/** A fully buffered response: the read side of fetch's Response over bytes already in memory. */
export class BufferedResponse {
  readonly type = 'basic';
  readonly redirected = false;
  readonly #bytes: Buffer | null;
  #used = false;
  #stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    bytes: Buffer | null,
    readonly status: number,
    readonly statusText: string,
    readonly headers: ResponseHeaders,
    readonly url: string,
  ) {
    this.#bytes = bytes;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The body as a stream (made on first access; null when there is none). */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream === undefined) {
      const bytes = this.#bytes;
      // The body counts as used when the stream is read, not when it is looked at (as with fetch):
      // with a high-water mark of 0, `pull` runs only on a read.
      this.#stream = bytes === null ? null : new ReadableStream<Uint8Array>({
        pull: (c) => {
          if (this.#used) {
            c.error(new TypeError('Body is unusable: Body has already been read'));
            return;
          }
          this.#used = true;
          if (bytes.length > 0) c.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
          c.close();
        },
      }, { highWaterMark: 0 });
    }
    return this.#stream;
  }

  #consume(): Buffer {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ?? Buffer.alloc(0);
  }

  async text(): Promise<string> {
    const s = this.#consume().toString('utf8');
    return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.#consume();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): BufferedResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#bytes, this.status, this.statusText, this.headers, this.url);
  }
}

/** The request's header fields as [name, value, ...] (lower-case names), from whatever HeadersInit the caller gave. */
function headerList(init: RequestInit['headers']): string[] {
  const out: string[] = [];
  if (init === undefined || init === null) return out;
  // The SDK passes a Headers: read it as it is rather than copying it into another one.
  const h = init instanceof Headers ? init : new Headers(init);
  h.forEach((v, k) => {
    out.push(k, v);
  });
  return out;
}

/** The host to connect to: an IPv6 literal without its brackets (the Host field keeps them). */
const connectTo = (url: URL): string => (url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname);

/** A plain-http request through the connection pool (http1-pool.ts). */
function viaPool(pool: Http1Pool, url: URL, href: string, method: string, headers: string[], body: string | Uint8Array | undefined, signal: AbortSignal | undefined): Promise<Response> {
  return pool.request(
    {
      hostname: connectTo(url),
      port: url.port ? Number(url.port) : 80,
      host: url.host,
      method,
      path: `${url.pathname}${url.search}`,
      headers,
      body,
      signal,
    },
    (head, bytes) => new BufferedResponse(bytes, head.status, head.statusText, new ResponseHeaders(head.headers), href) as unknown as Response,
  );
}

/** An https request through node:https and its keep-alive agent. */
function viaHttps(agent: https.Agent, url: URL, href: string, method: string, headers: string[], body: string | Uint8Array | undefined, signal: AbortSignal | undefined): Promise<Response> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < headers.length; i += 2) fields[headers[i]!] = headers[i + 1]!;
  if (payload) fields['content-length'] = String(payload.length);
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      reject(e);
    };
    const onAbort = () => {
      req.destroy();
      fail(abortError());
    };
    const req = https.request({ hostname: connectTo(url), port: url.port || undefined, path: `${url.pathname}${url.search}`, method, headers: fields, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (e) => fail(fetchFailed(e)));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        const status = res.statusCode ?? 500;
        const noBody = status === 204 || status === 304 || method === 'HEAD';
        const bytes = noBody ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        resolve(new BufferedResponse(bytes, status, res.statusMessage ?? '', new ResponseHeaders(res.headers), href) as unknown as Response);
      });
    });
    req.on('error', (e) => fail(fetchFailed(e)));
    signal?.addEventListener('abort', onAbort, { once: true });
    req.end(payload);
  });
}

/**
 * `maxIdle`: connections kept open between requests per host (plain http), and sockets per host (https).
 * The renderer's limiter bounds the requests in flight. `tls`: more options of the https agent (tests
 * give a certificate authority).
 */
export function createHttpFetch(maxIdle = 64, tls: https.AgentOptions = {}): HttpFetch {
  const pool = new Http1Pool({ maxIdle });
  const agent = new https.Agent({ ...tls, keepAlive: true, maxSockets: maxIdle });
  // The SDK asks for the same URL every time: parse it once.
  let lastHref = '';
  let lastUrl: URL | undefined;
  const parse = (href: string): URL => {
    if (href !== lastHref || !lastUrl) {
      lastUrl = new URL(href);
      lastHref = href;
    }
    return lastUrl;
  };

  const fetchImpl = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = init.body;
    if (input instanceof Request || (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))) return fetch(input, init);
    const href = String(input);
    const url = parse(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(abortError());
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = headerList(init.headers);
    const payload = body ?? undefined;
    return url.protocol === 'http:' ? viaPool(pool, url, href, method, headers, payload, signal) : viaHttps(agent, url, href, method, headers, payload, signal);
  };

  return {
    fetch: fetchImpl as typeof fetch,
    close() {
      pool.close();
      agent.destroy();
    },
  };
}
