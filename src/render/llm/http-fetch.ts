/**
 * A small `fetch` over node:http / node:https with keep-alive agents, handed to the `openai` package.
 * Node 20's built-in fetch (undici, WHATWG streams) costs a few milliseconds of CPU per request; a
 * world-model call must add at most ~2 ms, so requests go through node:http instead. It does what the
 * SDK needs: a method, headers and a string or byte body, an AbortSignal, the whole response buffered.
 * Anything else (other body types) goes to the built-in fetch. Errors look like fetch's: a TypeError
 * "fetch failed" with the cause, or an AbortError.
 */
import http from 'node:http';
import https from 'node:https';

export interface HttpFetch {
  fetch: typeof fetch;
  close(): void;
}

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

export function createHttpFetch(maxSockets = 64): HttpFetch {
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets }), https: new https.Agent({ keepAlive: true, maxSockets }) };

  const fetchImpl = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = init.body;
    if (input instanceof Request || (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))) return fetch(input, init);
    const url = new URL(String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(abortError());
    const payload = body === undefined || body === null ? undefined : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    if (payload) headers['content-length'] = String(payload.length);
    const secure = url.protocol === 'https:';
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
      const req = (secure ? https : http).request(
        { protocol: url.protocol, hostname: url.hostname, port: url.port || undefined, path: `${url.pathname}${url.search}`, method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => fail(new TypeError('fetch failed', { cause: e })));
          res.on('end', () => {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (Array.isArray(v)) for (const x of v) h.append(k, x);
              else if (v !== undefined) h.set(k, v);
            }
            const status = res.statusCode ?? 500;
            const noBody = status === 204 || status === 304 || init.method === 'HEAD';
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: h }));
          });
        },
      );
      req.on('error', (e) => fail(new TypeError('fetch failed', { cause: e })));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.end(payload);
    });
  };

  return {
    fetch: fetchImpl as typeof fetch,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
