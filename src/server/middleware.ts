/**
 * The app's middleware, each a factory returning a named function: request accounting (in-flight
 * count, overload and drain answers, metrics, debug log) and rate limiting per key.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { carriesAdminToken } from './auth.js';
import type { ServerContext } from './context.js';
import { errorReply } from './http-errors.js';
import { SESSION_ID_RE } from './session-store.js';

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

/** Every answer names the replica that gave it (what a proxy's affinity is checked by). */
export function replicaHeader(replicaId: string): MiddlewareHandler {
  return async function replica(c, next) {
    await next();
    c.res.headers.set('X-Fictionworld-Replica', replicaId);
  };
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

/** Routes that act on the session their `?session=` names, and the routes of a session itself. */
const SESSION_ROUTES = new Set(['/v1/search', '/v1/open', '/v1/call', '/retrieve', '/mcp']);
const SESSION_PATH = /^\/v1\/sessions\/([^/]+)(?:\/trajectory)?$/;

/**
 * Who a request counts against: the session it acts on; else the admin, for a request carrying the
 * configured admin token; else its client address. Nothing else a client writes picks its bucket: a
 * session id counts only on a route that acts on it and only in a session id's shape (an id that names
 * no session is refused as cheaply as it is counted), and a header the server has no key for is no key
 * (a new value per request would otherwise get a fresh bucket each time).
 */
export function rateKey(c: Context, adminToken?: string): string {
  const path = c.req.path;
  const session = SESSION_ROUTES.has(path) ? c.req.query('session') : SESSION_PATH.exec(path)?.[1];
  if (session !== undefined && SESSION_ID_RE.test(session)) return `s:${session}`;
  if (adminToken && carriesAdminToken(adminToken, c.req.header('authorization'))) return 'k:admin';
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return `a:${env?.incoming?.socket?.remoteAddress ?? 'local'}`;
}

export function rateLimit(ctx: ServerContext): MiddlewareHandler {
  return async function limit(c, next) {
    if (!ctx.limiter.enabled || PROBES.has(c.req.path)) return next();
    const key = rateKey(c, ctx.adminToken);
    const wait = ctx.limiter.take(key);
    if (wait > 0) {
      ctx.metrics.rateLimited.inc();
      return replyError(c, 'RATE_LIMITED', `too many requests: retry in ${wait} s`, wait);
    }
    await next();
    // A session id that names no session keeps no bucket: made-up ids do not crowd out real sessions'.
    // (On these routes a 404 means exactly that: a live session's unknown page or tool is an observation.)
    if (key.startsWith('s:') && c.res.status === 404) ctx.limiter.forget(key);
  };
}
