import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatModel } from '../../../src/agent/chat-model.js';
import { createOpenAiClient, TransportError } from '../../../src/render/llm/client.js';
import { DEFAULT_RETRIES } from '../../../src/render/llm/openai.js';
import { LLM_DEFAULTS } from '../../../src/render/llm/settings.js';
import { failWith, startFakeOpenAi, type FakeEndpoint } from '../../fake-openai.js';

let ep: FakeEndpoint;

beforeAll(async () => {
  ep = await startFakeOpenAi();
});
afterAll(async () => {
  await ep.close();
});

const fine = () => ({ content: 'fine' });
const settings = (over: { retries?: number } = {}) => ({
  baseUrl: ep.baseUrl,
  apiKey: null,
  model: 'm',
  temperature: 0,
  topP: 1,
  maxTokens: 10,
  concurrency: 1,
  retries: 0,
  timeoutMs: 10_000,
  ...over,
});
const request = { messages: [{ role: 'user' as const, content: 'hi' }], seed: 1 };
const reset = (behaviour: FakeEndpoint['behaviour']) => {
  ep.behaviour = behaviour;
  ep.requests.length = 0;
};
const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof TransportError ? e.kind : `not a TransportError: ${String(e)}`),
  );

describe('the openai client', () => {
  it("answers, and the deadline's signal ends a slow request as a timeout", async () => {
    const c = createOpenAiClient(settings());
    reset(fine);
    expect((await c.complete(request, AbortSignal.timeout(10_000))).content).toBe('fine');
    reset(() => ({ content: 'late', delayMs: 800 }));
    const t = performance.now();
    expect(await kindOf(c.complete(request, AbortSignal.timeout(200)))).toBe('timeout');
    expect(performance.now() - t).toBeLessThan(700);
    c.close!();
  });

  it('close ends a request still in flight at once (a stopping server does not wait out the deadline)', async () => {
    const c = createOpenAiClient(settings());
    reset(() => ({ content: 'late', delayMs: 3000 }));
    const pending = c.complete(request, AbortSignal.timeout(10_000));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the request is on the wire
    const t = performance.now();
    c.close!();
    await expect(pending).rejects.toBeInstanceOf(TransportError);
    expect(performance.now() - t).toBeLessThan(1500);
    // Closed, it makes no request: a later call is an abort, which no circuit breaker counts.
    const before = ep.requests.length;
    expect(await kindOf(c.complete(request, AbortSignal.timeout(10_000)))).toBe('aborted');
    expect(ep.requests.length).toBe(before);
  });

  it('counts the time its SDK took to load against the deadline', async () => {
    // Loading takes 500 ms, the answer 600 ms more: past a 900 ms budget, which must hold.
    const slowLoad = () => new Promise<{ default: unknown }>((resolve) => setTimeout(() => resolve(import('openai')), 500));
    const c = createOpenAiClient(settings(), slowLoad);
    reset(() => ({ content: 'late', delayMs: 600 }));
    expect(await kindOf(c.complete(request, AbortSignal.timeout(900)))).toBe('timeout');
    // Budget already spent by the load: a timeout without a request.
    const spent = createOpenAiClient(settings(), slowLoad);
    const before = ep.requests.length;
    expect(await kindOf(spent.complete(request, AbortSignal.timeout(100)))).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ep.requests.length).toBe(before);
    c.close!();
    spent.close!();
  });

  it("retries 408/409/429/5xx `retries` times after the server's Retry-After, and not other statuses", async () => {
    const c = createOpenAiClient(settings({ retries: 2 }));
    for (const status of [408, 409, 429, 500, 503]) {
      reset(failWith(status, { 'retry-after-ms': '5' }));
      const err = await c.complete(request, AbortSignal.timeout(10_000)).catch((e: unknown) => e as TransportError);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).label).toBe(`http_${status}`);
      expect(ep.requests, String(status)).toHaveLength(3);
    }
    reset(failWith(400));
    expect(await kindOf(c.complete(request, AbortSignal.timeout(10_000)))).toBe('http_status');
    expect(ep.requests).toHaveLength(1);
    reset((_req, n) => (n === 0 ? { status: 503, headers: { 'retry-after': '0' } } : fine()));
    expect((await c.complete(request, AbortSignal.timeout(10_000))).content).toBe('fine');
    expect(ep.requests).toHaveLength(2);
    c.close!();
  });

  it('a Retry-After longer than the deadline ends at the deadline, not after the wait', async () => {
    const c = createOpenAiClient(settings({ retries: 2 }));
    reset(failWith(429, { 'retry-after': '30' }));
    const t = performance.now();
    expect(await kindOf(c.complete(request, AbortSignal.timeout(300)))).toBe('timeout');
    expect(performance.now() - t).toBeLessThan(2_000);
    expect(ep.requests).toHaveLength(1);
    c.close!();
  });

  it('a connection refused is a connection failure; a body that is not JSON a bad response', async () => {
    const dead = await startFakeOpenAi();
    const url = dead.baseUrl;
    await dead.close();
    const down = createOpenAiClient({ ...settings(), baseUrl: url });
    expect(await kindOf(down.complete(request, AbortSignal.timeout(10_000)))).toBe('connection');
    down.close!();
    const c = createOpenAiClient(settings());
    reset(() => ({ raw: 'not json at all' }));
    expect(await kindOf(c.complete(request, AbortSignal.timeout(10_000)))).toBe('bad_response');
    c.close!();
  });
});

describe('one retry policy for both clients', () => {
  it("the renderer and the agent's chat model retry a 503 the same number of times by default", async () => {
    expect(LLM_DEFAULTS.retries).toBe(DEFAULT_RETRIES);
    reset(failWith(503, { 'retry-after-ms': '1' }));
    const renderer = createOpenAiClient(settings({ retries: LLM_DEFAULTS.retries }));
    expect(await kindOf(renderer.complete(request, AbortSignal.timeout(10_000)))).toBe('http_status');
    const byRenderer = ep.requests.length;
    renderer.close!();
    reset(failWith(503, { 'retry-after-ms': '1' }));
    const model = createChatModel({ baseUrl: ep.baseUrl, model: 'm' });
    await expect(model.next([{ role: 'user', content: 'hi' }], [])).rejects.toThrow(`chat model request to ${ep.baseUrl} failed (HTTP 503): upstream failed`);
    expect(ep.requests.length).toBe(byRenderer);
    expect(byRenderer).toBe(DEFAULT_RETRIES + 1);
  });

  it("the agent's chat model ends a turn at its deadline with a one-line error", async () => {
    reset(() => ({ content: 'late', delayMs: 2_000 }));
    const model = createChatModel({ baseUrl: ep.baseUrl, model: 'm', timeoutMs: 200 });
    const t = performance.now();
    await expect(model.next([{ role: 'user', content: 'hi' }], [])).rejects.toThrow(
      new RegExp(`^chat model request to ${ep.baseUrl} failed: timed out: no answer within 200 ms$`),
    );
    expect(performance.now() - t).toBeLessThan(1_500);
  });
});
