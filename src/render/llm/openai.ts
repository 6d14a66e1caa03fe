/**
 * The one way this project talks to an OpenAI-compatible endpoint (vLLM, SGLang, any hosted API), for
 * both of its clients: the world-model renderer (client.ts) and the reference agent's chat model
 * (agent/chat-model.ts). The `openai` package does the work, loaded on first use (so commands that never
 * call a model never pay for it), over `undici`'s fetch with its own `Agent` (kept-alive connections, at
 * most `connections` per origin, closed with the client).
 *
 * One retry policy, the SDK's own: `retries` extra attempts (default 2) of a connection failure or an
 * HTTP 408, 409, 429 or 5xx, after the server's Retry-After(-ms) when it sends one, else a backoff of
 * 0.5 s doubling to 8 s with up to 25% jitter. One deadline over all of it: the caller's AbortSignal
 * (an `AbortSignal.timeout` for the whole call), which also ends a backoff the SDK would sleep out.
 */
import type OpenAI from 'openai';

/** Extra attempts of a failed request when the caller gives none. */
export const DEFAULT_RETRIES = 2;

export interface EndpointOptions {
  baseUrl: string;
  /** Sent as a bearer token; "EMPTY" when none (most local servers need none). */
  apiKey?: string | null;
  /** Extra attempts of a failed request (default DEFAULT_RETRIES). */
  retries?: number;
  /** Connections kept to the endpoint at most (default 8). */
  connections?: number;
  /** The longest a request may take: the SDK's own per-attempt timeout (the caller's signal usually ends it first). */
  timeoutMs: number;
}

export interface OpenAiEndpoint {
  /** The SDK's client, loaded on first use (a failed load is met again by the next call). */
  client(): Promise<OpenAI>;
  /** Release the kept-alive connections. */
  close(): void;
}

type Sdk = { default: unknown };

/** `loadSdk`: how the package is loaded (tests slow it down). */
export function openAiEndpoint(opts: EndpointOptions, loadSdk: () => Promise<Sdk> = () => import('openai')): OpenAiEndpoint {
  let client: Promise<OpenAI> | undefined;
  let agent: { destroy(): Promise<void> } | undefined;
  let closed = false;
  return {
    client: () =>
      closed
        ? // A closed endpoint makes no request: its callers see an abort, not an endpoint failure.
          Promise.reject(Object.assign(new Error('the world-model endpoint is closed'), { name: 'AbortError' }))
        : (client ??= Promise.all([loadSdk(), import('undici')])
            .then(([sdk, undici]) => {
              const dispatcher = new undici.Agent({ connections: opts.connections ?? 8 });
              if (closed) void dispatcher.destroy();
              else agent = dispatcher;
              const OpenAiClient = sdk.default as typeof OpenAI;
              return new OpenAiClient({
                baseURL: opts.baseUrl,
                apiKey: opts.apiKey || 'EMPTY',
                maxRetries: opts.retries ?? DEFAULT_RETRIES,
                timeout: opts.timeoutMs,
                fetch: undici.fetch as unknown as typeof fetch,
                fetchOptions: { dispatcher } as Record<string, unknown>,
              });
            })
            .catch((e: unknown) => {
              client = undefined;
              throw e;
            })),
    close() {
      // destroy, not close: requests still in flight end now (undici's close waits for them, so a server
      // stopping would wait out a world model's whole deadline). Their callers see a transport error.
      closed = true;
      void agent?.destroy().catch(() => {});
      agent = undefined;
      client = undefined;
    },
  };
}

/**
 * What `run` gives, or the signal's reason (a TimeoutError for `AbortSignal.timeout`) as soon as the
 * signal aborts, whatever `run` is doing then (the SDK does not look at its signal while it sleeps
 * before a retry).
 */
export function untilAborted<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    run()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The endpoint's URL as it may be shown in a message or a log: without any user name or password in it. */
export function shownUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (!url.username && !url.password) return baseUrl;
    url.username = '';
    url.password = '';
    return url.href.replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
}

/** `text` with the user name and password of any URL in it taken out (fetch's own messages quote the URL). */
export function withoutCredentials(text: string): string {
  return text.replace(/(\w+:\/\/)[^/\s@]*@/g, '$1');
}

const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connect timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_SOCKET: 'connection closed by the server',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
};

/**
 * What went wrong under an SDK connection error ("Connection error.", which says nothing): the socket's
 * own error, found down the `cause` chain (SDK error → fetch's TypeError → the errno error), e.g.
 * "connection refused" or "host not found"; undefined when there is none.
 */
export function connectionDetail(e: unknown): string | undefined {
  let cur = e as { cause?: unknown; code?: unknown; message?: unknown; errors?: unknown[] } | undefined;
  for (let depth = 0; cur && depth < 6; depth++) {
    const code = typeof cur.code === 'string' ? cur.code : undefined;
    if (code) return SOCKET_ERRORS[code] ?? code;
    const inner = cur.cause ?? (Array.isArray(cur.errors) ? cur.errors[0] : undefined);
    if (!inner) return depth > 0 && typeof cur.message === 'string' ? withoutCredentials(cur.message.split('\n')[0]!).slice(0, 120) : undefined;
    cur = inner as typeof cur;
  }
  return undefined;
}

/** One chat completion within `signal`'s deadline: loading the SDK, every attempt and every backoff. */
export function chatCompletion(
  endpoint: OpenAiEndpoint,
  body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
  signal: AbortSignal,
): Promise<OpenAI.Chat.Completions.ChatCompletion> {
  return untilAborted(signal, async () => (await endpoint.client()).chat.completions.create(body, { signal }));
}
