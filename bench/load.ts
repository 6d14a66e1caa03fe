/**
 * bench:load — the server under autocannon on loopback, over ≥100 generated worlds:
 *
 *   1. throughput: `--connections` (50) for `--duration` s (30) on the rollout mix below, rate limiting
 *      on (defaults), every request through a session → requests/s, p50/p99 latency, errors; then the
 *      floor, a bare node:http server answering as many bytes (load-floor.ts), under the same load;
 *   2. fuzz: `--fuzz` (10,000) bad requests (load-fuzz.ts) against a server with rate limiting off →
 *      zero 5xx, and the server still healthy and answering;
 *   3. soak: after a minute's warm-up, `--minutes` (5) of session churn (create, search, retrieve, MCP,
 *      trajectory, close or abandon to the TTL) plus one-off calls over every world through a small
 *      open-world cache → RSS and JS heap sampled every 5 s; growth from the first minute to the last,
 *      by median and by peak.
 *
 *   node dist/bench/load.js [--count 100] [--worlds DIR] [--connections 50] [--duration 30] [--fuzz 10000]
 *                           [--minutes 5] [--only throughput,floor,fuzz,soak] [--threads 1,2] [--warmup 0]
 *
 * `--threads` is passed to `serve` (default: 1 and the number of cores): throughput runs once per value,
 * fuzz and soak with the last one. The throughput run measures a fresh server, as a trainer's batch over
 * new tasks meets it (after 5 requests per world that open the worlds); `--warmup S` first runs the same
 * load for S seconds, unmeasured, to see a server that has already met the mix's tasks and queries.
 *
 * Mix (throughput): 55% web_search, 15% /retrieve (topk 3), 15% web_extractor, 10% batch web_search
 * (3 queries), 5% MCP tools/call over /mcp; all with ?session= (one session per world, bound to one of
 * its tasks as a rollout's is, so every search runs the leakage guard).
 */
import autocannon, { type RawRequest, type RequestSpec } from 'autocannon';
import type { EventEmitter } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { Rng } from '../src/rng.js';
import { runFuzz } from './load-fuzz.js';
import { createSessions, ensureWorlds, spawnFloor, spawnServer, type BenchWorld } from './load-server.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const count = Number(flag('count', '100'));
const connections = Number(flag('connections', '50'));
const duration = Number(flag('duration', '30'));
const warmup = Number(flag('warmup', '0'));
const fuzzCount = Number(flag('fuzz', '10000'));
const minutes = Number(flag('minutes', '5'));
const only = new Set(flag('only', 'throughput,floor,fuzz,soak').split(','));
const threadList = flag('threads', [...new Set([1, availableParallelism()])].join(',')).split(',').map(Number);
const lastThreads = String(threadList[threadList.length - 1]);
const seed = 7;
const ADMIN = 'bench-admin-token';
const json = { 'content-type': 'application/json' };
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A request spec with autocannon's default headers (Host and the rest) merged in once. */
type Prepared = RawRequest & { merged?: Record<string, string> };

/** Fill autocannon's request in place (it carries the Host header and defaults; a fresh object would lose them). */
function fill(req: RawRequest, spec: Prepared): RawRequest {
  req.method = spec.method;
  req.path = spec.path;
  req.body = spec.body ?? '';
  req.headers = spec.merged ??= { ...req.headers, ...spec.headers };
  return req;
}

/**
 * The mix built before the run and cycled: the load generator shares the server's two cores, so it
 * should spend them sending, not building requests (about 20% of its CPU when built per request).
 */
const MIX_SIZE = 100_000;

/** The i-th request of the rollout mix, over session `sessions[w]` of world `worlds[w]`. */
function mixRequest(i: number, worlds: readonly BenchWorld[], sessions: readonly string[]): RawRequest {
  const rng = new Rng(`mix:${i}`);
  const w = rng.int(0, worlds.length - 1);
  const world = worlds[w]!;
  const s = sessions[w]!;
  const q = rng.pick(world.queries);
  const k = i % 20;
  if (k < 11) return { method: 'POST', path: `/v1/search?session=${s}`, headers: json, body: JSON.stringify({ query: q }) };
  if (k < 14) return { method: 'POST', path: `/retrieve?session=${s}`, headers: json, body: JSON.stringify({ queries: [q], topk: 3, return_scores: true }) };
  if (k < 17) return { method: 'POST', path: `/v1/open?session=${s}`, headers: json, body: JSON.stringify({ url: rng.pick(world.urls) }) };
  if (k < 19) return { method: 'POST', path: `/v1/search?session=${s}&format=json`, headers: json, body: JSON.stringify({ queries: rng.sample(world.queries, 3) }) };
  const call = { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'web_search', arguments: { query: q } } };
  return { method: 'POST', path: `/mcp?session=${s}`, headers: mcpHeaders, body: JSON.stringify(call) };
}

/** "main 0.21, 0.12, 0.11, others 0.03": the server's CPU per request by thread, busiest first after the main thread. */
function threadShares(pid: number, before: Map<number, number>, after: Map<number, number>, requests: number): string | undefined {
  if (after.size === 0) return undefined;
  const per = (tid: number) => ((after.get(tid)! - (before.get(tid) ?? 0)) * 1000) / requests;
  const rest = [...after.keys()].filter((t) => t !== pid).map(per).sort((a, b) => b - a);
  const others = rest.slice(2).reduce((a, b) => a + b, 0);
  return [`main ${per(pid).toFixed(3)}`, ...rest.slice(0, 2).map((v) => v.toFixed(3)), `others ${others.toFixed(3)}`].join(', ');
}

interface ThroughputRun {
  threads: number;
  rps: number;
  p99: number;
  /** Mean bytes read per response (headers and body), as autocannon counts them. */
  bytesPerResponse: number;
}

const runs: ThroughputRun[] = [];

/** The first seconds of a run from a fresh server, where most queries, pages and tasks are met for the first time. */
const RAMP_SECONDS = 5;

/**
 * Each response's latency and when it came (autocannon's 'response' events): where in the run the slow
 * ones fall. A fresh server meets every query of the mix for the first time in its first seconds (the
 * guard's first look at new snippet text costs several times a repeated query), so the p99 of the whole
 * run is set partly by its start and partly by stalls later on.
 */
class Timeline {
  private readonly t0 = performance.now();
  private at = new Float64Array(1 << 16);
  private ms = new Float64Array(1 << 16);
  private n = 0;

  add(latencyMs: number): void {
    if (this.n === this.at.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.at = grow(this.at);
      this.ms = grow(this.ms);
    }
    this.at[this.n] = (performance.now() - this.t0) / 1000;
    this.ms[this.n++] = latencyMs;
  }

  /** p99 of the first `ramp` seconds and of the rest, and the share of the run's slowest 1% in the first. */
  summary(ramp: number): string {
    const p99 = (xs: number[]) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))]!);
    const early: number[] = [];
    const late: number[] = [];
    for (let i = 0; i < this.n; i++) (this.at[i]! < ramp ? early : late).push(this.ms[i]!);
    const cut = p99([...early, ...late]);
    let slowEarly = 0;
    let slow = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.ms[i]! < cut) continue;
      slow++;
      if (this.at[i]! < ramp) slowEarly++;
    }
    return `by time: p99 ${ms(p99(early))} in the first ${ramp} s (${early.length} responses), ${ms(p99(late))} after (${late.length}); ` +
      `${((100 * slowEarly) / Math.max(1, slow)).toFixed(0)}% of the slowest 1% in the first ${ramp} s`;
  }
}

/** The rollout mix as autocannon requests: built once, each connection's requests cycling through it. */
function rolloutMix(worlds: readonly BenchWorld[], sessions: readonly string[]): RequestSpec[] {
  const mix: Prepared[] = Array.from({ length: MIX_SIZE }, (_, k) => mixRequest(k, worlds, sessions));
  let i = 0;
  return [{ setupRequest: (req) => fill(req, mix[i++ % MIX_SIZE]!) }];
}

async function throughput(dir: string, worlds: BenchWorld[], threads: number): Promise<string> {
  const server = await spawnServer(dir, ['--admin-token', ADMIN, '--threads', String(threads)]);
  try {
    const sessions = await createSessions(server.url, worlds, ADMIN);
    const mix = rolloutMix(worlds, sessions);
    // warm-up: open every world once
    await autocannon({ url: server.url, connections: 10, amount: worlds.length * 5, requests: mix });
    const warm = warmup > 0 ? await autocannon({ url: server.url, connections, duration: warmup, requests: mix }) : undefined;
    const before = load();
    const cpu0 = server.cpuSeconds();
    const threads0 = server.threadCpuSeconds();
    const client0 = process.cpuUsage();
    const timeline = new Timeline();
    const run = autocannon({ url: server.url, connections, duration, requests: mix });
    // The result is also an event emitter (autocannon's tracker): one 'response' event per response.
    (run as unknown as EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => timeline.add(ms));
    const r = await run;
    const cpu = server.cpuSeconds() - cpu0;
    const client = process.cpuUsage(client0);
    const clientMs = (client.user + client.system) / 1000;
    const byThread = threadShares(server.child.pid!, threads0, server.threadCpuSeconds(), r.requests.total);
    const after = load();
    const codes = Object.entries(r.statusCodeStats).map(([c, v]) => `${c}: ${v.count}`).join(', ');
    const line = [
      `throughput: --threads ${threads}, ${connections} connections, ${duration} s, ${worlds.length} worlds (a task-bound session each), ${availableParallelism()} cores`,
      ...(warm ? [`  after a warm-up of ${warmup} s (not counted): requests/s ${warm.requests.average.toFixed(0)}, p99 ${ms(warm.latency.p99)}, errors ${warm.errors}, non-2xx ${warm.non2xx}`] : []),
      `  requests/s ${r.requests.average.toFixed(0)} (total ${r.requests.total}), latency p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}`,
      // The shape of the tail: a smooth queueing tail (p99 a few times the mean) or a few long stalls (p99.9 and max far out).
      `  latency mean ${ms(r.latency.mean)} (stddev ${ms(r.latency.stddev)}), p90 ${ms(r.latency.p90)}, p97.5 ${ms(r.latency.p97_5)}, p99.9 ${ms(r.latency.p99_9)}`,
      `  ${timeline.summary(RAMP_SECONDS)}`,
      `  errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx} (${codes})`,
      `  server CPU ${cpu.toFixed(1)} s = ${((cpu * 1000) / r.requests.total).toFixed(3)} ms per request (${(r.requests.total / cpu).toFixed(0)} requests per CPU-second); ${(cpu / r.duration * 100).toFixed(0)}% of one core`,
      ...(byThread ? [`  by thread (ms per request): ${byThread}`] : []),
      `  load generator (autocannon, this process) CPU ${(clientMs / 1000).toFixed(1)} s = ${(clientMs / r.requests.total).toFixed(3)} ms per request`,
      `  load average (1/5/15 min) before ${before}, after ${after}`,
    ].join('\n');
    console.log(line);
    runs.push({ threads, rps: r.requests.average, p99: r.latency.p99, bytesPerResponse: r.throughput.total / Math.max(1, r.requests.total) });
    return line;
  } finally {
    await server.stop();
  }
}

/**
 * The floor, measured in the same run: a bare node:http server (load-floor.ts) answering every request
 * with as many bytes as the server's mean response, driven by the same load generator with the same
 * requests, connections and duration.
 */
/** The floor's response headers (status line, content-type, Date, Connection, Keep-Alive, Content-Length). */
const FLOOR_HEADER_BYTES = 185;

async function floor(worlds: BenchWorld[]): Promise<string> {
  const bytes = Math.round(Math.max(...runs.map((r) => r.bytesPerResponse)));
  const server = await spawnFloor(Math.max(1, bytes - FLOOR_HEADER_BYTES));
  try {
    const sessions = worlds.map((w) => `floor-${w.id}`);
    const mix = rolloutMix(worlds, sessions);
    const r = await autocannon({ url: server.url, connections, duration, requests: mix });
    const ratios = runs.map((t) => `--threads ${t.threads}: requests/s ${(t.rps / r.requests.average).toFixed(2)}× the floor's, p99 ${(t.p99 / Math.max(1, r.latency.p99)).toFixed(1)}× the floor's`);
    const lines = [
      `floor: bare node:http (reads and parses the JSON body, answers ${(r.throughput.total / Math.max(1, r.requests.total)).toFixed(0)} bytes per response with its headers, the server ${bytes}), same requests, ${connections} connections, ${duration} s`,
      `  requests/s ${r.requests.average.toFixed(0)} (total ${r.requests.total}), latency p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}; errors ${r.errors}, non-2xx ${r.non2xx}`,
      ...ratios.map((x) => `  ${x}`),
    ];
    console.log(lines.join('\n'));
    return lines.join('\n');
  } finally {
    await server.stop();
  }
}

async function fuzz(dir: string, worlds: BenchWorld[]): Promise<string> {
  const server = await spawnServer(dir, ['--admin-token', ADMIN, '--rate-limit', '0', '--threads', lastThreads]);
  try {
    const sessions = await createSessions(server.url, worlds.slice(0, 10));
    const t0 = performance.now();
    const r = await runFuzz(server.url, fuzzCount, seed, worlds, sessions);
    const secs = (performance.now() - t0) / 1000;
    const health = await fetch(`${server.url}/health`);
    const ok = await fetch(`${server.url}/v1/search?world=${worlds[0]!.id}`, { method: 'POST', body: JSON.stringify({ query: worlds[0]!.queries[0] }) });
    const okText = await ok.text();
    const lines = [
      `fuzz (--threads ${lastThreads}): ${r.sent} bad requests in ${secs.toFixed(1)} s; by class ${JSON.stringify(r.byClass)}; 5xx: ${r.fiveXx.length}; transport errors: ${r.transportErrors}`,
      `  afterwards: /health ${health.status}, a valid search ${ok.status} (${okText.startsWith('Results for') ? 'results' : 'NOT results'})`,
      ...Object.entries(r.byKind).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`),
      ...r.fiveXx.slice(0, 10).map((f) => `  5xx ${f.status} ${f.kind} ${f.path} ${f.body}`),
      ...r.errorSamples.map((e) => `  transport error: ${e}`),
    ];
    console.log(lines.join('\n'));
    return lines.join('\n');
  } finally {
    await server.stop();
  }
}

/** Session lifecycle per connection: create → 8 searches → retrieve → open → one-off call → MCP call → trajectory → close (or abandon 1 in 4). */
function soakRequests(worlds: readonly BenchWorld[]) {
  let n = 0;
  const pick = (ctx: Record<string, unknown>) => worlds[ctx.w as number]!;
  const steps = [
    {
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => {
        ctx.w = new Rng(`soak:${n++}`).int(0, worlds.length - 1);
        return fill(req, { method: 'POST', path: '/v1/sessions', headers: json, body: JSON.stringify({ world: worlds[ctx.w as number]!.id, seed: n, profile: 'light' }) });
      },
      onResponse: (_s: number, body: string, ctx: Record<string, unknown>) => {
        try {
          ctx.s = (JSON.parse(body) as { session: string }).session;
        } catch {
          ctx.s = 'none';
        }
      },
    },
    ...Array.from({ length: 8 }, (_, k) => ({
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => fill(req, { method: 'POST', path: `/v1/search?session=${ctx.s}`, headers: json, body: JSON.stringify({ query: pick(ctx).queries[(k * 7 + n) % pick(ctx).queries.length] }) }),
    })),
    { setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => fill(req, { method: 'POST', path: `/retrieve?session=${ctx.s}`, headers: json, body: JSON.stringify({ queries: pick(ctx).queries.slice(0, 4), topk: 5 }) }) },
    { setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => fill(req, { method: 'POST', path: `/v1/open?session=${ctx.s}`, headers: json, body: JSON.stringify({ url: pick(ctx).urls[n % pick(ctx).urls.length] }) }) },
    {
      setupRequest: (req: RawRequest) => {
        const w = worlds[new Rng(`oneoff:${n++}`).int(0, worlds.length - 1)]!;
        return fill(req, { method: 'POST', path: `/v1/search?world=${w.id}`, headers: json, body: JSON.stringify({ query: w.queries[0] }) });
      },
    },
    {
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => {
        const call = { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'web_search', arguments: { query: pick(ctx).queries[n % pick(ctx).queries.length] } } };
        return fill(req, { method: 'POST', path: `/mcp?session=${ctx.s}`, headers: mcpHeaders, body: JSON.stringify(call) });
      },
    },
    { setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => fill(req, { method: 'GET', path: `/v1/sessions/${ctx.s}/trajectory` }) },
    { setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => fill(req, n % 4 === 0 ? { method: 'GET', path: '/health' } : { method: 'DELETE', path: `/v1/sessions/${ctx.s}` }) },
  ];
  return steps;
}

/** Median of a list of numbers. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function soak(dir: string, worlds: BenchWorld[]): Promise<string> {
  const server = await spawnServer(dir, ['--rate-limit', '0', '--max-open-worlds', '32', '--session-ttl', '20', '--threads', lastThreads]);
  const samples: { t: number; rss: number; heap: number }[] = [];
  let t0 = performance.now();
  const sample = async () => {
    const rss = await server.rss();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const heap = Number(/^nodejs_heap_used_bytes (\S+)/m.exec(text)?.[1] ?? NaN);
    samples.push({ t: (performance.now() - t0) / 1000, rss, heap });
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const before = load();
    const total = minutes * 60;
    const win = Math.min(60, total / 5);
    // warm-up (not measured): worlds open, the session population reaches its steady state (TTL 20 s)
    await autocannon({ url: server.url, connections: 20, duration: win, requests: soakRequests(worlds) });
    t0 = performance.now();
    timer = setInterval(() => void sample().catch(() => {}), 5000);
    const r = await autocannon({ url: server.url, connections: 20, duration: total, requests: soakRequests(worlds) });
    clearInterval(timer);
    await sample();
    const metrics = await (await fetch(`${server.url}/metrics`)).text().catch(() => '');
    const gauge = (name: string) => new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? '?';
    const early = samples.filter((s) => s.t < win);
    const late = samples.filter((s) => s.t >= total - win);
    const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
    const pct = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)}%`;
    const stats = (xs: typeof samples, k: 'rss' | 'heap') => ({ med: median(xs.map((s) => s[k])), max: Math.max(...xs.map((s) => s[k])), min: Math.min(...xs.map((s) => s[k])) });
    const [er, lr, eh, lh] = [stats(early, 'rss'), stats(late, 'rss'), stats(early, 'heap'), stats(late, 'heap')];
    const lines = [
      `soak: --threads ${lastThreads}, ${win} s warm-up, then ${minutes} min measured; 20 connections; session churn over ${worlds.length} worlds; --max-open-worlds 32, --session-ttl 20`,
      `  ${r.requests.total} requests (${r.requests.average.toFixed(0)}/s), p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, errors ${r.errors}, non-2xx ${r.non2xx}`,
      `  RSS first ${win} s vs last ${win} s: median ${mb(er.med)} → ${mb(lr.med)} (${pct(er.med, lr.med)}), peak ${mb(er.max)} → ${mb(lr.max)} (${pct(er.max, lr.max)})`,
      `  JS heap: median ${mb(eh.med)} → ${mb(lh.med)}, lowest (after a major GC) ${mb(eh.min)} → ${mb(lh.min)}, peak ${mb(eh.max)} → ${mb(lh.max)}`,
      `  open worlds ${gauge('fictionworld_open_worlds')}, world opens ${gauge('fictionworld_world_opens_total')}, live sessions ${gauge('fictionworld_sessions')}`,
      `  RSS samples every 5 s (MB): ${samples.map((s) => (s.rss / 1048576).toFixed(0)).join(' ')}`,
      `  heap samples (MB): ${samples.map((s) => (s.heap / 1048576).toFixed(0)).join(' ')}`,
      `  load average before ${before}, after ${load()}`,
    ];
    console.log(lines.join('\n'));
    return lines.join('\n');
  } finally {
    clearInterval(timer);
    await server.stop();
  }
}

const { dir, worlds } = await ensureWorlds(count, seed, process.argv.includes('--worlds') ? flag('worlds', '') : undefined);
console.log(`${worlds.length} worlds in ${dir}; node ${process.version}; ${availableParallelism()} cores; load average ${load()}`);
if (only.has('throughput')) for (const t of threadList) await throughput(dir, worlds, t);
if (only.has('floor') && runs.length > 0) await floor(worlds);
if (only.has('fuzz')) await fuzz(dir, worlds);
if (only.has('soak')) await soak(dir, worlds);
