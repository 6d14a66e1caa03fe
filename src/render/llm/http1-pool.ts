/**
 * Plain-HTTP/1.1 requests over kept-alive TCP connections: the transport of a world-model request to a
 * local server (vLLM, SGLang, a fake endpoint), where it is on the path of every cache miss.
 *
 * Why not node:http: after the process has waited out a model's latency, its caches are cold, and
 * node:http's client (ClientRequest, the agent's socket bookkeeping, an IncomingMessage stream per
 * response) cost about 0.5 ms per request there, against 0.25 ms for this one (twelfth session,
 * bench/results/llm.md). A request is one write of head and body; the response is read by
 * `ResponseReader` (http1-response.ts) and handed over whole. Idle connections are kept per host and
 * port, unreferenced (they never keep the process alive), the most recently used taken first, at most
 * `maxIdle` per host (the oldest closed first). One is not reused once the server has closed it, nor
 * after the server's Keep-Alive timeout hint less a second, nor, without a hint, after `idleMs` (4 s,
 * under the 5 s that uvicorn and Node servers keep an idle connection): it is closed when next met.
 * A connection is reused only after a response that allows it and ended cleanly; anything else closes
 * it. How many are open at once is the caller's to bound (the renderer's limiter does). Requests are
 * not retried here: a failure is reported (a TypeError "fetch failed" with its cause, as fetch's) and
 * the caller's policy decides.
 */
import net from 'node:net';
import { ResponseReader, TOKEN, type ParsedHead } from './http1-response.js';

export interface Http1Request {
  /** Where to connect (an IPv6 address without brackets). */
  hostname: string;
  port: number;
  /** The Host field: the URL's host (with its port when not the default). */
  host: string;
  method: string;
  /** The request target: path and query. */
  path: string;
  /** Header fields as [name, value, ...] (Host and Content-Length are added). */
  headers: readonly string[];
  body: string | Uint8Array | undefined;
  signal?: AbortSignal;
}

export interface Http1Response extends ParsedHead {
  body: Buffer | null;
}

/** What node:http refuses in a field value: controls other than tab, and anything beyond Latin-1. */
// eslint-disable-next-line no-control-regex
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** The error fetch rejects with when aborted. */
export function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

/** The error fetch rejects with when the request failed, with its cause. */
export function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/** The request's bytes: head and body in one buffer (one write). Throws a TypeError on a bad field. */
function encodeRequest(req: Http1Request): Buffer {
  if (!TOKEN.test(req.method)) throw new TypeError('invalid method');
  let head = `${req.method} ${req.path} HTTP/1.1\r\n`;
  let host = false;
  const h = req.headers;
  for (let i = 0; i + 1 < h.length; i += 2) {
    const name = h[i]!;
    const value = h[i + 1]!;
    if (!TOKEN.test(name)) throw new TypeError(`invalid header name ${JSON.stringify(name)}`);
    if (BAD_VALUE.test(value)) throw new TypeError(`invalid value for header ${name}`);
    const lower = name.toLowerCase();
    if (lower === 'content-length' || lower === 'transfer-encoding' || lower === 'connection') continue;
    if (lower === 'host') host = true;
    head += `${name}: ${value}\r\n`;
  }
  if (!host) head += `host: ${req.host}\r\n`;
  const body = req.body;
  const bodyBytes = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (body !== undefined || req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') head += `content-length: ${bodyBytes}\r\n`;
  head += '\r\n';
  const headBytes = head.length;
  const out = Buffer.allocUnsafe(headBytes + bodyBytes);
  out.write(head, 0, 'latin1');
  if (typeof body === 'string') out.write(body, headBytes, 'utf8');
  else if (body !== undefined) out.set(body, headBytes);
  return out;
}

interface Exchange {
  reader: ResponseReader;
  resolve(head: ParsedHead, body: Buffer | null): void;
  reject(e: Error): void;
}

/** One TCP connection: its handlers stay for its life and serve whichever request it carries. */
class Connection {
  current: Exchange | undefined;
  /** performance.now() after which it is not reused (the server's Keep-Alive hint less a second, else `idleMs` after its last response). */
  expires = Infinity;

  /**
   * `onFree`: called when a response has ended on a connection that stays open, and when it closes while
   * idle; `idleMs`: how long it may then wait for a request without a Keep-Alive hint from the server.
   */
  constructor(readonly socket: net.Socket, private readonly onFree: (c: Connection) => void, private readonly idleMs: number) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#data(chunk));
    socket.on('error', (e: Error) => this.#fail(e));
    socket.on('close', () => this.#closed());
  }

  #data(chunk: Buffer): void {
    const ex = this.current;
    if (!ex) {
      // Bytes on an idle connection: nothing was asked. Not reusable.
      this.socket.destroy();
      return;
    }
    let done: boolean;
    try {
      done = ex.reader.feed(chunk);
    } catch (e) {
      this.#fail(e as Error);
      return;
    }
    if (done) this.#finish(ex);
  }

  #finish(ex: Exchange): void {
    const head = ex.reader.head!;
    this.current = undefined;
    const reusable = head.keepAlive && ex.reader.extra === 0 && !this.socket.destroyed;
    if (reusable) this.expires = performance.now() + (head.keepAliveMs !== undefined ? Math.max(0, head.keepAliveMs - 1000) : this.idleMs);
    ex.resolve(head, ex.reader.body());
    if (reusable) this.onFree(this);
    else this.socket.destroy();
  }

  #fail(e: Error): void {
    const ex = this.current;
    this.current = undefined;
    this.socket.destroy();
    ex?.reject(fetchFailed(e));
  }

  #closed(): void {
    const ex = this.current;
    if (!ex) {
      this.onFree(this);
      return;
    }
    try {
      ex.reader.end();
    } catch (e) {
      this.#fail(e as Error);
      return;
    }
    this.#finish(ex);
  }
}

export interface Http1PoolOptions {
  /** Idle connections kept per host and port at most (default 8). */
  maxIdle?: number;
  /** How long an idle connection is reused without a Keep-Alive hint from the server, in ms (default 4000). */
  idleMs?: number;
}

export class Http1Pool {
  readonly #idle = new Map<string, Connection[]>();
  readonly #maxIdle: number;
  readonly #idleMs: number;
  #closed = false;

  constructor(options: Http1PoolOptions = {}) {
    this.#maxIdle = options.maxIdle ?? 8;
    this.#idleMs = options.idleMs ?? 4000;
  }

  /** One request; `accept` makes what the promise resolves to of the response (default: head and body). */
  request(req: Http1Request): Promise<Http1Response>;
  request<T>(req: Http1Request, accept: (head: ParsedHead, body: Buffer | null) => T): Promise<T>;
  request<T>(req: Http1Request, accept?: (head: ParsedHead, body: Buffer | null) => T): Promise<T | Http1Response> {
    if (this.#closed) return Promise.reject(fetchFailed(new Error('the connection pool is closed')));
    const signal = req.signal;
    if (signal?.aborted) return Promise.reject(abortError());
    let bytes: Buffer;
    try {
      bytes = encodeRequest(req);
    } catch (e) {
      return Promise.reject(fetchFailed(e));
    }
    const key = `${req.hostname}:${req.port}`;
    const conn = this.#take(key) ?? this.#open(req.hostname, req.port, key);
    return new Promise<T | Http1Response>((resolve, reject) => {
      const onAbort = () => {
        conn.current = undefined;
        conn.socket.destroy();
        reject(abortError());
      };
      conn.current = {
        reader: new ResponseReader(req.method === 'HEAD'),
        resolve: (head, body) => {
          signal?.removeEventListener('abort', onAbort);
          try {
            resolve(accept ? accept(head, body) : { ...head, body });
          } catch (e) {
            reject(e as Error);
          }
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      conn.socket.ref();
      conn.socket.write(bytes);
    });
  }

  /** Close every idle connection, and refuse new requests (requests in flight finish). */
  close(): void {
    this.#closed = true;
    for (const list of this.#idle.values()) for (const c of list) c.socket.destroy();
    this.#idle.clear();
  }

  #take(key: string): Connection | undefined {
    const list = this.#idle.get(key);
    if (!list) return undefined;
    const now = performance.now();
    for (let c = list.pop(); c; c = list.pop()) {
      // `writable` is gone once the socket is destroyed, and as soon as the server's FIN is read, before the close is reported.
      if (c.socket.writable && c.expires > now) return c;
      c.socket.destroy();
    }
    return undefined;
  }

  #open(hostname: string, port: number, key: string): Connection {
    return new Connection(net.connect({ host: hostname, port }), (c) => this.#release(key, c), this.#idleMs);
  }

  /** A connection whose response ended (still open: kept when there is room) or that closed while idle (dropped). */
  #release(key: string, c: Connection): void {
    const list = this.#idle.get(key) ?? [];
    const at = list.indexOf(c);
    if (c.socket.destroyed || this.#closed || this.#maxIdle <= 0) {
      if (at >= 0) list.splice(at, 1);
      c.socket.destroy();
      return;
    }
    if (at >= 0) return;
    // Full: the oldest goes (the one just used is the likeliest to be still open and warm).
    if (list.length >= this.#maxIdle) list.shift()!.socket.destroy();
    c.socket.unref();
    list.push(c);
    this.#idle.set(key, list);
  }
}
