/**
 * Everything one server process shares between requests: the world pool, the sessions, the rate
 * limiter, metrics, the logger and the renderer. HTTP routes, /retrieve and /mcp all read it; tests
 * build one directly and call the app in-process.
 */
import { createRenderer, type Renderer } from '../render/renderer.js';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.js';
import { createLogger, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import { RateLimiter } from './rate-limit.js';
import { SessionStore } from './session-store.js';
import { WorldPool } from './world-pool.js';

export interface ServerOptions {
  /** The folder of worlds. */
  worlds: string;
  /** When set, admin actions need `Authorization: Bearer <adminToken>`. */
  adminToken?: string;
  /** A renderer, or its name (default: the template renderer). */
  renderer?: Renderer | string;
  limits?: Partial<ServerLimits>;
  logger?: Logger;
  /** Clock for session expiry (ms); tests pass their own. */
  now?: () => number;
}

export interface ServerContext {
  readonly limits: ServerLimits;
  readonly pool: WorldPool;
  readonly sessions: SessionStore;
  readonly limiter: RateLimiter;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly renderer: Renderer;
  readonly adminToken: string | undefined;
  /** Set by shutdown: new requests get 503 while in-flight ones finish. */
  draining: boolean;
  inFlight: number;
  /** Stop timers, close sessions and world handles. */
  close(): void;
}

export function createServerContext(opts: ServerOptions): ServerContext {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const log = opts.logger ?? createLogger('info');
  const metrics = new Metrics();
  const renderer = typeof opts.renderer === 'object' ? opts.renderer : createRenderer(opts.renderer ?? 'template');
  const pool = new WorldPool(opts.worlds, limits.maxOpenWorlds, {
    onOpen: (id) => log.debug('world opened', { world: id }),
    onClose: (id) => log.debug('world closed', { world: id }),
  });
  const sessions = new SessionStore(pool, {
    ttlMs: limits.sessionTtlMs, maxSessions: limits.maxSessions, historyLimit: limits.historyLimit, renderer, now: opts.now,
    onClose: (s, reason) => {
      metrics.count('fictionworld_sessions_closed_total', 'Sessions ended, by reason.', { reason });
      log.debug('session ended', { session: s.id, world: s.worldId, reason, calls: s.session.callCount });
    },
  });
  const limiter = new RateLimiter({ rate: limits.rateLimit, burst: limits.rateBurst });
  const sweep = setInterval(() => sessions.sweep(), Math.max(1000, Math.min(60_000, limits.sessionTtlMs / 4)));
  sweep.unref();

  const ctx: ServerContext = {
    limits, pool, sessions, limiter, metrics, log, renderer, adminToken: opts.adminToken || undefined, draining: false, inFlight: 0,
    close: () => {
      clearInterval(sweep);
      sessions.closeAll();
      pool.closeAll();
    },
  };
  metrics.gauge('fictionworld_sessions', 'Live sessions.', () => sessions.size);
  metrics.gauge('fictionworld_open_worlds', 'Open world handles.', () => pool.openCount);
  metrics.gauge('fictionworld_world_opens_total', 'World files opened since start.', () => pool.opens);
  metrics.gauge('fictionworld_world_closes_total', 'World handles closed since start.', () => pool.closes);
  metrics.gauge('fictionworld_in_flight_requests', 'Requests being handled.', () => ctx.inFlight);
  metrics.gauge('fictionworld_rate_limit_keys', 'Keys tracked by the rate limiter.', () => limiter.size);
  return ctx;
}
