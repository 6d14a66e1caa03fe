/**
 * The one fake OpenAI-compatible chat endpoint of the tests and the benchmark: POST /v1/chat/completions
 * on 127.0.0.1 (node:http, port 0, loopback only). A behaviour function answers each request; it sees the
 * request (path, headers, JSON body) and, for a world-model request, what the renderer put in its prompt
 * parsed back (the records, the canary, the query, the target answer). A reply may be text, tool calls,
 * an HTTP error (with headers such as Retry-After), a raw body, after a delay.
 *
 * Ready-made world-model behaviours: answer well, be slow, fail with a status, write malformed text,
 * invent numbers/URLs/names, plant a text, echo the query, leak the canary.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRecord {
  rank: number;
  url: string;
  title: string;
  date: string;
  passages: string[];
}

export interface FakeMessage {
  role: string;
  content: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}

export interface FakeChatBody {
  model: string;
  messages: FakeMessage[];
  tools?: { type: string; function: { name: string } }[];
  [field: string]: unknown;
}

export interface FakeRequest {
  path: string;
  headers: IncomingHttpHeaders;
  authorization: string | undefined;
  body: FakeChatBody;
  /** The system and first user messages. */
  system: string;
  user: string;
  /** What a world-model prompt carries (empty for other requests). */
  records: FakeRecord[];
  canary: string;
  query: string;
  answer: string;
}

export interface FakeReply {
  /** HTTP status (default 200); any other answers an OpenAI-style error with `error` as its message. */
  status?: number;
  error?: string;
  delayMs?: number;
  content?: string | null;
  reasoning?: string;
  toolCalls?: { name: string; arguments: string }[];
  /** A raw response body (not JSON-wrapped). */
  raw?: string;
  headers?: Record<string, string>;
}

export type Behaviour = (req: FakeRequest, n: number) => FakeReply | Promise<FakeReply>;

export interface FakeEndpoint {
  /** Base URL to give as baseUrl / --llm-base-url (ends in /v1). */
  baseUrl: string;
  /** Every chat completion request received, in order (clear it at will). */
  requests: FakeRequest[];
  behaviour: Behaviour;
  close(): Promise<void>;
}

export function parseRecords(user: string): FakeRecord[] {
  const out: FakeRecord[] = [];
  for (const m of user.matchAll(/<record rank="(\d+)">\n([\s\S]*?)\n<\/record>/g)) {
    const lines = m[2]!.split('\n');
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
    out.push({
      rank: Number(m[1]),
      url: field('URL'),
      title: field('Title'),
      date: field('Date'),
      passages: lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2)),
    });
  }
  return out;
}

function parseRequest(path: string, headers: IncomingHttpHeaders, body: FakeChatBody): FakeRequest {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const text = (role: string) => messages.find((m) => m.role === role)?.content ?? '';
  const system = text('system');
  const user = text('user');
  const canary = /\*\*Confidential marker \(never write it\):\*\* (\S+)/.exec(user)?.[1] ?? '';
  const action = /\*\*Action:\*\*\nweb_search (.*)$/m.exec(user)?.[1];
  const query = action ? (JSON.parse(action) as { query: string }).query : '';
  const answer = /\*\*Target answer:\*\*\n([\s\S]*?)\n\n\*\*Action:\*\*/.exec(user)?.[1] ?? '';
  return { path, headers, authorization: headers.authorization, body, system, user, records: parseRecords(user), canary, query, answer };
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
export const plant =
  (text: string): Behaviour =>
  (req) => {
    const results = goodResults(req);
    if (results[0]) results[0].snippet = `${results[0].snippet} ${text}`;
    return { content: observation(req.query, results, req.records[0]?.rank ?? 1) };
  };

export const slow =
  (delayMs: number, then: Behaviour = answerWell): Behaviour =>
  async (req, n) => ({ ...(await then(req, n)), delayMs });
export const failWith =
  (status: number, headers?: Record<string, string>): Behaviour =>
  () => ({ status, error: 'upstream failed', headers });
export const malformed: Behaviour = () => ({ content: 'Sure! Here are some results: 1. a page about phones. 2. another one.' });
export const leakCanary: Behaviour = (req) => plant(`(marker ${req.canary})`)(req, 0);
export const echoQuery: Behaviour = (req) => plant(req.query)(req, 0);
export const inventUrl: Behaviour = (req) => {
  const results = goodResults(req);
  results.push({ url: 'https://totally-real-news.example/zentria-leak', title: 'Leak', snippet: 'The answer is here.', date: 'N/A' });
  return { content: observation(req.query, results, req.records[0]?.rank ?? 1) };
};

/** The response body of `reply` to the n-th request. */
function responseBody(reply: FakeReply, model: string, n: number): string {
  if (reply.raw !== undefined) return reply.raw;
  if ((reply.status ?? 200) !== 200) return JSON.stringify({ error: { message: reply.error ?? 'error', type: 'server_error' } });
  const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({ id: `call_${n}_${i}`, type: 'function', function: c }));
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? (toolCalls.length > 0 ? null : '') };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  if (reply.reasoning) message.reasoning_content = reply.reasoning;
  return JSON.stringify({
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
}

export async function startFakeOpenAi(behaviour: Behaviour = answerWell): Promise<FakeEndpoint> {
  const endpoint: FakeEndpoint = { baseUrl: '', requests: [], behaviour, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = req.url ?? '';
        if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
          return;
        }
        let body: FakeChatBody;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeChatBody;
        } catch {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'body is not JSON', type: 'invalid_request_error' } }));
          return;
        }
        const parsed = parseRequest(path, req.headers, body);
        const n = endpoint.requests.length;
        endpoint.requests.push(parsed);
        let reply: FakeReply;
        try {
          reply = await endpoint.behaviour(parsed, n);
        } catch (e) {
          reply = { status: 500, error: String(e) };
        }
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed || res.writableEnded) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...(reply.headers ?? {}) }).end(responseBody(reply, String(body.model), n));
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
