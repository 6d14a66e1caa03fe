/**
 * Bad requests for the load bench's fuzz run, drawn from a seeded Rng: bad JSON, wrong types, huge
 * bodies, odd Unicode, unknown and malicious ids, wrong routes and methods, MCP garbage, admin calls
 * without the token. The server must answer every one without a 5xx and stay healthy.
 */
import { Rng } from '../src/rng.js';
import type { BenchWorld } from './load-server.js';

export interface FuzzRequest {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Send the body chunked (no Content-Length). */
  chunked?: boolean;
}

const ODD = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uD83D',
  '\u202E',
  '\u200B\u200D\u2060',
  '\uFEFF',
  '\u0301'.repeat(500),
  '👩‍👩‍👧‍👦',
  'ｆｕｌｌｗｉｄｔｈ',
  '𝕮𝖔𝖒𝖕𝖑𝖊𝖝',
  '\r\n\t\v\f',
  'NEAR(a b)',
  '"*^:-()',
  'AND OR NOT',
  'İıſK',
  'ﷺ',
  '\u{10FFFF}',
  '<script>alert(1)</script>',
  "'; DROP TABLE facts; --",
  '%00',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  '%252e%252e%252f',
  'file:///etc/passwd',
  'ü'.normalize('NFD').repeat(300),
];

const JUNK_JSON = [
  '{',
  '}',
  '{"query":',
  '{"query": "a",}',
  "{'query': 'a'}",
  'nul',
  'undefined',
  'NaN',
  '[',
  '"',
  '{"a":1}{"b":2}',
  '\uFEFF{"query":"a"}',
  '[[[[[[[[[[[[[[[[[[[[',
  '{"query":"\\ud800"}',
  '{"query":"\\u0000"}',
  '1e999999',
  '-',
  ' ',
];

const ROUTES = ['/v1/search', '/v1/open', '/v1/call', '/retrieve', '/v1/sessions', '/mcp'];

/** Percent-encode any string, lone surrogates included (as the invalid UTF-8 bytes a careless client would send). */
function enc(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out +=
      c >= 0xd800 && c <= 0xdfff
        ? `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`
        : encodeURIComponent(ch);
  }
  return out;
}

function oddString(rng: Rng): string {
  const parts = rng.int(1, 4);
  let s = '';
  for (let i = 0; i < parts; i++) s += rng.chance(0.7) ? rng.pick(ODD) : String.fromCharCode(rng.int(0, 0xffff));
  return s;
}

function wrongValue(rng: Rng): unknown {
  return rng.pick<unknown>([5, -1, 1.5, true, null, [], {}, [1, 2], { query: 'x' }, '', 'x'.repeat(rng.int(1, 3000)), [null], [[]], 1e308, -0, oddString(rng)]);
}

function randomBytes(rng: Rng, n: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = rng.int(0, 255);
  return b;
}

function target(rng: Rng, worlds: readonly BenchWorld[], sessions: readonly string[]): string {
  switch (rng.int(0, 7)) {
    case 0:
      return `world=${rng.pick(worlds).id}`;
    case 1:
      return `session=${rng.pick(sessions)}`;
    case 2:
      return `world=w${rng.int(0, 99)}-${String(rng.int(0, 999999)).padStart(6, '0')}`;
    case 3:
      return `session=s_${'A'.repeat(24)}`;
    case 4:
      return `world=${enc(oddString(rng))}`;
    case 5:
      return `session=${enc(oddString(rng))}`;
    case 6:
      return `world=${rng.pick(worlds).id}&session=${rng.pick(sessions)}`;
    default:
      return '';
  }
}

const json = { 'content-type': 'application/json' };
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The i-th fuzz request (deterministic in seed and i). */
export function fuzzRequest(seed: number, i: number, worlds: readonly BenchWorld[], sessions: readonly string[]): FuzzRequest {
  const rng = new Rng(`fuzz:${seed}:${i}`);
  const route = rng.pick(ROUTES);
  const t = target(rng, worlds, sessions);
  const path = `${route}${t ? `?${t}` : ''}`;
  switch (rng.int(0, 11)) {
    case 0:
      return { kind: 'bad-json', method: 'POST', path, headers: json, body: rng.pick(JUNK_JSON) };
    case 1:
      return { kind: 'random-bytes', method: 'POST', path, headers: json, body: randomBytes(rng, rng.int(1, 2000)) };
    case 2: {
      const body = rng.pick<Record<string, unknown>>([
        { query: wrongValue(rng) },
        { queries: wrongValue(rng) },
        { query: 'a', page: wrongValue(rng) },
        { url: wrongValue(rng) },
        { name: wrongValue(rng), arguments: wrongValue(rng) },
        { queries: wrongValue(rng), topk: wrongValue(rng), return_scores: wrongValue(rng) },
        { world: wrongValue(rng), seed: wrongValue(rng), profile: wrongValue(rng), task: wrongValue(rng) },
        { queries: ['a'], worlds: wrongValue(rng), sessions: wrongValue(rng) },
      ]);
      return { kind: 'wrong-types', method: 'POST', path, headers: json, body: JSON.stringify(body) };
    }
    case 3: {
      const size = rng.chance(0.5) ? 70_000 : rng.int(1_100_000, 3_000_000);
      const body = JSON.stringify({ query: 'q'.repeat(size), queries: ['a'] });
      return { kind: 'huge-body', method: 'POST', path, headers: json, body, chunked: rng.chance(0.3) };
    }
    case 4: {
      const q = oddString(rng);
      const body =
        route === '/retrieve'
          ? { queries: [q, oddString(rng)], topk: rng.int(1, 5) }
          : route === '/v1/open'
            ? { url: `https://${q}/${oddString(rng)}` }
            : { query: q, page: rng.int(1, 3) };
      return { kind: 'odd-unicode', method: 'POST', path: `${route}?world=${rng.pick(worlds).id}`, headers: json, body: JSON.stringify(body) };
    }
    case 5: {
      const id = rng.pick([oddString(rng), '..', '.', '%2e%2e', 'w1-000001.sqlite', `w1-000001/..%2f..%2f`, 'x'.repeat(rng.int(100, 6000))]);
      const p = rng.pick([`/v1/sessions/${enc(id)}`, `/v1/sessions/${enc(id)}/trajectory`, `/v1/worlds/${enc(id)}/tasks`, `/v1/worlds/${enc(id)}/tasks/t01`]);
      return { kind: 'unknown-ids', method: rng.pick(['GET', 'DELETE']), path: p, headers: {} };
    }
    case 6:
      return { kind: 'wrong-method', method: rng.pick(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']), path, headers: json, body: undefined };
    case 7:
      return { kind: 'unknown-route', method: rng.pick(['GET', 'POST']), path: `/${enc(oddString(rng))}/${'a/'.repeat(rng.int(0, 50))}`, headers: {} };
    case 8: {
      const msg = rng.pick<unknown>([
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'web_search', arguments: { query: wrongValue(rng) } } },
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: oddString(rng), arguments: {} } },
        { jsonrpc: '2.0', id: 1, method: oddString(rng) },
        { jsonrpc: '1.0', id: {}, method: 5 },
        [],
        [1, 2, 3],
        { id: 1 },
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'web_extractor', arguments: { url: oddString(rng) } } },
      ]);
      return {
        kind: 'mcp-garbage',
        method: 'POST',
        path: `/mcp?${t || `world=${rng.pick(worlds).id}`}`,
        headers: rng.chance(0.8) ? mcpHeaders : json,
        body: JSON.stringify(msg),
      };
    }
    case 9: {
      const wid = rng.pick(worlds).id;
      const p = rng.pick([`/v1/worlds/${wid}/tasks`, `/v1/worlds/${wid}/tasks/t01`]);
      return { kind: 'admin-no-token', method: 'GET', path: p, headers: rng.chance(0.5) ? { authorization: `Bearer ${'x'.repeat(rng.int(1, 200))}` } : {} };
    }
    case 10:
      return {
        kind: 'content-type-lies',
        method: 'POST',
        path,
        headers: {
          'content-type': rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16']),
        },
        body: rng.chance(0.5) ? 'query=a&page=2' : '{"query":"a"}',
      };
    default: {
      const many = Array.from({ length: rng.int(50, 800) }, (_, k) => `p${k}=${enc(oddString(rng))}`).join('&');
      return { kind: 'odd-query-string', method: 'POST', path: `${route}?${many}`, headers: json, body: '{"query":"a"}' };
    }
  }
}

export interface FuzzReport {
  sent: number;
  byClass: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
  fiveXx: { kind: string; status: number; path: string; body: string }[];
  transportErrors: number;
  /** A few transport errors, for the record (kind, cause). */
  errorSamples: string[];
}

/** Send `count` fuzz requests, `concurrency` at a time; tally statuses. */
export async function runFuzz(
  url: string,
  count: number,
  seed: number,
  worlds: readonly BenchWorld[],
  sessions: readonly string[],
  concurrency = 32,
): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, byClass: {}, byKind: {}, fiveXx: [], transportErrors: 0, errorSamples: [] };
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      const r = fuzzRequest(seed, i, worlds, sessions);
      let status: number | 'error';
      let text = '';
      try {
        const body = r.body === undefined || r.method === 'GET' || r.method === 'OPTIONS' ? undefined : r.chunked ? new Blob([r.body]).stream() : r.body;
        const res = await fetch(`${url}${r.path}`, { method: r.method, headers: r.headers, body, ...(r.chunked ? { duplex: 'half' } : {}) } as RequestInit);
        status = res.status;
        text = await res.text();
      } catch (e) {
        status = 'error';
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        if (report.errorSamples.length < 10)
          report.errorSamples.push(
            `${r.kind} ${r.method} ${r.chunked ? 'chunked ' : ''}${r.path.slice(0, 60)}: ${cause?.code ?? cause?.message ?? (e as Error).message}`,
          );
      }
      report.sent++;
      const cls = status === 'error' ? 'transport error' : `${String(status)[0]}xx`;
      report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
      const k = (report.byKind[r.kind] ??= {});
      k[String(status)] = (k[String(status)] ?? 0) + 1;
      if (status === 'error') report.transportErrors++;
      else if (status >= 500) report.fiveXx.push({ kind: r.kind, status, path: r.path.slice(0, 120), body: text.slice(0, 200) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return report;
}
