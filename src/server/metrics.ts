/**
 * Server metrics for `GET /metrics`, over prom-client: one Registry per server context, merged when
 * scraped with one process-wide registry of prom-client's default process metrics (event-loop lag, GC,
 * memory, CPU, handles). Those are collected once per process: each collection starts monitors that
 * are never stopped, so a context apiece (tests, embedders) would pile them up. Request counts and latency are by
 * route pattern (never by raw path, so the label set stays small); tool calls by outcome; limits hit;
 * gauges read when scraped (sessions, open worlds, in-flight requests).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

let processRegistry: Registry | undefined;
/** The process's default metrics, started on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the gauges read at scrape time. */
export interface MetricSources {
  sessions(): number;
  openWorlds(): number;
  worldOpens(): number;
  worldCloses(): number;
  inFlight(): number;
  rateLimitKeys(): number;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly durations: Histogram<'route'>;
  readonly toolCalls: Counter<'tool' | 'outcome'>;
  readonly sessionsCreated: Counter;
  readonly sessionsClosed: Counter<'reason'>;
  readonly errors: Counter<'code'>;
  readonly rateLimited: Counter;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    processMetrics();
    this.requests = new Counter({
      name: 'fictionworld_http_requests_total',
      help: 'HTTP requests by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'fictionworld_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern.',
      labelNames: ['route'],
      buckets: BUCKETS,
      registers,
    });
    this.toolCalls = new Counter({
      name: 'fictionworld_tool_calls_total',
      help: 'Tool calls answered, by tool and outcome (ok, or the simulated fault).',
      labelNames: ['tool', 'outcome'],
      registers,
    });
    this.sessionsCreated = new Counter({ name: 'fictionworld_sessions_created_total', help: 'Sessions created.', registers });
    this.sessionsClosed = new Counter({ name: 'fictionworld_sessions_closed_total', help: 'Sessions ended, by reason.', labelNames: ['reason'], registers });
    this.errors = new Counter({ name: 'fictionworld_errors_total', help: 'Requests answered with an error, by code.', labelNames: ['code'], registers });
    this.rateLimited = new Counter({ name: 'fictionworld_rate_limited_total', help: 'Requests refused by the rate limiter.', registers });
    const started = performance.now();
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('fictionworld_uptime_seconds', 'Seconds since the server started.', () => (performance.now() - started) / 1000);
    gauge('nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', () => process.memoryUsage().heapUsed);
    gauge('fictionworld_sessions', 'Live sessions.', sources.sessions);
    gauge('fictionworld_open_worlds', 'Open world handles.', sources.openWorlds);
    gauge('fictionworld_world_opens_total', 'World files opened since start.', sources.worldOpens);
    gauge('fictionworld_world_closes_total', 'World handles closed since start.', sources.worldCloses);
    gauge('fictionworld_in_flight_requests', 'Requests being handled.', sources.inFlight);
    gauge('fictionworld_rate_limit_keys', 'Keys tracked by the rate limiter.', sources.rateLimitKeys);
  }

  /** One finished HTTP request. */
  request(route: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ route, method, status });
    this.durations.observe({ route }, seconds);
  }

  /** The Prometheus text of every metric, and its content type. */
  async render(): Promise<{ text: string; contentType: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { text: await merged.metrics(), contentType: this.registry.contentType };
  }
}
