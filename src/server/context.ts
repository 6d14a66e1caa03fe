/**
 * Everything one server process shares between requests: the search core (worlds, sessions, tool
 * calls), the rate limiter, metrics and the logger. HTTP routes, /retrieve and /mcp all read it; tests
 * build one directly and call the app in-process.
 */
import { createRendererSync, type Renderer } from '../render/renderer.js';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.js';
import { createLogger, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import { RateLimiter } from './rate-limit.js';
import { createLocalCore, type SearchCore } from './search-core.js';
import { checkReplicaId } from './session-store.js';

export interface ServerOptions {
  /** The folder of worlds. */
  worlds: string;
  /** When set, admin actions need `Authorization: Bearer <adminToken>`. */
  adminToken?: string;
  /** A renderer, or 'template' (the default); a world model is passed as an instance (`await createRenderer('llm', …)`). */
  renderer?: Renderer | string;
  limits?: Partial<ServerLimits>;
  logger?: Logger;
  /** Clock for session expiry (ms); tests pass their own. */
  now?: () => number;
  /** This replica's id behind a proxy: it leads every session id minted here and is sent as X-Fictionworld-Replica. */
  replicaId?: string;
}

export interface ServerContext {
  readonly limits: ServerLimits;
  /** Where every request's work runs: worlds, sessions, tool calls. */
  readonly core: SearchCore;
  readonly limiter: RateLimiter;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly adminToken: string | undefined;
  /** This replica's id, when it has one. */
  readonly replicaId: string | undefined;
  /** Set by shutdown: new requests get 503 while in-flight ones finish. */
  draining: boolean;
  inFlight: number;
  /** End the calls still asleep in simulated latency; close sessions and world handles. */
  close(): void;
}

export function createServerContext(opts: ServerOptions): ServerContext {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const log = opts.logger ?? createLogger('info');
  const renderer = typeof opts.renderer === 'object' ? opts.renderer : createRendererSync(opts.renderer ?? 'template');
  const limiter = new RateLimiter({ rate: limits.rateLimit, burst: limits.rateBurst });
  // The core reports calls and ended sessions to the metrics, which read the core's counts when scraped.
  const stat = () => core.stats();
  const metrics = new Metrics({
    sessions: () => stat().sessions,
    openWorlds: () => stat().openWorlds,
    worldOpens: () => stat().opens,
    worldCloses: () => stat().closes,
    inFlight: () => ctx.inFlight,
    rateLimitKeys: () => limiter.size,
  });
  const core: SearchCore = createLocalCore({
    worlds: opts.worlds,
    renderer,
    limits,
    log,
    now: opts.now,
    replicaId: opts.replicaId === undefined ? undefined : checkReplicaId(opts.replicaId),
    onCall: (r) => metrics.toolCalls.inc({ tool: r.meta.tool, outcome: r.error?.type ?? 'ok' }),
    onSessionEnd: (reason) => metrics.sessionsClosed.inc({ reason }),
  });
  const ctx: ServerContext = {
    limits,
    core,
    limiter,
    metrics,
    log,
    adminToken: opts.adminToken || undefined,
    replicaId: opts.replicaId,
    draining: false,
    inFlight: 0,
    close: () => core.close(),
  };
  return ctx;
}
