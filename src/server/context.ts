/**
 * Everything one server process shares between requests: the world pool, the sessions, the rate
 * limiter, metrics, the logger and the renderer. HTTP routes, /retrieve and /mcp all read it; tests
 * build one directly and call the app in-process.
 */
import { setMaxListeners } from 'node:events';
import { createRendererSync, type Renderer } from '../render/renderer.js';
import { ComputePool } from './compute-pool.js';
import { FictionError } from '../errors.js';
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
  /** Clock for session expiry (ms); tests pass their own (in-process mode only: workers use Date.now). */
  now?: () => number;
  /**
   * Worker threads running the search core (compute-pool.ts); 1 (the default) runs it in this thread.
   * Only the template renderer runs in workers; with another renderer the core stays in this thread.
   */
  threads?: number;
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
  /** The worker threads running the search core, when there are any (else it runs in this thread). */
  readonly compute: ComputePool | undefined;
  /**
   * Aborted when the server stops waiting for in-flight calls (`abandon`, or `close`): a call still
   * asleep in its simulated latency ends then, instead of keeping a stopped server alive.
   */
  readonly stopping: AbortSignal;
  /** End the calls still waiting (see `stopping`); `close` does it first. */
  abandon(): void;
  /** Live sessions (in this thread or the workers), and open world handles. */
  sessionCount(): number;
  openWorldCount(): number;
  /** Stop timers, close sessions and world handles (and the workers: await it). */
  close(): void | Promise<void>;
}

const share = (n: number, threads: number) => Math.max(1, Math.ceil(n / threads));

export function createServerContext(opts: ServerOptions): ServerContext {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const log = opts.logger ?? createLogger('info');
  const metrics = new Metrics();
  const renderer = typeof opts.renderer === 'object' ? opts.renderer : createRendererSync(opts.renderer ?? 'template');
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
  const threads = opts.threads ?? 1;
  if (!Number.isSafeInteger(threads) || threads < 1) throw new FictionError('BAD_INPUT', '--threads must be a positive integer');
  if (threads > 1 && renderer.name !== 'template') log.warn('the search core runs in the main thread: only the template renderer runs in worker threads', { renderer: renderer.name });
  const compute = threads > 1 && renderer.name === 'template'
    ? new ComputePool(threads, {
        worlds: pool.dir, renderer: 'template', logLevel: log.level,
        limits: { ...limits, maxSessions: share(limits.maxSessions, threads), maxOpenWorlds: share(limits.maxOpenWorlds, threads) },
      }, metrics)
    : undefined;
  const stop = new AbortController();
  // Every call asleep in simulated latency listens to it: any number at once is expected, not a leak.
  setMaxListeners(0, stop.signal);
  const sweep = setInterval(() => sessions.sweep(), Math.max(1000, Math.min(60_000, limits.sessionTtlMs / 4)));
  sweep.unref();

  const ctx: ServerContext = {
    limits, pool, sessions, limiter, metrics, log, renderer, adminToken: opts.adminToken || undefined, draining: false, inFlight: 0, compute,
    sessionCount: () => sessions.size + (compute?.sessions ?? 0),
    openWorldCount: () => pool.openCount + (compute?.openWorlds ?? 0),
    stopping: stop.signal,
    abandon: () => stop.abort(),
    close: () => {
      stop.abort();
      clearInterval(sweep);
      sessions.closeAll();
      pool.closeAll();
      return compute?.close();
    },
  };
  metrics.gauge('fictionworld_sessions', 'Live sessions.', () => ctx.sessionCount());
  metrics.gauge('fictionworld_open_worlds', 'Open world handles.', () => ctx.openWorldCount());
  metrics.gauge('fictionworld_world_opens_total', 'World files opened since start.', () => pool.opens + (compute?.opens ?? 0));
  metrics.gauge('fictionworld_world_closes_total', 'World handles closed since start.', () => pool.closes + (compute?.closes ?? 0));
  metrics.gauge('fictionworld_compute_threads', 'Worker threads running the search core (0: the main thread).', () => compute?.size ?? 0);
  metrics.gauge('fictionworld_in_flight_requests', 'Requests being handled.', () => ctx.inFlight);
  metrics.gauge('fictionworld_rate_limit_keys', 'Keys tracked by the rate limiter.', () => limiter.size);
  return ctx;
}
