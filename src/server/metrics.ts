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

interface SeriesEntry {
  key: string;
  value: number;
}

interface LabelNode {
  /** By label name, then value. */
  next: Map<string, Map<string, LabelNode>>;
  entry?: SeriesEntry;
}

/**
 * Series by label set, each label set's text (`{a="x",b="y"}`) built once: a server counts every request
 * and tool call, and building and escaping the text each time was most of what that cost. Looked up
 * through a tree of maps by label name and value, in the order the caller writes the labels (as the text
 * is: the same labels in another order are another series, as before).
 */
class Series {
  private readonly root: LabelNode = { next: new Map() };
  /** Each label set's text and value, in the order first seen. */
  readonly entries: SeriesEntry[] = [];

  entry(pairs: Readonly<Record<string, string>>): SeriesEntry {
    let node = this.root;
    for (const name in pairs) {
      let byValue = node.next.get(name);
      if (!byValue) node.next.set(name, (byValue = new Map()));
      const value = pairs[name]!;
      let child = byValue.get(value);
      if (!child) byValue.set(value, (child = { next: new Map() }));
      node = child;
    }
    if (!node.entry) {
      node.entry = { key: Object.keys(pairs).length > 0 ? labels(pairs) : '', value: 0 };
      this.entries.push(node.entry);
    }
    return node.entry;
  }
}

export class Metrics {
  private readonly requests = new Series();
  /** The request series' status labels as strings (a handful of codes). */
  private readonly statusText = new Map<number, string>();
  private readonly durations = new Map<string, Histogram>();
  private readonly counters = new Map<string, { help: string; values: Series }>();
  private readonly gauges = new Map<string, { help: string; read: GaugeReader }>();
  private readonly started = performance.now();

  /** One finished HTTP request. */
  request(route: string, method: string, status: number, seconds: number): void {
    let text = this.statusText.get(status);
    if (text === undefined) this.statusText.set(status, (text = String(status)));
    this.requests.entry({ route, method, status: text }).value++;
    let h = this.durations.get(route);
    if (!h) this.durations.set(route, (h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) h.counts[i]!++;
    h.sum += seconds;
    h.count++;
  }

  /** Add to a named counter (created on first use) with the given labels. */
  count(name: string, help: string, pairs: Record<string, string> = {}, by = 1): void {
    let c = this.counters.get(name);
    if (!c) this.counters.set(name, (c = { help, values: new Series() }));
    c.values.entry(pairs).value += by;
  }

  /** A gauge read at scrape time. */
  gauge(name: string, help: string, read: GaugeReader): void {
    this.gauges.set(name, { help, read });
  }

  /** Total of a counter over all its labels (for tests and the health route). */
  total(name: string): number {
    let n = 0;
    for (const e of this.counters.get(name)?.values.entries ?? []) n += e.value;
    return n;
  }

  render(): string {
    const out: string[] = [];
    out.push('# HELP fictionworld_http_requests_total HTTP requests by route pattern, method and status.');
    out.push('# TYPE fictionworld_http_requests_total counter');
    for (const e of this.requests.entries) out.push(`fictionworld_http_requests_total${e.key} ${e.value}`);
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
      for (const e of c.values.entries) out.push(`${name}${e.key} ${e.value}`);
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
