/**
 * The app's middleware, each a factory returning a named function: request accounting (in-flight
 * count, overload and drain answers, metrics, debug log) and rate limiting per key.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { bearerToken, keyLabel } from './auth.js';
import type { ServerContext } from './context.js';
import { errorReply } from './http-errors.js';

/** Routes that are never rate limited or refused for load (probes must see the truth). */
const PROBES = new Set(['/health', '/metrics']);

export function replyError(c: Context, code: Parameters<typeof errorReply>[0], message: string, retryAfter?: number): Response {
  const r = errorReply(code, message, retryAfter);
  return c.json(r.body, r.status as 400, r.headers);
}

/** The route pattern that answered (a bounded label), or "unmatched". */
function routeLabel(c: Context): string {
  try {
    const p = routePath(c, -1);
    return p === '/*' || p === '*' ? 'unmatched' : p;
  } catch {
    return 'unmatched';
  }
}

export function accounting(ctx: ServerContext): MiddlewareHandler {
  return async function account(c, next) {
    const started = performance.now();
    const probe = PROBES.has(c.req.path);
    if (ctx.draining && !probe) {
      c.header('Connection', 'close');
      return replyError(c, 'UNAVAILABLE', 'the server is shutting down: retry on another replica', 1);
    }
    if (ctx.inFlight >= ctx.limits.maxInFlight && !probe) return replyError(c, 'UNAVAILABLE', 'the server is busy: retry shortly', 1);
    ctx.inFlight++;
    try {
      await next();
    } finally {
      ctx.inFlight--;
      if (ctx.draining) c.header('Connection', 'close');
      const seconds = (performance.now() - started) / 1000;
      const route = routeLabel(c);
      ctx.metrics.request(route, c.req.method, c.res.status, seconds);
      if (ctx.log.level === 'debug') ctx.log.debug('request', { method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1e4) / 10 });
    }
  };
}

/** Who a request counts against: its session, else its API key, else its client address. */
export function rateKey(c: Context): string {
  const session = c.req.query('session') ?? /^\/v1\/sessions\/([^/]+)/.exec(c.req.path)?.[1];
  if (session) return `s:${session.slice(0, 64)}`;
  const token = bearerToken(c.req.header('authorization')) ?? c.req.header('x-api-key');
  if (token) return `k:${keyLabel(token)}`;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return `a:${env?.incoming?.socket?.remoteAddress ?? 'local'}`;
}

export function rateLimit(ctx: ServerContext): MiddlewareHandler {
  return async function limit(c, next) {
    if (!ctx.limiter.enabled || PROBES.has(c.req.path)) return next();
    const wait = ctx.limiter.take(rateKey(c));
    if (wait > 0) {
      ctx.metrics.count('fictionworld_rate_limited_total', 'Requests refused by the rate limiter.');
      return replyError(c, 'RATE_LIMITED', `too many requests: retry in ${wait} s`, wait);
    }
    return next();
  };
}
