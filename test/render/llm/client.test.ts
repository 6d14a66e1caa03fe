import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeWithRetries, createOpenAiClient, TransportError, type ChatClient } from '../../../src/render/llm/client.js';

let server: Server;
let baseUrl = '';
/** How long the server waits before answering, per request path. */
let delayMs = 0;
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: 'c', object: 'chat.completion', created: 0, model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: 'fine' }, finish_reason: 'stop' }],
        }));
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const settings = () => ({ baseUrl, model: 'm', temperature: 0, topP: 1, maxTokens: 10, concurrency: 1 });
const request = { messages: [{ role: 'user' as const, content: 'hi' }], seed: 1 };
const policy = { retries: 0, backoffMs: 1 };

describe('the openai client', () => {
  it('ends its own requests: the SDK\'s timeout, no signal needed', async () => {
    const c = createOpenAiClient(settings());
    expect(c.endsOwnRequests).toBe(true);
    delayMs = 0;
    expect((await completeWithRetries(c, request, policy, performance.now() + 10_000, 's')).reply.content).toBe('fine');
    delayMs = 800;
    const err = await completeWithRetries(c, request, policy, performance.now() + 200, 's').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('timeout');
    c.close!();
  });

  it('counts the time its SDK took to load against the first request\'s budget', async () => {
    // Loading takes 500 ms, the answer 600 ms more: past a 900 ms budget, which must hold.
    const slowLoad = () => new Promise<{ default: unknown }>((resolve) => setTimeout(() => resolve(import('openai')), 500));
    const c = createOpenAiClient(settings(), slowLoad);
    delayMs = 600;
    const err = await c.complete(request, { timeoutMs: 900 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('timeout');
    // Budget already spent by the load: a timeout without a request.
    const spent = createOpenAiClient(settings(), slowLoad);
    const before = requests;
    expect(await spent.complete(request, { timeoutMs: 100 }).catch((e: unknown) => (e as TransportError).kind)).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toBe(before);
    c.close!();
    spent.close!();
  });
});

describe('completeWithRetries', () => {
  it('gives a client that does not end its own requests a signal aborted at the deadline', async () => {
    let seen: AbortSignal | undefined;
    const client: ChatClient = {
      complete: (_req, { signal }) =>
        new Promise((_resolve, reject) => {
          seen = signal;
          signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    };
    const err = await completeWithRetries(client, request, policy, performance.now() + 50, 's').catch((e: unknown) => e);
    expect(seen?.aborted).toBe(true);
    expect((err as TransportError).kind).toBe('timeout');
  });
});
