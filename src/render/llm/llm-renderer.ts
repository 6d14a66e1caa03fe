/**
 * The world-model renderer: search results written by a language world model (Qwen-AgentWorld or any
 * chat model) over an OpenAI-compatible API, grounded in the world.
 *
 *   records for the query (+ history, instructions, the answer only when related)
 *     → answered before in this process? → cache (stamp verified, else re-checked)? → circuit open? → concurrency slot → request (the SDK's retries)
 *     → canary check → parse (one retry when malformed) → grounding check → cache → results
 *
 * Any failure along the way gives the template renderer's results: the call never fails and never
 * waits past `timeoutMs`. `RenderSearchOutput.renderer` (→ meta.renderer, never the agent's text) says
 * who answered: "llm", "llm-cache", or "template:fallback:<reason>", and a fallback's `fallbackReason`
 * says why in words (→ meta.fallbackReason). The first fallback of a renderer is told to `warn` (the CLI:
 * one line on stderr), so a dead endpoint is never silent. The model writes snippets only;
 * URL, title, site and date are always the page's own, and the results keep the pipeline's order. The
 * leakage guard's backstop runs after this renderer, cache hits included.
 */
import { cutAtWord, SNIPPET_MAX_CHARS } from '../../search/snippet.js';
import type { RenderedResult } from '../../search/types.js';
import type { RenderSearchInput, RenderSearchOutput, Renderer } from '../renderer.js';
import { resultFromHit, templateRenderer } from '../template.js';
import { openLlmCache, type CachedAnswer, type LlmCache } from './cache.js';
import { CircuitBreaker, type Clock } from './circuit-breaker.js';
import { classify, createOpenAiClient, type ChatClient, type ChatReply } from './client.js';
import { shownUrl } from './openai.js';
import { checkGrounding, GroundingContext, groundingLabel } from './grounding.js';
import { Limiter } from './limiter.js';
import { VERIFIED_ANSWERS, VerifiedAnswers } from './verified-answers.js';
import { dropReasoning, parseObservation } from './parse-observation.js';
import { loadPrompt, type PromptTemplate } from './prompt-file.js';
import { buildMessages, FORMAT_REMINDER, prepareRequest, type PreparedRequest } from './prompt.js';
import { resolveLlmSettings, type LlmSettings } from './settings.js';
import { collapseSpaces } from '../../text.js';

export const LLM_RENDERER = 'llm';
export const LLM_CACHE_RENDERER = 'llm-cache';
export const fallbackName = (reason: string) => `template:fallback:${reason}`;

/** What the world-model renderer gives: a fallback also says why, e.g. "connection: connection refused". */
export interface LlmRenderOutput extends RenderSearchOutput {
  fallbackReason?: string;
}

/** Something that happened while rendering (for logs and tests; never in the agent's text). */
export interface LlmEvent {
  kind: 'answered' | 'cache_hit' | 'fallback' | 'retry_malformed';
  key: string;
  world: string;
  reason?: string;
  violations?: string[];
}

export interface LlmStats {
  requests: number;
  answered: number;
  cacheHits: number;
  fallbacks: Record<string, number>;
}

export interface LlmRendererOptions extends Partial<LlmSettings> {
  /** A chat client (tests); default: the `openai` package against `baseUrl`. */
  client?: ChatClient;
  /** A cache instance; default: opened from `cachePath` (null: none). */
  cache?: LlmCache | null;
  /** Prompt file (default prompts/search-world-model.v1.md) and folder. */
  promptFile?: string;
  promptDir?: string;
  onEvent?: (event: LlmEvent) => void;
  /** Told once, the first time the renderer falls back, one line (no newline) that says why. */
  warn?: (line: string) => void;
  /** Clock of the circuit breaker (tests). */
  clock?: Clock;
}

export interface LlmRenderer extends Renderer {
  readonly settings: LlmSettings;
  readonly stats: LlmStats;
  readonly prompt: PromptTemplate;
  readonly breaker: CircuitBreaker;
  close(): void;
}

const now = () => performance.now();

/** The one-line warning of a first fallback. */
export function fallbackWarning(baseUrl: string, label: string, detail: string): string {
  const what = label === 'connection' ? `unreachable (${detail})` : `failed (${label}: ${detail})`;
  return `warning: world model at ${shownUrl(baseUrl)} ${what}; results come from the template renderer`;
}

function oneLine(snippet: string): string {
  const s = collapseSpaces(snippet).trim();
  return s.length > SNIPPET_MAX_CHARS ? `${cutAtWord(s, SNIPPET_MAX_CHARS - 4)} ...` : s;
}

/** The results: the pipeline's hits in order, each with the model's snippet where it wrote one. */
function assemble(input: RenderSearchInput, answer: CachedAnswer): RenderedResult[] {
  return input.hits.map((hit) => {
    const base = resultFromHit(hit);
    const snippet = Object.hasOwn(answer.snippets, base.url) ? answer.snippets[base.url] : undefined;
    return typeof snippet === 'string' && snippet.length > 0 ? { ...base, snippet, passageIds: [] } : base;
  });
}

/** A cached answer still fits this request and is still grounded (the cache file is not trusted blindly). */
function cachedStillGrounded(input: RenderSearchInput, req: PreparedRequest, answer: CachedAnswer): boolean {
  const context = new GroundingContext(input.world, req.set.records, input.query.text);
  for (const [url, snippet] of Object.entries(answer.snippets)) {
    const record = context.byUrl.get(url);
    if (!record || typeof snippet !== 'string' || context.unstated(record, snippet).length > 0) return false;
  }
  return true;
}

export function createLlmRenderer(options: LlmRendererOptions | Readonly<Record<string, unknown>> = {}): LlmRenderer {
  const opts = options as LlmRendererOptions;
  const settings = resolveLlmSettings(options as Record<string, unknown>);
  const prompt = loadPrompt(opts.promptFile, opts.promptDir);
  const client = opts.client ?? createOpenAiClient(settings);
  client.preload?.();
  const cache = opts.cache !== undefined ? opts.cache : settings.cachePath ? openLlmCache(settings.cachePath) : null;
  const limiter = new Limiter(settings.concurrency, settings.maxQueue);
  const breaker = new CircuitBreaker(settings.breakerFailures, settings.breakerCooldownMs, opts.clock);
  const stats: LlmStats = { requests: 0, answered: 0, cacheHits: 0, fallbacks: {} };
  const verified = new VerifiedAnswers(cache ? VERIFIED_ANSWERS : 0);
  let warned = false;
  const warnOnce = (label: string, detail: string) => {
    if (warned || !opts.warn) return;
    warned = true;
    try {
      opts.warn(fallbackWarning(settings.baseUrl, label, detail));
    } catch {
      /* a listener never breaks rendering */
    }
  };
  const emit = (e: LlmEvent) => {
    try {
      opts.onEvent?.(e);
    } catch {
      /* a listener never breaks rendering */
    }
  };

  const cacheSet = (key: string, input: RenderSearchInput, answer: CachedAnswer, label: string) => {
    try {
      cache?.set(key, { model: settings.model, prompt: prompt.key, world: input.world.id }, answer, label);
    } catch {
      /* a cache that cannot be written is not fatal */
    }
  };

  async function render(input: RenderSearchInput): Promise<LlmRenderOutput> {
    if (input.hits.length === 0) return { results: [], renderer: templateRenderer.name };
    const started = now();
    const req = prepareRequest(input, prompt, settings);
    const base = { key: req.key, world: input.world.id };
    /** `detail`: why, in words, for meta.fallbackReason and the warning. */
    const fallback = (reason: string, detail: string, violations?: string[]): LlmRenderOutput => {
      const label = reason.split(':')[0]!;
      stats.fallbacks[label] = (stats.fallbacks[label] ?? 0) + 1;
      emit({ ...base, kind: 'fallback', reason, ...(violations ? { violations } : {}) });
      warnOnce(label, detail);
      return { results: input.hits.map(resultFromHit), renderer: fallbackName(label), fallbackReason: `${label}: ${detail}` };
    };

    const label = groundingLabel(input.world);
    let cached = verified.get(req.key, label);
    if (!cached) {
      const stored = cache?.lookup(req.key);
      // An answer this grounding check stored over this same world text, unaltered since (its digest
      // matches), is used as stored; any other (an older check's, other world text, an edited or
      // damaged row) is checked again against the records, and stamped anew when it passes.
      if (stored) {
        if (stored.checkedBy === label || cachedStillGrounded(input, req, stored.answer)) {
          verified.set(req.key, (cached = stored.answer), label);
          if (stored.checkedBy !== label) cacheSet(req.key, input, cached, label);
        }
      }
    }
    if (cached) {
      stats.cacheHits++;
      emit({ ...base, kind: 'cache_hit' });
      return { results: assemble(input, cached), renderer: LLM_CACHE_RENDERER };
    }
    if (!breaker.allow())
      return fallback(
        'circuit_open',
        `the endpoint failed ${settings.breakerFailures} times in a row; one trial request every ${settings.breakerCooldownMs} ms`,
      );
    const deadline = started + settings.timeoutMs;
    // One deadline over the whole rendering: the queue, every attempt and backoff, the malformed-output retry.
    const signal = AbortSignal.timeout(Math.max(1, Math.ceil(deadline - now())));
    const release = await limiter.acquire(deadline - now());
    if (!release) {
      breaker.neutral();
      return limiter.waiting >= limiter.maxQueue
        ? fallback('overloaded', `${limiter.maxQueue} renderings already waiting for a request slot`)
        : fallback('queue_timeout', `no request slot free within the ${settings.timeoutMs} ms budget`);
    }
    try {
      const messages = buildMessages(input, req, prompt);
      let malformed = '';
      for (let round = 0; round < 2; round++) {
        const request =
          round === 0 ? { messages, seed: req.seed } : { messages: [...messages, { role: 'user' as const, content: FORMAT_REMINDER }], seed: req.seed + 1 };
        stats.requests++;
        // What the endpoint was given of the budget: the rest went to the queue (and to a first round).
        const given = deadline - now();
        let reply: ChatReply;
        try {
          reply = await client.complete(request, signal);
        } catch (e) {
          const err = signal.aborted ? classify(signal.reason) : classify(e);
          // A first request's timeout counts against the endpoint only when it had at least half the
          // budget: one that waited out most of it in the queue says the queue is long, not the endpoint
          // sick (and a backlog must not open the circuit for everyone).
          if (round === 0 && err.kind === 'timeout' && given < settings.timeoutMs / 2) {
            breaker.neutral();
            return fallback('queue_timeout', `waited in the queue for most of the ${settings.timeoutMs} ms budget`);
          }
          breaker.failure();
          // The SDK's message of an HTTP error starts with its status, which the label says already.
          const said = err.kind === 'http_status' ? err.message.replace(/^\d{3} /, '') : err.message;
          const detail = err.kind === 'timeout' ? `no answer within ${settings.timeoutMs} ms` : said || err.kind;
          return fallback(err.label, detail);
        }
        breaker.success();
        const shown = dropReasoning(reply.content);
        if (shown.includes(req.canary) || shown.includes(req.canary.slice(4))) return fallback('canary', 'the reply wrote the confidential marker');
        const parsed = parseObservation(reply.content, shown);
        if (!parsed.ok) {
          malformed = parsed.reason;
          if (round === 0) emit({ ...base, kind: 'retry_malformed', reason: parsed.reason });
          continue;
        }
        const grounding = checkGrounding(input.world, req.set.records, parsed.results, input.query.text);
        if (!grounding.ok) {
          const v = grounding.violations;
          return fallback('ungrounded', `${v.slice(0, 2).join('; ')}${v.length > 2 ? ` (+${v.length - 2} more)` : ''}`, v);
        }
        const answer: CachedAnswer = { snippets: {} };
        for (const { record, result } of grounding.matched) if (result.snippet) answer.snippets[record.url] = oneLine(result.snippet);
        if (cache) verified.set(req.key, answer, label);
        cacheSet(req.key, input, answer, label);
        stats.answered++;
        emit({ ...base, kind: 'answered' });
        return { results: assemble(input, answer), renderer: LLM_RENDERER };
      }
      return fallback(`malformed:${malformed}`, `${malformed}, twice`);
    } finally {
      release();
    }
  }

  /** Whatever goes wrong, the template answers: a bug here never fails a call. */
  async function renderSafely(input: RenderSearchInput): Promise<LlmRenderOutput> {
    try {
      return await render(input);
    } catch (e) {
      breaker.neutral();
      stats.fallbacks.internal = (stats.fallbacks.internal ?? 0) + 1;
      const message = String((e as Error)?.message ?? e)
        .split('\n')[0]!
        .slice(0, 120);
      emit({ key: '', world: input.world.id, kind: 'fallback', reason: `internal:${message}` });
      warnOnce('internal', message);
      return { results: input.hits.map(resultFromHit), renderer: fallbackName('internal'), fallbackReason: `internal: ${message}` };
    }
  }

  return {
    name: LLM_RENDERER,
    settings,
    stats,
    prompt,
    breaker,
    renderSearch: renderSafely,
    close() {
      cache?.close();
      if (!opts.client) client.close?.();
    },
  };
}
