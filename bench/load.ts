/**
 * bench:load — one `fictionworld serve` process under autocannon on loopback, over ≥100 generated worlds:
 *
 *   1. throughput: `--connections` (50) for `--duration` s (30) on the rollout mix below, rate limiting
 *      on (defaults), every request through a task-bound session → requests/s, p50/p99, errors;
 *   2. floor: a bare node:http server answering as many bytes (load-floor.ts) under the same load, in the
 *      same run; the lines (≥ 2,000 requests/s, p99 ≤ 100 ms) are printed beside it;
 *   3. retrieve: a trainer's step, one /retrieve of `--batch` (512) queries in as many task-bound
 *      sessions (`sessions` parallel to `queries`) → ms per query (line: under 1 ms);
 *   4. fuzz: `--fuzz` (10,000) bad requests (load-fuzz.ts), rate limiting off → zero 5xx, still healthy;
 *   5. soak: after a warm-up, `--minutes` (5) of session churn through a small open-world cache → RSS and
 *      JS heap growth from the first minute to the last.
 *
 *   node dist/bench/load.js [--count 100] [--worlds DIR] [--connections 50] [--duration 30] [--batch 512]
 *                           [--fuzz 10000] [--minutes 5] [--only throughput,floor,retrieve,fuzz,soak]
 *
 * Mix (throughput): 55% web_search, 15% /retrieve (topk 3), 15% web_extractor, 10% batch web_search
 * (3 queries), 5% MCP tools/call over /mcp; all with ?session= (one session per world, bound to one of
 * its tasks as a rollout's is, so every search runs the leakage guard).
 */
import autocannon, { type RawRequest, type RequestSpec } from 'autocannon';
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
const batch = Number(flag('batch', '512'));
const fuzzCount = Number(flag('fuzz', '10000'));
const minutes = Number(flag('minutes', '5'));
const only = new Set(flag('only', 'throughput,floor,retrieve,fuzz,soak').split(','));
const seed = 7;
const ADMIN = 'bench-admin-token';
const json = { 'content-type': 'application/json' };
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The lines for one process. */
const MIN_RPS = 2000;
const MAX_P99_MS = 100;
const MAX_MS_PER_QUERY = 1;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

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

/** The mix built before the run and cycled: the load generator shares the server's cores. */
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
  if (k < 19)
    return { method: 'POST', path: `/v1/search?session=${s}&format=json`, headers: json, body: JSON.stringify({ queries: rng.sample(world.queries, 3) }) };
  const call = { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'web_search', arguments: { query: q } } };
  return { method: 'POST', path: `/mcp?session=${s}`, headers: mcpHeaders, body: JSON.stringify(call) };
}

/** The rollout mix as autocannon requests: built once, each connection's requests cycling through it. */
function rolloutMix(worlds: readonly BenchWorld[], sessions: readonly string[]): RequestSpec[] {
  const mix: Prepared[] = Array.from({ length: MIX_SIZE }, (_, k) => mixRequest(k, worlds, sessions));
  let i = 0;
  return [{ setupRequest: (req) => fill(req, mix[i++ % MIX_SIZE]!) }];
}

interface ThroughputRun {
  rps: number;
  p99: number;
  errors: number;
  /** Mean bytes read per response (headers and body), as autocannon counts them. */
  bytesPerResponse: number;
}

async function throughput(dir: string, worlds: BenchWorld[]): Promise<ThroughputRun> {
  const server = await spawnServer(dir, ['--admin-token', ADMIN]);
  try {
    const sessions = await createSessions(server.url, worlds, ADMIN);
    const mix = rolloutMix(worlds, sessions);
    // warm-up: open every world once
    await autocannon({ url: server.url, connections: 10, amount: worlds.length * 5, requests: mix });
    const before = load();
    const cpu0 = server.cpuSeconds();
    const r = await autocannon({ url: server.url, connections, duration, requests: mix });
    const cpu = server.cpuSeconds() - cpu0;
    const codes = Object.entries(r.statusCodeStats)
      .map(([c, v]) => `${c}: ${v.count}`)
      .join(', ');
    console.log(
      [
        `throughput: one process, ${connections} connections, ${duration} s, ${worlds.length} worlds (a task-bound session each), ${availableParallelism()} cores`,
        `  requests/s ${r.requests.average.toFixed(0)} (total ${r.requests.total}), latency p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}`,
        `  errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx} (${codes})`,
        `  server CPU ${((cpu * 1000) / r.requests.total).toFixed(3)} ms per request; load average before ${before}, after ${load()}`,
      ].join('\n'),
    );
    return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, bytesPerResponse: r.throughput.total / Math.max(1, r.requests.total) };
  } finally {
    await server.stop();
  }
}

/** The floor's response headers (status line, content-type, Date, Connection, Keep-Alive, Content-Length). */
const FLOOR_HEADER_BYTES = 185;

/**
 * The floor, measured in the same run: a bare node:http server (load-floor.ts) answering every request
 * with as many bytes as the server's mean response, under the same requests, connections and duration.
 */
async function floor(worlds: BenchWorld[], run: ThroughputRun): Promise<void> {
  const bytes = Math.round(run.bytesPerResponse);
  const server = await spawnFloor(Math.max(1, bytes - FLOOR_HEADER_BYTES));
  try {
    const mix = rolloutMix(
      worlds,
      worlds.map((w) => `floor-${w.id}`),
    );
    const r = await autocannon({ url: server.url, connections, duration, requests: mix });
    console.log(
      [
        `floor: bare node:http (reads and parses the JSON body, answers ${bytes} bytes), same requests, ${connections} connections, ${duration} s`,
        `  requests/s ${r.requests.average.toFixed(0)}, p99 ${ms(r.latency.p99)}; errors ${r.errors}`,
        `errors: ${run.errors} (line: 0) — ${verdict(run.errors === 0)}`,
        `requests/s: ${run.rps.toFixed(0)} (line: ≥ ${MIN_RPS}; floor ${r.requests.average.toFixed(0)}, ${(run.rps / r.requests.average).toFixed(2)}× it) — ${verdict(run.rps >= MIN_RPS)}`,
        `p99: ${ms(run.p99)} (line: ≤ ${MAX_P99_MS} ms; floor ${ms(r.latency.p99)}) — ${verdict(run.p99 <= MAX_P99_MS)}`,
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}

/**
 * A trainer's step: one /retrieve of `batch` queries, each in its own session bound to a task (so the
 * guard runs), `sessions` parallel to `queries`. Five batches, each with new queries for every session
 * (the first is also each session's first call); the figure is the median batch's time per query.
 */
async function retrieveBatch(dir: string, worlds: BenchWorld[]): Promise<void> {
  const server = await spawnServer(dir, ['--admin-token', ADMIN, '--rate-limit', '0']);
  try {
    const owners = Array.from({ length: batch }, (_, i) => worlds[i % worlds.length]!);
    const sessions = await createSessions(server.url, owners, ADMIN);
    const perQuery: number[] = [];
    for (let round = 0; round < 5; round++) {
      const queries = owners.map((w, i) => w.queries[(i + round * 7) % w.queries.length]!);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/retrieve`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ queries, sessions, topk: 3, return_scores: true }),
      });
      const body = (await res.json()) as { result?: unknown[] };
      const elapsed = performance.now() - t0;
      if (res.status !== 200 || body.result?.length !== batch) throw new Error(`/retrieve batch: HTTP ${res.status}`);
      perQuery.push(elapsed / batch);
    }
    const med = median(perQuery);
    console.log(
      [
        `retrieve: ${batch} queries in one /retrieve, ${batch} task-bound sessions over ${worlds.length} worlds, topk 3; 5 batches, ms per query: ${perQuery.map((v) => v.toFixed(3)).join(', ')}`,
        `ms per query: ${med.toFixed(3)} (median batch; line: < ${MAX_MS_PER_QUERY} ms) — ${verdict(med < MAX_MS_PER_QUERY)}`,
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}

async function fuzz(dir: string, worlds: BenchWorld[]): Promise<string> {
  const server = await spawnServer(dir, ['--admin-token', ADMIN, '--rate-limit', '0']);
  try {
    const sessions = await createSessions(server.url, worlds.slice(0, 10));
    const t0 = performance.now();
    const r = await runFuzz(server.url, fuzzCount, seed, worlds, sessions);
    const secs = (performance.now() - t0) / 1000;
    const health = await fetch(`${server.url}/health`);
    const ok = await fetch(`${server.url}/v1/search?world=${worlds[0]!.id}`, { method: 'POST', body: JSON.stringify({ query: worlds[0]!.queries[0] }) });
    const okText = await ok.text();
    const lines = [
      `fuzz: ${r.sent} bad requests in ${secs.toFixed(1)} s; by class ${JSON.stringify(r.byClass)}; 5xx: ${r.fiveXx.length}; transport errors: ${r.transportErrors}`,
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
        return fill(req, {
          method: 'POST',
          path: '/v1/sessions',
          headers: json,
          body: JSON.stringify({ world: worlds[ctx.w as number]!.id, seed: n, profile: 'light' }),
        });
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
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) =>
        fill(req, {
          method: 'POST',
          path: `/v1/search?session=${ctx.s}`,
          headers: json,
          body: JSON.stringify({ query: pick(ctx).queries[(k * 7 + n) % pick(ctx).queries.length] }),
        }),
    })),
    {
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) =>
        fill(req, {
          method: 'POST',
          path: `/retrieve?session=${ctx.s}`,
          headers: json,
          body: JSON.stringify({ queries: pick(ctx).queries.slice(0, 4), topk: 5 }),
        }),
    },
    {
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) =>
        fill(req, {
          method: 'POST',
          path: `/v1/open?session=${ctx.s}`,
          headers: json,
          body: JSON.stringify({ url: pick(ctx).urls[n % pick(ctx).urls.length] }),
        }),
    },
    {
      setupRequest: (req: RawRequest) => {
        const w = worlds[new Rng(`oneoff:${n++}`).int(0, worlds.length - 1)]!;
        return fill(req, { method: 'POST', path: `/v1/search?world=${w.id}`, headers: json, body: JSON.stringify({ query: w.queries[0] }) });
      },
    },
    {
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => {
        const call = {
          jsonrpc: '2.0',
          id: n,
          method: 'tools/call',
          params: { name: 'web_search', arguments: { query: pick(ctx).queries[n % pick(ctx).queries.length] } },
        };
        return fill(req, { method: 'POST', path: `/mcp?session=${ctx.s}`, headers: mcpHeaders, body: JSON.stringify(call) });
      },
    },
    { setupRequest: (req: RawRequest, ctx: Record<string, unknown>) => fill(req, { method: 'GET', path: `/v1/sessions/${ctx.s}/trajectory` }) },
    {
      setupRequest: (req: RawRequest, ctx: Record<string, unknown>) =>
        fill(req, n % 4 === 0 ? { method: 'GET', path: '/health' } : { method: 'DELETE', path: `/v1/sessions/${ctx.s}` }),
    },
  ];
  return steps;
}

/** Median of a list of numbers. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function soak(dir: string, worlds: BenchWorld[]): Promise<string> {
  const server = await spawnServer(dir, ['--rate-limit', '0', '--max-open-worlds', '32', '--session-ttl', '20']);
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
    const stats = (xs: typeof samples, k: 'rss' | 'heap') => ({
      med: median(xs.map((s) => s[k])),
      max: Math.max(...xs.map((s) => s[k])),
      min: Math.min(...xs.map((s) => s[k])),
    });
    const [er, lr, eh, lh] = [stats(early, 'rss'), stats(late, 'rss'), stats(early, 'heap'), stats(late, 'heap')];
    const lines = [
      `soak: ${win} s warm-up, then ${minutes} min measured; 20 connections; session churn over ${worlds.length} worlds; --max-open-worlds 32, --session-ttl 20`,
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
const measured = only.has('throughput') ? await throughput(dir, worlds) : undefined;
if (measured && only.has('floor')) await floor(worlds, measured);
if (only.has('retrieve')) await retrieveBatch(dir, worlds);
if (only.has('fuzz')) await fuzz(dir, worlds);
if (only.has('soak')) await soak(dir, worlds);
