/**
 * The server's limits, in one place: request sizes, batch sizes, sessions, open worlds, rate limits.
 * Every limit has a default that suits one trainer on one machine; `serve` flags override some of them.
 */
import { FictionError } from '../errors.js';
import { parseSearchArgs, resolveCall, type ToolCall } from '../search/tool-args.js';

export interface ServerLimits {
  /** Largest request body for tool calls, sessions and /mcp (bytes). */
  maxBodyBytes: number;
  /** Largest /retrieve body (bytes): trainers batch many rollouts in one call. */
  maxRetrieveBodyBytes: number;
  /** Longest query accepted at the edge (characters; the search core reads at most 512 of them anyway); /retrieve cuts longer ones to it. */
  maxQueryChars: number;
  /** Most queries in one /retrieve call (Search-R1 posts every rollout's query at once: 512 prompts × 5 in its GRPO script). */
  maxRetrieveQueries: number;
  /** Largest /retrieve `topk`. */
  maxTopk: number;
  /** Most live sessions; creating one more answers 503 with Retry-After. */
  maxSessions: number;
  /** A session unused for this long expires (ms). */
  sessionTtlMs: number;
  /** Calls kept in each session's history (and trajectory). */
  historyLimit: number;
  /** Open world handles kept when idle (least recently used are closed first). */
  maxOpenWorlds: number;
  /** Requests per second per key (session, API key or client address); 0 turns rate limiting off. */
  rateLimit: number;
  /** Burst allowed per key above the steady rate. */
  rateBurst: number;
  /** Rate limit loopback clients too (127.0.0.0/8, ::1): off by default, so a trainer on the same machine is never refused. */
  rateLimitLoopback: boolean;
  /** Requests handled at once; more answer 503 with Retry-After. */
  maxInFlight: number;
  /** How long SIGTERM waits for in-flight requests before closing connections (ms). */
  drainTimeoutMs: number;
  /** Most items in one /v1/score call, its largest body (bytes) and the longest reply it scores (characters). */
  maxScoreItems: number;
  maxScoreBodyBytes: number;
  maxScoreAnswerChars: number;
}

const MAX_QUERY_CHARS = 2048;
const MAX_RETRIEVE_QUERIES = 8192;

export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  maxBodyBytes: 64 * 1024,
  // Room for every query at the cap in 2-byte UTF-8 characters, each with a target id: 8,192 × 4,160 B = 32.5 MiB.
  maxRetrieveBodyBytes: MAX_RETRIEVE_QUERIES * (2 * MAX_QUERY_CHARS + 64),
  maxQueryChars: MAX_QUERY_CHARS,
  maxRetrieveQueries: MAX_RETRIEVE_QUERIES,
  maxTopk: 50,
  maxSessions: 10_000,
  sessionTtlMs: 60 * 60 * 1000,
  historyLimit: 64,
  maxOpenWorlds: 256,
  rateLimit: 100,
  rateBurst: 200,
  rateLimitLoopback: false,
  maxInFlight: 1024,
  drainTimeoutMs: 10_000,
  maxScoreItems: 8192,
  maxScoreBodyBytes: 64 * 1024 * 1024,
  maxScoreAnswerChars: 1024 * 1024,
});

/** Reject a query longer than the edge allows (HTTP 400, MCP isError); everything else is the core's business. */
export function checkQueryLength(query: string, limits: Pick<ServerLimits, 'maxQueryChars'>): void {
  if (query.length > limits.maxQueryChars) throw new FictionError('BAD_INPUT', `a query is longer than ${limits.maxQueryChars} characters`);
}

/** `query` cut to at most `max` characters (never between the two halves of a surrogate pair). */
export function cutQuery(query: string, max: number): string {
  if (query.length <= max) return query;
  const code = query.charCodeAt(max - 1);
  return query.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The edge's own checks on a tool call (under any of its names), before the core sees it: query lengths. */
export function checkCallLimits(call: ToolCall, limits: Pick<ServerLimits, 'maxQueryChars'>): void {
  for (const c of resolveCall(call)) {
    if (c.name === 'web_search') for (const q of parseSearchArgs(c.arguments).queries) checkQueryLength(q, limits);
  }
}
