/**
 * The app's middleware, each a factory returning a named function: request accounting (in-flight
 * count, overload and drain answers, metrics, debug log) and rate limiting per key.
 */
import { BlockList, isIP } from 'node:net';
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
  return `a:${clientAddress(c) ?? 'local'}`;
}

/**
 * The address of the peer of the request's socket (@hono/node-server puts the Node request in
 * `c.env.incoming`); undefined in-process (`app.request`), where there is no socket. Never a header:
 * X-Forwarded-For is whatever the client wrote.
 */
export function clientAddress(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (node:net's BlockList also matches IPv4-mapped IPv6, as a dual-stack socket reports 127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  const family = address === undefined ? 0 : isIP(address);
  return family !== 0 && LOOPBACK.check(address!, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Rate limiting per key (rateKey), for clients not on loopback unless `rateLimitLoopback` is set: a
 * trainer on the same machine is the server's reason to exist, and its stock clients do not retry 429
 * (veRL's SearchTool retries only 500, 502, 503 and 504). Behind a proxy on the same machine every
 * client is the proxy's loopback address: limit at the proxy, or set `rateLimitLoopback`.
 */
export function rateLimit(ctx: ServerContext): MiddlewareHandler {
  return async function limit(c, next) {
    if (!ctx.limiter.enabled || PROBES.has(c.req.path)) return next();
    if (!ctx.limits.rateLimitLoopback && isLoopback(clientAddress(c))) return next();
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
