/**
 * The world-model renderer's chat client: one completion from an OpenAI-compatible endpoint through the
 * `openai` package (openai.ts: its transport, its retries, one deadline), started loading when a renderer
 * is created (`preload`), so the template renderer never pays for it and the first request does not spend
 * its deadline loading it. Every failure is classified, for the fallback's label and the circuit breaker.
 */
import { chatCompletion, connectionDetail, openAiEndpoint, withoutCredentials } from './openai.js';
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
  /** One completion (with the client's retries), ended when `signal` aborts: the whole rendering's deadline. */
  complete(request: ChatRequest, signal: AbortSignal): Promise<ChatReply>;
  /** Start loading what the first request needs (the SDK), without waiting for it. */
  preload?(): void;
  /** Release connections (keep-alive sockets). */
  close?(): void;
}

export type FailureKind = 'timeout' | 'connection' | 'http_status' | 'aborted' | 'bad_response';

export class TransportError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }

  /** A label for metadata: "timeout", "connection", "http_503", ... */
  get label(): string {
    return this.kind === 'http_status' ? `http_${this.status}` : this.kind;
  }
}

/** Any error of the SDK (or the network under it, or the deadline's signal) as a TransportError. */
export function classify(e: unknown): TransportError {
  if (e instanceof TransportError) return e;
  const err = e as { name?: string; status?: unknown; message?: string };
  // The SDK's errors keep name "Error": their class name says what happened.
  const ctor = (e as { constructor?: { name?: string } })?.constructor?.name ?? '';
  const name = ctor.startsWith('API') ? ctor : (err?.name ?? '');
  const message = withoutCredentials(String(err?.message ?? e).split('\n')[0]!).slice(0, 200);
  if (name === 'TimeoutError' || name === 'APIConnectionTimeoutError') return new TransportError('timeout', message);
  if (name === 'APIUserAbortError' || name === 'AbortError') return new TransportError('aborted', message);
  if (typeof err?.status === 'number') return new TransportError('http_status', message, err.status);
  // "Connection error." says nothing: the socket's own error says what (connection refused, host not found).
  if (name === 'APIConnectionError') return new TransportError('connection', connectionDetail(e) ?? message);
  return new TransportError('bad_response', message);
}

/** A ChatClient over the `openai` package. `loadSdk`: how the package is loaded (tests slow it down). */
export function createOpenAiClient(
  settings: Pick<LlmSettings, 'baseUrl' | 'apiKey' | 'model' | 'temperature' | 'topP' | 'maxTokens' | 'concurrency' | 'retries' | 'timeoutMs'>,
  loadSdk?: () => Promise<{ default: unknown }>,
): ChatClient {
  const endpoint = openAiEndpoint(
    { baseUrl: settings.baseUrl, apiKey: settings.apiKey, retries: settings.retries, connections: settings.concurrency, timeoutMs: settings.timeoutMs },
    loadSdk,
  );
  return {
    close: () => endpoint.close(),
    // A failed import is met again, and reported, by the first request.
    preload: () => void endpoint.client().catch(() => {}),
    async complete(request, signal) {
      let body: unknown;
      try {
        body = await chatCompletion(
          endpoint,
          {
            model: settings.model,
            messages: request.messages,
            temperature: settings.temperature,
            top_p: settings.topP,
            max_tokens: settings.maxTokens,
            seed: request.seed,
            stream: false,
          },
          signal,
        );
      } catch (e) {
        throw classify(e);
      }
      const choice = (body as { choices?: { message?: Record<string, unknown>; finish_reason?: string }[] })?.choices?.[0];
      const message = choice?.message;
      if (!message) throw new TransportError('bad_response', 'response has no choices[0].message');
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      return {
        content: str(message.content),
        reasoning: str(message.reasoning_content) || str(message.reasoning),
        finishReason: choice?.finish_reason ?? null,
      };
    },
  };
}
