/**
 * Server metrics in the Prometheus text format (`GET /metrics`): request counts and latency by route
 * pattern (never by raw path, so the label set stays small), tool calls by outcome, limits hit, and
 * gauges read when scraped (sessions, open worlds, in-flight requests, memory).
 */

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs).map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;

export type GaugeReader = () => number;

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly durations = new Map<string, Histogram>();
  private readonly counters = new Map<string, { help: string; values: Map<string, number> }>();
  private readonly gauges = new Map<string, { help: string; read: GaugeReader }>();
  private readonly started = performance.now();

  /** One finished HTTP request. */
  request(route: string, method: string, status: number, seconds: number): void {
    const key = labels({ route, method, status: String(status) });
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let h = this.durations.get(route);
    if (!h) this.durations.set(route, (h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) h.counts[i]!++;
    h.sum += seconds;
    h.count++;
  }

  /** Add to a named counter (created on first use) with the given labels. */
  count(name: string, help: string, pairs: Record<string, string> = {}, by = 1): void {
    let c = this.counters.get(name);
    if (!c) this.counters.set(name, (c = { help, values: new Map() }));
    const key = Object.keys(pairs).length > 0 ? labels(pairs) : '';
    c.values.set(key, (c.values.get(key) ?? 0) + by);
  }

  /** A gauge read at scrape time. */
  gauge(name: string, help: string, read: GaugeReader): void {
    this.gauges.set(name, { help, read });
  }

  /** Total of a counter over all its labels (for tests and the health route). */
  total(name: string): number {
    let n = 0;
    for (const v of this.counters.get(name)?.values.values() ?? []) n += v;
    return n;
  }

  render(): string {
    const out: string[] = [];
    out.push('# HELP fictionworld_http_requests_total HTTP requests by route pattern, method and status.');
    out.push('# TYPE fictionworld_http_requests_total counter');
    for (const [k, v] of this.requests) out.push(`fictionworld_http_requests_total${k} ${v}`);
    out.push('# HELP fictionworld_http_request_duration_seconds Time to answer an HTTP request, by route pattern.');
    out.push('# TYPE fictionworld_http_request_duration_seconds histogram');
    for (const [route, h] of this.durations) {
      BUCKETS.forEach((le, i) => out.push(`fictionworld_http_request_duration_seconds_bucket${labels({ route, le: String(le) })} ${h.counts[i]}`));
      out.push(`fictionworld_http_request_duration_seconds_bucket${labels({ route, le: '+Inf' })} ${h.count}`);
      out.push(`fictionworld_http_request_duration_seconds_sum${labels({ route })} ${h.sum}`);
      out.push(`fictionworld_http_request_duration_seconds_count${labels({ route })} ${h.count}`);
    }
    for (const [name, c] of this.counters) {
      out.push(`# HELP ${name} ${c.help}`, `# TYPE ${name} counter`);
      for (const [k, v] of c.values) out.push(`${name}${k} ${v}`);
    }
    const mem = process.memoryUsage();
    const fixed: [string, string, number][] = [
      ['fictionworld_uptime_seconds', 'Seconds since the server started.', (performance.now() - this.started) / 1000],
      ['process_resident_memory_bytes', 'Resident memory size in bytes.', mem.rss],
      ['nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', mem.heapUsed],
    ];
    for (const [name, g] of this.gauges) fixed.push([name, g.help, g.read()]);
    for (const [name, help, v] of fixed) out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${v}`);
    return `${out.join('\n')}\n`;
  }
}
