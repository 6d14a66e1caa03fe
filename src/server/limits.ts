/**
 * The server's limits, in one place: request sizes, batch sizes, sessions, open worlds, rate limits.
 * Every limit has a default that suits one trainer on one machine; `serve` flags override some of them.
 */
import { FictionError } from '../errors.js';
import { parseSearchArgs, type ToolCall } from '../search/tool-args.js';

export interface ServerLimits {
  /** Largest request body for tool calls, sessions and /mcp (bytes). */
  maxBodyBytes: number;
  /** Largest /retrieve body (bytes): trainers batch many rollouts in one call. */
  maxRetrieveBodyBytes: number;
  /** Longest query accepted at the edge (characters; the search core reads at most 512 of them anyway). */
  maxQueryChars: number;
  /** Most queries in one /retrieve call. */
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
  /** Requests handled at once; more answer 503 with Retry-After. */
  maxInFlight: number;
  /** How long SIGTERM waits for in-flight requests before closing connections (ms). */
  drainTimeoutMs: number;
  /** Most items in one /v1/score call, its largest body (bytes) and the longest reply it scores (characters). */
  maxScoreItems: number;
  maxScoreBodyBytes: number;
  maxScoreAnswerChars: number;
}

export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  maxBodyBytes: 64 * 1024,
  maxRetrieveBodyBytes: 1024 * 1024,
  maxQueryChars: 2048,
  maxRetrieveQueries: 512,
  maxTopk: 50,
  maxSessions: 10_000,
  sessionTtlMs: 60 * 60 * 1000,
  historyLimit: 64,
  maxOpenWorlds: 256,
  rateLimit: 100,
  rateBurst: 200,
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

/** The edge's own checks on a tool call, before the core sees it: query lengths. */
export function checkCallLimits(call: ToolCall, limits: Pick<ServerLimits, 'maxQueryChars'>): void {
  if (call.name !== 'web_search') return;
  for (const q of parseSearchArgs(call.arguments).queries) checkQueryLength(q, limits);
}
