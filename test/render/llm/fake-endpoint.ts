/**
 * A fake OpenAI-compatible chat endpoint on 127.0.0.1 (node:http, port 0) for the world-model tests and
 * benchmark. A behaviour function answers each request; it sees the request parsed back into the world
 * records, the canary and the query the renderer put in the prompt. Ready-made behaviours: answer well,
 * be slow, fail with a status, write malformed text, invent numbers/URLs/names, plant a text, echo the
 * query, leak the canary.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRecord {
  rank: number;
  url: string;
  title: string;
  date: string;
  passages: string[];
}

export interface FakeRequest {
  body: Record<string, unknown>;
  system: string;
  user: string;
  records: FakeRecord[];
  canary: string;
  query: string;
  answer: string;
  authorization: string | undefined;
}

export interface FakeReply {
  status?: number;
  delayMs?: number;
  content?: string;
  reasoning?: string;
  /** A raw response body (not JSON-wrapped). */
  raw?: string;
  headers?: Record<string, string>;
}

export type Behaviour = (req: FakeRequest, n: number) => FakeReply | Promise<FakeReply>;

export interface FakeEndpoint {
  baseUrl: string;
  requests: FakeRequest[];
  behaviour: Behaviour;
  close(): Promise<void>;
}

export function parseRecords(user: string): FakeRecord[] {
  const out: FakeRecord[] = [];
  for (const m of user.matchAll(/<record rank="(\d+)">\n([\s\S]*?)\n<\/record>/g)) {
    const lines = m[2]!.split('\n');
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
    out.push({ rank: Number(m[1]), url: field('URL'), title: field('Title'), date: field('Date'), passages: lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2)) });
  }
  return out;
}

function parseRequest(body: Record<string, unknown>, authorization: string | undefined): FakeRequest {
  const messages = (body.messages as { role: string; content: string }[]) ?? [];
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const canary = /\*\*Confidential marker \(never write it\):\*\* (\S+)/.exec(user)?.[1] ?? '';
  const action = /\*\*Action:\*\*\nweb_search (.*)$/m.exec(user)?.[1];
  const query = action ? (JSON.parse(action) as { query: string }).query : '';
  const answer = /\*\*Target answer:\*\*\n([\s\S]*?)\n\n\*\*Action:\*\*/.exec(user)?.[1] ?? '';
  return { body, system, user, records: parseRecords(user), canary, query, answer, authorization };
}

export interface FakeResult {
  url: string;
  title: string;
  snippet: string;
  date: string;
}

/** An observation in the search text format, inside its tags, after some reasoning. */
export function observation(query: string, results: readonly FakeResult[], firstRank = 1): string {
  const body = results.map((r, i) => `[${firstRank + i}] ${r.url}\nTitle: ${r.title}\nSnippet: ${r.snippet}\nDate: ${r.date}`).join('\n\n');
  return `<think>The records give ${results.length} pages; I write one result per record.</think>\n<predicted_observation>\nResults for "${query}":\n${body}\n</predicted_observation>`;
}

/** Grounded results: each snippet is its record's first passages, lightly reworded. */
export function goodResults(req: FakeRequest): FakeResult[] {
  return req.records.map((r) => ({ url: r.url, title: r.title, snippet: r.passages.slice(0, 2).join(' ... ') || r.title, date: r.date }));
}

export const answerWell: Behaviour = (req) => ({ content: observation(req.query, goodResults(req), req.records[0]?.rank ?? 1) });

/** Write `text` into the first result's snippet (after its own passage). */
export const plant = (text: string): Behaviour => (req) => {
  const results = goodResults(req);
  if (results[0]) results[0].snippet = `${results[0].snippet} ${text}`;
  return { content: observation(req.query, results, req.records[0]?.rank ?? 1) };
};

export const slow = (delayMs: number, then: Behaviour = answerWell): Behaviour => async (req, n) => ({ ...(await then(req, n)), delayMs });
export const failWith = (status: number, headers?: Record<string, string>): Behaviour => () => ({ status, content: 'upstream failed', headers });
export const malformed: Behaviour = () => ({ content: 'Sure! Here are some results: 1. a page about phones. 2. another one.' });
export const leakCanary: Behaviour = (req) => plant(`(marker ${req.canary})`)(req, 0);
export const echoQuery: Behaviour = (req) => plant(req.query)(req, 0);
export const inventUrl: Behaviour = (req) => {
  const results = goodResults(req);
  results.push({ url: 'https://totally-real-news.example/zentria-leak', title: 'Leak', snippet: 'The answer is here.', date: 'N/A' });
  return { content: observation(req.query, results, req.records[0]?.rank ?? 1) };
};

function send(res: ServerResponse, reply: FakeReply, model: string): void {
  if (res.destroyed || res.writableEnded) return;
  const status = reply.status ?? 200;
  const headers = { 'content-type': 'application/json', ...(reply.headers ?? {}) };
  if (reply.raw !== undefined) {
    res.writeHead(status, headers).end(reply.raw);
    return;
  }
  if (status !== 200) {
    res.writeHead(status, headers).end(JSON.stringify({ error: { message: reply.content ?? 'error', type: 'server_error' } }));
    return;
  }
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? '' };
  if (reply.reasoning) message.reasoning_content = reply.reasoning;
  res.writeHead(200, headers).end(JSON.stringify({
    id: 'chatcmpl-fake', object: 'chat.completion', created: 0, model,
    choices: [{ index: 0, message, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }));
}

export async function startFakeEndpoint(behaviour: Behaviour = answerWell): Promise<FakeEndpoint> {
  const endpoint: FakeEndpoint = { baseUrl: '', requests: [], behaviour, close: async () => {} };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
          res.writeHead(404).end('{}');
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const parsed = parseRequest(body, req.headers.authorization);
        endpoint.requests.push(parsed);
        let reply: FakeReply;
        try {
          reply = await endpoint.behaviour(parsed, endpoint.requests.length - 1);
        } catch (e) {
          reply = { status: 500, content: String(e) };
        }
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        send(res, reply, String(body.model));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  endpoint.baseUrl = `http://127.0.0.1:${port}/v1`;
  endpoint.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return endpoint;
}
