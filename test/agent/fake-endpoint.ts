/** A scripted OpenAI-compatible chat endpoint on 127.0.0.1 (node:http, port 0) for agent-loop tests. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: { id: string; function: { name: string; arguments: string } }[] }[];
    tools?: { type: string; function: { name: string } }[];
  };
}

export type FakeReply =
  | { content?: string | null; toolCalls?: { name: string; arguments: string }[] }
  | { status: number; error: string };

export interface FakeEndpoint {
  /** Base URL to give as --llm-base-url (ends in /v1). */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** Serve `script(request, n)` for the n-th (0-based) chat completion request. */
export async function startFakeChat(script: (req: FakeRequest, n: number) => FakeReply): Promise<FakeEndpoint> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const request: FakeRequest = { path: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') };
      const n = requests.length;
      requests.push(request);
      const reply = req.method === 'POST' && request.path.endsWith('/chat/completions') ? script(request, n) : { status: 404, error: 'not found' };
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: reply.error, type: 'invalid_request_error' } }));
        return;
      }
      const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({ id: `call_${n}_${i}`, type: 'function', function: c }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id: `chatcmpl-${n}`, object: 'chat.completion', created: 0, model: request.body.model,
        choices: [{
          index: 0, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
          message: { role: 'assistant', content: reply.content ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first result URL of a search observation ("[1] https://…"). */
export function firstUrl(observation: string): string | null {
  return /^\[\d+\] (\S+)$/m.exec(observation)?.[1] ?? null;
}
