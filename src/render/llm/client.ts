/**
 * Talking to an OpenAI-compatible chat endpoint (vLLM, SGLang, any hosted API) with the `openai` package,
 * loaded when a world-model renderer is created (`preload`), so the template renderer never pays for it
 * and the first request does not spend its deadline loading it. The SDK's own retries are off: this
 * module retries transport failures (connection, 408, 409, 429, 5xx) with exponential backoff inside the
 * caller's deadline, honours Retry-After when it fits, and classifies every failure.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { hash32 } from '../../rng.js';
import { createHttpFetch } from './http-fetch.js';
import type { ChatMessage } from './prompt.js';
import type { LlmSettings } from './settings.js';

export interface ChatRequest {
  messages: ChatMessage[];
  seed: number;
}

export interface ChatReply {
  content: string;
  /** Reasoning the server returned apart (vLLM/SGLang reasoning parsers); never shown to anyone. */
  reasoning: string;
  finishReason: string | null;
}

export interface ChatClient {
  /** `signal` is given unless the client `endsOwnRequests`. */
  complete(request: ChatRequest, options: { signal?: AbortSignal; timeoutMs: number }): Promise<ChatReply>;
  /**
   * The client itself ends a request once `timeoutMs` has passed, rejecting with a timeout (the SDK's
   * `timeout` does): the caller then gives no AbortSignal and sets no timer of its own, which would only
   * duplicate the SDK's (an AbortController, a timer and an abort listener per request).
   */
  readonly endsOwnRequests?: boolean;
  /** Start loading what the first request needs (the SDK), without waiting for it. */
  preload?(): void;
  /** Release connections (keep-alive sockets). */
  close?(): void;
}

export type FailureKind = 'timeout' | 'connection' | 'http_status' | 'aborted' | 'bad_response';

export class TransportError extends Error {
  constructor(readonly kind: FailureKind, message: string, readonly status?: number, readonly retryAfterMs?: number) {
    super(message);
    this.name = 'TransportError';
  }

  get retryable(): boolean {
    if (this.kind === 'connection' || this.kind === 'bad_response') return true;
    if (this.kind !== 'http_status' || this.status === undefined) return false;
    return this.status === 408 || this.status === 409 || this.status === 429 || this.status >= 500;
  }

  /** A label for metadata: "timeout", "connection", "http_503", ... */
  get label(): string {
    return this.kind === 'http_status' ? `http_${this.status}` : this.kind;
  }
}

function retryAfter(headers: unknown): number | undefined {
  // An absent header is null (Number(null) would read as 0 and hide Retry-After).
  const get = (name: string) => {
    const v = headers && typeof (headers as Headers).get === 'function' ? (headers as Headers).get(name) : null;
    return typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  };
  const ms = get('retry-after-ms');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const s = get('retry-after');
  return Number.isFinite(s) && s >= 0 ? s * 1000 : undefined;
}

/** Any error of the SDK (or the network under it) as a TransportError. */
export function classify(e: unknown): TransportError {
  if (e instanceof TransportError) return e;
  const err = e as { name?: string; status?: unknown; message?: string; headers?: unknown };
  // The SDK's errors keep name "Error": their class name says what happened.
  const ctor = (e as { constructor?: { name?: string } })?.constructor?.name ?? '';
  const name = ctor.startsWith('API') ? ctor : (err?.name ?? '');
  const message = String(err?.message ?? e).split('\n')[0]!.slice(0, 200);
  if (name === 'APIUserAbortError' || name === 'AbortError') return new TransportError('aborted', message);
  if (name === 'APIConnectionTimeoutError') return new TransportError('timeout', message);
  if (typeof err?.status === 'number') return new TransportError('http_status', message, err.status, retryAfter(err.headers));
  if (name === 'APIConnectionError') return new TransportError('connection', message);
  return new TransportError('bad_response', message);
}

type OpenAiCtor = new (opts: Record<string, unknown>) => {
  chat: { completions: { create(body: Record<string, unknown>, opts: Record<string, unknown>): Promise<unknown> } };
};

/**
 * A ChatClient over the `openai` package (requests through kept-alive connections, see http-fetch.ts).
 * `loadSdk`: how the package is loaded (tests slow it down).
 */
export function createOpenAiClient(
  settings: Pick<LlmSettings, 'baseUrl' | 'apiKey' | 'model' | 'temperature' | 'topP' | 'maxTokens' | 'concurrency'>,
  loadSdk: () => Promise<{ default: unknown }> = () => import('openai'),
): ChatClient {
  let client: Promise<InstanceType<OpenAiCtor>> | undefined;
  const http = createHttpFetch(Math.max(8, settings.concurrency));
  const sdk = () =>
    (client ??= loadSdk().then((m) => {
      const OpenAI = m.default as unknown as OpenAiCtor;
      return new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? 'EMPTY', maxRetries: 0, fetch: http.fetch });
    }));
  return {
    endsOwnRequests: true,
    close: () => http.close(),
    // A failed import is met again, and reported, by the first request.
    preload: () => void sdk().catch(() => {}),
    async complete(request, { signal, timeoutMs }) {
      const deadline = performance.now() + timeoutMs;
      let body: unknown;
      try {
        const c = await sdk();
        // The SDK's timer starts now: what loading it took (the first requests) comes off the budget.
        const left = deadline - performance.now();
        if (left <= 0) throw new TransportError('timeout', 'deadline passed');
        const options: Record<string, unknown> = { timeout: Math.max(1, Math.ceil(left)), maxRetries: 0 };
        if (signal) options.signal = signal;
        body = await c.chat.completions.create(
          {
            model: settings.model, messages: request.messages, temperature: settings.temperature, top_p: settings.topP,
            max_tokens: settings.maxTokens, seed: request.seed, stream: false,
          },
          options,
        );
      } catch (e) {
        throw classify(e);
      }
      const choice = (body as { choices?: { message?: Record<string, unknown>; finish_reason?: string }[] })?.choices?.[0];
      const message = choice?.message;
      if (!message) throw new TransportError('bad_response', 'response has no choices[0].message');
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      return { content: str(message.content), reasoning: str(message.reasoning_content) || str(message.reasoning), finishReason: choice?.finish_reason ?? null };
    },
  };
}

export interface RetryPolicy {
  retries: number;
  backoffMs: number;
}

/** Delay before retry `attempt` (1-based): doubling, capped at 8×, with a deterministic jitter of up to 25%. */
export function backoffDelay(policy: RetryPolicy, attempt: number, salt: string): number {
  const base = policy.backoffMs * Math.min(8, 2 ** (attempt - 1));
  return Math.round(base * (1 + (hash32(`${salt}|${attempt}`) % 1000) / 4000));
}

/**
 * One completion with bounded retries of transport failures, all inside `deadline` (a performance.now()
 * instant). Throws the last TransportError (kind "timeout" when the deadline ran out).
 */
export async function completeWithRetries(client: ChatClient, request: ChatRequest, policy: RetryPolicy, deadline: number, salt: string): Promise<{ reply: ChatReply; attempts: number }> {
  for (let attempt = 0; ; attempt++) {
    const remaining = deadline - performance.now();
    if (remaining <= 0) throw new TransportError('timeout', 'deadline passed');
    // A client that ends its own requests gets the time left; any other, a signal aborted when it runs out.
    const controller = client.endsOwnRequests ? undefined : new AbortController();
    const timer = controller && setTimeout(() => controller.abort(), remaining);
    try {
      const reply = await client.complete(request, controller ? { signal: controller.signal, timeoutMs: remaining } : { timeoutMs: remaining });
      return { reply, attempts: attempt + 1 };
    } catch (e) {
      let err = classify(e);
      if (err.kind === 'aborted' && controller?.signal.aborted) err = new TransportError('timeout', 'deadline passed');
      if (!err.retryable || attempt >= policy.retries) throw err;
      const wait = Math.max(backoffDelay(policy, attempt + 1, salt), err.retryAfterMs ?? 0);
      if (performance.now() + wait >= deadline) throw err;
      await sleep(wait);
    } finally {
      clearTimeout(timer);
    }
  }
}
