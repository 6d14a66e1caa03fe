/**
 * bench:llm — what the world-model renderer adds to a web_search call, against a local fake endpoint
 * with a fixed latency (bench/llm-endpoint.ts, a child process that reports the time it held each
 * request). Two figures, each beside its floor:
 *
 * - overhead per call = the full call (`callTool`: retrieve, guard, prompt, request, parse, grounding,
 *   cache write, format) minus the time the endpoint held that request (from its first bytes reaching
 *   the endpoint to the answer written); floor 2 ms. Beside it, the same figure for a bare node:http
 *   POST of the same body (the loopback round trip any client pays here) and for one through the
 *   renderer's own transport;
 * - a cache hit against the same call with the template renderer, floor 2×: on a re-run (a new renderer
 *   reading the SQLite cache file, each answer's grounding-check stamp verified) and repeated (answers
 *   this renderer has already checked).
 *
 * Calls run one at a time over distinct queries (task questions and page titles of generated worlds),
 * one fresh session each; template calls and cache hits are interleaved over `rounds` rounds. One more
 * line makes the same misses `rollouts` at a time (each rollout one call after another, as a trainer's
 * do), the renderer's default concurrency: the process is then busy, and each call's overhead is its
 * time less the hold of its own request (the endpoint reports holds by query).
 * BENCH_RECORD=1 writes bench/results/llm.md.
 *
 *   npx tsc -p . && node dist/bench/llm.js [queries=300] [latencyMs=20] [rounds=5]
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWorld } from '../src/db/write.js';
import { createHttpFetch } from '../src/render/llm/http-fetch.js';
import { createLlmRenderer } from '../src/render/llm/llm-renderer.js';
import { createRenderer } from '../src/render/renderer.js';
import { callTool } from '../src/search/call-tool.js';
import { createSession } from '../src/compose.js';
import { createSearchWorld, type SearchWorld } from '../src/search/world-index.js';
import { generateWorld } from '../src/world/generate.js';

const queryCount = Number(process.argv[2] ?? 300);
const latencyMs = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 5);
const OVERHEAD_FLOOR_MS = 2;
const HIT_FLOOR_RATIO = 2;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (x: number) => x.toFixed(3);

const root = mkdtempSync(join(tmpdir(), 'fw-bench-llm-'));
const worlds: SearchWorld[] = [];
const jobs: { world: SearchWorld; query: string }[] = [];
for (let i = 0; jobs.length < queryCount && i < 50; i++) {
  const data = generateWorld(13, i);
  const path = join(root, `w${i}.sqlite`);
  writeWorld(path, data);
  const world = createSearchWorld(path);
  worlds.push(world);
  const seen = new Set<string>();
  for (const q of [...data.tasks.map((t) => t.question), ...data.documents.map((d) => d.title)]) {
    if (jobs.length >= queryCount || seen.has(q)) continue;
    seen.add(q);
    jobs.push({ world, query: q });
  }
}

const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'llm-endpoint.js'), [String(latencyMs)], { stdio: 'inherit' });
const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
const baseUrl = `http://127.0.0.1:${port}/v1`;
const stats = async () => (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as { count: number; heldMs: number; held: number[]; heldFromHandler: number[]; byQuery: Record<string, number> };
/** Each call's time minus the time the endpoint held its request (calls run one at a time, one request each). */
const beyondHeld = (calls: number[], before: { count: number }, after: { held: number[] }): number[] => {
  const held = after.held.slice(before.count);
  if (held.length !== calls.length) throw new Error(`${calls.length} calls made ${held.length} requests: cannot pair them`);
  return calls.map((ms, i) => ms - held[i]!);
};

const llm = createLlmRenderer({ baseUrl, model: 'bench-model', cachePath: join(root, 'llm-cache.sqlite') });
const template = await createRenderer('template');
const call = async (renderer: typeof template, job: (typeof jobs)[number], seed: number) => {
  const session = createSession(job.world, { renderer, seed });
  const c = process.cpuUsage();
  const t = performance.now();
  const r = await callTool(session, { name: 'web_search', arguments: { query: job.query } });
  const ms = performance.now() - t;
  const used = process.cpuUsage(c);
  return { ms, cpu: (used.user + used.system) / 1000, renderer: r.meta.renderer };
};

// Warm up: the SDK import, the connection, the JIT (other seeds: their own cache keys).
for (const job of jobs.slice(0, 20)) {
  await call(llm, job, 999);
  await call(template, job, 999);
}

// Cache misses: one request each.
const before = await stats();
const miss: number[] = [];
const missCpu: number[] = [];
const answered: Record<string, number> = {};
for (const job of jobs) {
  const r = await call(llm, job, 0);
  miss.push(r.ms);
  missCpu.push(r.cpu);
  answered[r.renderer] = (answered[r.renderer] ?? 0) + 1;
}
const after = await stats();
const requests = after.count - before.count;
// Every call answered by the model made at least one request (a cache hit or a fallback may make none);
// with as many requests as calls, each made exactly one, and call i is paired with request i.
if (answered.llm !== jobs.length) throw new Error(`only ${answered.llm ?? 0} of ${jobs.length} misses were answered by the model: ${JSON.stringify(answered)}`);
const heldMean = (after.heldMs - before.heldMs) / Math.max(1, requests);
const overhead = beyondHeld(miss, before, after);
// The same, with holds counted from the endpoint's request handler (its HTTP parsing charged to the call), as through the eleventh session.
const overheadFromHandler = beyondHeld(miss, before, { held: after.heldFromHandler });

// The same misses, `rollouts` at a time (another seed: other keys), each paired with its request's hold
// by its query (only queries asked once in the job list: the endpoint keeps one hold per query).
const rollouts = llm.settings.concurrency;
const asked = new Map<string, number>();
for (const j of jobs) asked.set(j.query, (asked.get(j.query) ?? 0) + 1);
const once = jobs.filter((j) => asked.get(j.query) === 1);
const concurrentMs = new Map<(typeof jobs)[number], number>();
const concurrentAnswered: Record<string, number> = {};
const queue = [...once];
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
await Promise.all(
  Array.from({ length: rollouts }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const r = await call(llm, job, 1);
      concurrentAnswered[r.renderer] = (concurrentAnswered[r.renderer] ?? 0) + 1;
      concurrentMs.set(job, r.ms);
    }
  }),
);
const concurrentWall = performance.now() - wallBefore;
const concurrentCpu = process.cpuUsage(cpuBefore);
const byQuery = (await stats()).byQuery;
const concurrentOverhead = once.map((j) => concurrentMs.get(j)! - byQuery[j.query]!);
if (concurrentAnswered.llm !== once.length) throw new Error(`only ${concurrentAnswered.llm ?? 0} of ${once.length} concurrent misses were answered by the model`);

// The transport floor: the last request body POSTed again with bare node:http (keep-alive), no SDK.
const lastBody = await (await fetch(`http://127.0.0.1:${port}/last`)).text();
const agent = new http.Agent({ keepAlive: true });
const post = () =>
  new Promise<void>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/v1/chat/completions', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(lastBody) } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(lastBody);
  });
const bare: number[] = [];
const bareCpu: number[] = [];
const beforeBare = await stats();
for (let i = 0; i < Math.min(100, jobs.length); i++) {
  const c = process.cpuUsage();
  const t = performance.now();
  await post();
  bare.push(performance.now() - t);
  const u = process.cpuUsage(c);
  bareCpu.push((u.user + u.system) / 1000);
}
const afterBare = await stats();
agent.destroy();
const bareOverhead = beyondHeld(bare, beforeBare, afterBare);
// The same POSTs through the renderer's own transport (http-fetch.ts over http1-pool.ts), no SDK.
const own = createHttpFetch();
const ownTimes: number[] = [];
const beforeOwn = await stats();
for (let i = 0; i < Math.min(100, jobs.length); i++) {
  const t = performance.now();
  await (await own.fetch(`${baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: lastBody })).arrayBuffer();
  ownTimes.push(performance.now() - t);
}
const afterOwn = await stats();
const ownOverhead = beyondHeld(ownTimes, beforeOwn, afterOwn);
own.close();

// Cache hits against template calls, interleaved. The renderer that answered the misses is closed and
// a new one opens the same cache file, as a re-run would: round 1 reads every answer from the file and
// verifies the stamp of the grounding check it passed (cache.ts; an unstamped or altered row is checked
// again); later rounds are repeat hits, which the renderer serves from the answers it
// has already checked (verified-answers.ts).
llm.close();
const rerun = createLlmRenderer({ baseUrl, model: 'bench-model', cachePath: join(root, 'llm-cache.sqlite') });
// Warm its hit path up on the warm-up's answers (other seeds: other keys).
for (const job of jobs.slice(0, 20)) await call(rerun, job, 999);
const hit: number[] = [];
const tpl: number[] = [];
const hitCpu: number[] = [];
const tplCpu: number[] = [];
const firstHit: number[] = [];
const firstTpl: number[] = [];
const firstHitCpu: number[] = [];
const firstTplCpu: number[] = [];
const hitRenderers: Record<string, number> = {};
for (let round = 0; round < rounds; round++) {
  for (const job of jobs) {
    const t = await call(template, job, 0);
    const r = await call(rerun, job, 0);
    (round === 0 ? firstTpl : tpl).push(t.ms);
    (round === 0 ? firstTplCpu : tplCpu).push(t.cpu);
    (round === 0 ? firstHit : hit).push(r.ms);
    (round === 0 ? firstHitCpu : hitCpu).push(r.cpu);
    hitRenderers[r.renderer] = (hitRenderers[r.renderer] ?? 0) + 1;
  }
}
const afterHits = await stats();

rerun.close();
child.disconnect();
for (const w of worlds) w.close();
rmSync(root, { recursive: true, force: true });

const ratioFirst = pct(firstHit, 50) / pct(firstTpl, 50);
const ratioFirstCpu = pct(firstHitCpu, 50) / pct(firstTplCpu, 50);
const ratioHit = pct(hit, 50) / pct(tpl, 50);
const ratioHitCpu = pct(hitCpu, 50) / pct(tplCpu, 50);
const load = loadavg().map((x) => x.toFixed(1)).join(' ');
const lines = [
  `bench:llm — ${jobs.length} distinct queries over ${worlds.length} worlds, fake endpoint latency ${latencyMs} ms (child process), cache on disk`,
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average at the end ${load} (other processes share the CPU: compare CPU time too)`,
  '',
  `cache miss (${jobs.length} calls, ${requests} requests, answered by: ${JSON.stringify(answered)})`,
  `  full call             p50 ${f(pct(miss, 50))} ms   p99 ${f(pct(miss, 99))} ms`,
  `  endpoint held         mean ${f(heldMean)} ms (fixed latency ${latencyMs} ms)`,
  `  overhead per call     mean ${f(mean(overhead))} ms   p50 ${f(pct(overhead, 50))} ms   p99 ${f(pct(overhead, 99))} ms   floor ${OVERHEAD_FLOOR_MS} ms   p50/floor ${f(pct(overhead, 50) / OVERHEAD_FLOOR_MS)} ${pct(overhead, 50) <= OVERHEAD_FLOOR_MS ? 'OK' : 'OVER'}`,
  `  (hold from handler)   overhead p50 ${f(pct(overheadFromHandler, 50))} ms   (the endpoint's parsing of the request head charged to the call, as through the eleventh session)`,
  `  bare HTTP POST        overhead p50 ${f(pct(bareOverhead, 50))} ms   p99 ${f(pct(bareOverhead, 99))} ms   CPU p50 ${f(pct(bareCpu, 50))} ms   (same body, node:http, no SDK: the loopback round trip any client pays on this machine)`,
  `  beyond a bare POST    p50 ${f(pct(overhead, 50) - pct(bareOverhead, 50))} ms   (overhead p50 minus the bare POST's: what the renderer adds to the round trip any client pays)   floor ${OVERHEAD_FLOOR_MS} ms   ${pct(overhead, 50) - pct(bareOverhead, 50) <= OVERHEAD_FLOOR_MS ? 'OK' : 'OVER'}`,
  `  bare POST, own pool   overhead p50 ${f(pct(ownOverhead, 50))} ms   p99 ${f(pct(ownOverhead, 99))} ms   (the same POST through the renderer's transport, http1-pool.ts, no SDK)`,
  `  CPU per call          p50 ${f(pct(missCpu, 50))} ms   mean ${f(mean(missCpu))} ms   (this process: everything but the endpoint)   floor ${OVERHEAD_FLOOR_MS} ms   ${pct(missCpu, 50) <= OVERHEAD_FLOOR_MS ? 'OK' : 'OVER'}`,
  '',
  `cache miss, ${rollouts} rollouts at once (${once.length} calls, the renderer's default concurrency; the process stays busy)`,
  `  overhead per call     mean ${f(mean(concurrentOverhead))} ms   p50 ${f(pct(concurrentOverhead, 50))} ms   p99 ${f(pct(concurrentOverhead, 99))} ms   floor ${OVERHEAD_FLOOR_MS} ms   p50/floor ${f(pct(concurrentOverhead, 50) / OVERHEAD_FLOOR_MS)} ${pct(concurrentOverhead, 50) <= OVERHEAD_FLOOR_MS ? 'OK' : 'OVER'}`,
  `  CPU per call          ${f((concurrentCpu.user + concurrentCpu.system) / 1000 / once.length)} ms   (this process over the phase, per call)   ${f((once.length * 1000) / concurrentWall)} calls/s`,
  '',
  `cache hit, re-run (a new renderer over the same cache file: ${firstHit.length} calls, each answer read from the file, its check stamp verified)`,
  `  hit call              p50 ${f(pct(firstHit, 50))} ms   p99 ${f(pct(firstHit, 99))} ms   mean ${f(mean(firstHit))} ms`,
  `  template call         p50 ${f(pct(firstTpl, 50))} ms   p99 ${f(pct(firstTpl, 99))} ms   mean ${f(mean(firstTpl))} ms`,
  `  hit / template (p50)  ${f(ratioFirst)}×   floor ${HIT_FLOOR_RATIO}×   ${ratioFirst <= HIT_FLOOR_RATIO ? 'OK' : 'OVER'}`,
  `  CPU hit / template    ${f(pct(firstHitCpu, 50))} / ${f(pct(firstTplCpu, 50))} ms (p50) = ${f(ratioFirstCpu)}×   floor ${HIT_FLOOR_RATIO}×   ${ratioFirstCpu <= HIT_FLOOR_RATIO ? 'OK' : 'OVER'}`,
  '',
  `cache hit, repeated (${hit.length} calls over ${rounds - 1} more rounds, answers already checked by this renderer; all rounds answered by: ${JSON.stringify(hitRenderers)}; requests during hits: ${afterHits.count - afterOwn.count})`,
  `  hit call              p50 ${f(pct(hit, 50))} ms   p99 ${f(pct(hit, 99))} ms   mean ${f(mean(hit))} ms`,
  `  template call         p50 ${f(pct(tpl, 50))} ms   p99 ${f(pct(tpl, 99))} ms   mean ${f(mean(tpl))} ms`,
  `  hit / template (p50)  ${f(ratioHit)}×   floor ${HIT_FLOOR_RATIO}×   ${ratioHit <= HIT_FLOOR_RATIO ? 'OK' : 'OVER'}`,
  `  CPU hit / template    ${f(pct(hitCpu, 50))} / ${f(pct(tplCpu, 50))} ms (p50) = ${f(ratioHitCpu)}×   floor ${HIT_FLOOR_RATIO}×   ${ratioHitCpu <= HIT_FLOOR_RATIO ? 'OK' : 'OVER'}`,
];
console.log(lines.join('\n'));
if (process.env.BENCH_RECORD) {
  writeFileSync(
    'bench/results/llm.md',
    `# bench:llm\n\nMeasured ${new Date().toISOString().slice(0, 10)} on this machine (\`npm run bench:llm\`):\n\n${lines.map((l) => `    ${l}`).join('\n')}\n\n` +
      'Overhead per call: the full `callTool` web_search with the world-model renderer (retrieval, guard, prompt, request through the `openai` ' +
      'package, parsing, grounding check, cache write, formatting) minus the time the fake endpoint held that request (its fixed latency and its ' +
      'own work, from the request\'s first bytes to the answer written, measured in its own process for each request). Bare HTTP POST: the last request body sent again with node:http alone, the same way: the loopback round trip any client pays on this machine. Cache hit, re-run: the same full call answered by a new renderer from the SQLite cache file ' +
      '(the answer read and the digest of its grounding check verified, guard run), against the same call with the template renderer; repeated: later hits on the ' +
      'same keys, which the renderer answers from the answers it has already checked. CPU lines: this process\'s CPU time per call, less sensitive than wall time ' +
      'to other processes sharing the machine (the header gives the load average; the bare HTTP POST line is the transport cost ' +
      'measured in the same run, as a yardstick of the machine).\n',
  );
}
