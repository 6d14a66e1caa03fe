/**
 * Settings of the world-model renderer: where the OpenAI-compatible endpoint is, which model, and the
 * fault budget (timeout, retries, concurrency, circuit breaker). Options given by a caller win over the
 * environment (FICTIONWORLD_LLM_BASE_URL, FICTIONWORLD_LLM_MODEL, OPENAI_API_KEY, FICTIONWORLD_LLM_CACHE).
 * Every bad value is a one-line BAD_INPUT error.
 */
import { FictionError } from '../../errors.js';
import { DEFAULT_RETRIES } from './openai.js';

export interface LlmSettings {
  baseUrl: string;
  model: string;
  /** Sent as a bearer token; many local servers need none ("EMPTY" is sent then). */
  apiKey: string | null;
  /** Whole budget of one rendering (queueing, attempts, backoff, the malformed-output retry), in ms: one AbortSignal. */
  timeoutMs: number;
  /** Requests in flight at once, per renderer. */
  concurrency: number;
  /** Renderings allowed to wait for a slot; beyond this the template answers at once. */
  maxQueue: number;
  /** Extra attempts after a transport failure (connection, 408, 409, 429, 5xx): the SDK's retries (openai.ts). */
  retries: number;
  /** Consecutive transport failures that open the circuit (template answers at once). */
  breakerFailures: number;
  /** How long the circuit stays open before one trial request. */
  breakerCooldownMs: number;
  /** SQLite cache file, or null for no persistent cache (":memory:" for a per-process one). */
  cachePath: string | null;
  temperature: number;
  topP: number;
  /** Room for reasoning plus the observation. */
  maxTokens: number;
  /** Passages of one page given to the model at most. */
  passagesPerPage: number;
  /** Earlier calls of the session given to the model at most. */
  historyCalls: number;
}

export const LLM_DEFAULTS: Omit<LlmSettings, 'baseUrl' | 'model' | 'apiKey'> = {
  timeoutMs: 180_000,
  concurrency: 8,
  maxQueue: 256,
  retries: DEFAULT_RETRIES,
  breakerFailures: 5,
  breakerCooldownMs: 30_000,
  cachePath: '.cache/llm-cache.sqlite',
  temperature: 0.6,
  topP: 0.95,
  maxTokens: 8192,
  passagesPerPage: 12,
  historyCalls: 8,
};

export const LLM_ENV = {
  baseUrl: 'FICTIONWORLD_LLM_BASE_URL',
  model: 'FICTIONWORLD_LLM_MODEL',
  apiKey: 'OPENAI_API_KEY',
  cachePath: 'FICTIONWORLD_LLM_CACHE',
} as const;

const bad = (msg: string) => new FictionError('BAD_INPUT', msg);
const shown = (v: unknown) => String(v).slice(0, 60);

function int(name: string, v: unknown, min: number, max: number): number {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw bad(`llm ${name} must be an integer from ${min} to ${max}, got ${shown(v)}`);
  return n;
}

function real(name: string, v: unknown, min: number, max: number): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw bad(`llm ${name} must be a number from ${min} to ${max}, got ${shown(v)}`);
  return n;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** "off", "none" or "" turn the persistent cache off. */
function cachePathOf(v: unknown): string | null | undefined {
  if (v === null || v === false) return null;
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' || t === 'off' || t === 'none' ? null : t;
}

/**
 * Settings from options (camelCase keys of LlmSettings) over the environment over the defaults.
 * The base URL and the model are required.
 */
export function resolveLlmSettings(
  options: Readonly<Record<string, unknown>> = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): LlmSettings {
  const baseUrl = text(options.baseUrl) ?? text(env[LLM_ENV.baseUrl]);
  const model = text(options.model) ?? text(env[LLM_ENV.model]);
  if (!baseUrl) throw bad(`the llm renderer needs an endpoint: --llm-base-url URL or ${LLM_ENV.baseUrl}`);
  if (!model) throw bad(`the llm renderer needs a model: --llm-model NAME or ${LLM_ENV.model}`);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw bad(`llm base URL is not a URL: ${shown(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`llm base URL must be http or https, got ${shown(baseUrl)}`);
  const d = LLM_DEFAULTS;
  const cache = cachePathOf(options.cachePath);
  const envCache = cachePathOf(env[LLM_ENV.cachePath]);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    model,
    apiKey: text(options.apiKey) ?? text(env[LLM_ENV.apiKey]) ?? null,
    timeoutMs: options.timeoutMs === undefined ? d.timeoutMs : int('timeout', options.timeoutMs, 1, 3_600_000),
    concurrency: options.concurrency === undefined ? d.concurrency : int('concurrency', options.concurrency, 1, 1024),
    maxQueue: options.maxQueue === undefined ? d.maxQueue : int('max queue', options.maxQueue, 0, 1_000_000),
    retries: options.retries === undefined ? d.retries : int('retries', options.retries, 0, 10),
    breakerFailures: options.breakerFailures === undefined ? d.breakerFailures : int('breaker failures', options.breakerFailures, 1, 1000),
    breakerCooldownMs: options.breakerCooldownMs === undefined ? d.breakerCooldownMs : int('breaker cooldown', options.breakerCooldownMs, 0, 3_600_000),
    cachePath: cache !== undefined ? cache : envCache !== undefined ? envCache : d.cachePath,
    temperature: options.temperature === undefined ? d.temperature : real('temperature', options.temperature, 0, 2),
    topP: options.topP === undefined ? d.topP : real('top-p', options.topP, 0, 1),
    maxTokens: options.maxTokens === undefined ? d.maxTokens : int('max tokens', options.maxTokens, 64, 1_000_000),
    passagesPerPage: options.passagesPerPage === undefined ? d.passagesPerPage : int('passages per page', options.passagesPerPage, 1, 200),
    historyCalls: options.historyCalls === undefined ? d.historyCalls : int('history calls', options.historyCalls, 0, 64),
  };
}
