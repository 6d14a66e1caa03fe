/**
 * bench:llm — what the world-model renderer adds to a web_search call, against the tests' fake
 * OpenAI-compatible endpoint (test/fake-openai.ts, in this process, a fixed latency per request). Two
 * figures, each beside a floor measured in the same run:
 *
 * - a cache miss: the full call (`callTool`: retrieval, guard, prompt, the `openai` SDK's request,
 *   parsing, grounding check, cache write, formatting) against a bare node:http POST of the same body to
 *   the same endpoint (the round trip any client pays); the difference is the renderer's overhead, line 2 ms;
 * - a cache hit against the same call with the template renderer, line 2×: on a re-run (a new renderer
 *   reading the SQLite cache file, each answer's check stamp verified) and repeated (answers this
 *   renderer has already checked).
 *
 * Calls run one at a time over distinct queries (task questions and page titles of generated worlds),
 * one fresh session each; template calls and cache hits are interleaved over `rounds` rounds.
 * BENCH_RECORD=1 writes bench/results/llm.md.
 *
 *   npm run bench:llm -- [queries=300] [latencyMs=20] [rounds=5]
 */
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWorld } from '../src/db/write.js';
import { createLlmRenderer } from '../src/render/llm/llm-renderer.js';
import { createRenderer } from '../src/render/renderer.js';
import { callTool } from '../src/search/call-tool.js';
import { createSession } from '../src/compose.js';
import { createSearchWorld, type SearchWorld } from '../src/search/world-index.js';
import { generateWorld } from '../src/world/generate.js';
import { slow, startFakeOpenAi } from '../test/fake-openai.js';

const queryCount = Number(process.argv[2] ?? 300);
const latencyMs = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 5);
const OVERHEAD_LINE_MS = 2;
const HIT_LINE_RATIO = 2;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (x: number) => x.toFixed(3);
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

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

const endpoint = await startFakeOpenAi(slow(latencyMs));
const cachePath = join(root, 'llm-cache.sqlite');
const llm = createLlmRenderer({ baseUrl: endpoint.baseUrl, model: 'bench-model', cachePath });
const template = await createRenderer('template');
const call = async (renderer: typeof template, job: (typeof jobs)[number], seed: number) => {
  const session = createSession(job.world, { renderer, seed });
  const c = process.cpuUsage();
  const t = performance.now();
  const r = await callTool(session, { name: 'web_search', arguments: { query: job.query } });
  return { ms: performance.now() - t, cpu: cpuMs(c), renderer: r.meta.renderer };
};
const count = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1);

// Warm up: the SDK import, the connection, the JIT (other seeds: their own cache keys).
for (const job of jobs.slice(0, 20)) {
  await call(llm, job, 999);
  await call(template, job, 999);
}

// The floor: a bare node:http POST (keep-alive) of a request body the renderer sent, to the same endpoint.
const body = JSON.stringify(endpoint.requests.at(-1)!.body);
const url = new URL(`${endpoint.baseUrl}/chat/completions`);
const agent = new http.Agent({ keepAlive: true });
const post = () =>
  new Promise<void>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(body);
  });

// Cache misses (one request each), interleaved with bare POSTs.
const miss: number[] = [];
const missCpu: number[] = [];
const bare: number[] = [];
const bareCpu: number[] = [];
const answered: Record<string, number> = {};
const requestsBefore = endpoint.requests.length;
for (const job of jobs) {
  const r = await call(llm, job, 0);
  miss.push(r.ms);
  missCpu.push(r.cpu);
  count(answered, r.renderer);
  const c = process.cpuUsage();
  const t = performance.now();
  await post();
  bare.push(performance.now() - t);
  bareCpu.push(cpuMs(c));
}
agent.destroy();
const requests = endpoint.requests.length - requestsBefore - jobs.length;
if (answered.llm !== jobs.length || requests !== jobs.length)
  throw new Error(`${jobs.length} misses made ${requests} requests, answered by ${JSON.stringify(answered)}`);
endpoint.requests.length = 0;

// Cache hits against template calls, interleaved. A new renderer opens the same cache file, as a re-run
// would: round 1 reads every answer from the file and verifies its check stamp; later rounds are repeat
// hits, answered from what the renderer has already checked.
llm.close();
const rerun = createLlmRenderer({ baseUrl: endpoint.baseUrl, model: 'bench-model', cachePath });
for (const job of jobs.slice(0, 20)) await call(rerun, job, 999);
const phases = { first: { hit: [] as number[], tpl: [] as number[] }, repeated: { hit: [] as number[], tpl: [] as number[] } };
const hitRenderers: Record<string, number> = {};
for (let round = 0; round < rounds; round++) {
  const phase = round === 0 ? phases.first : phases.repeated;
  for (const job of jobs) {
    phase.tpl.push((await call(template, job, 0)).ms);
    const r = await call(rerun, job, 0);
    phase.hit.push(r.ms);
    count(hitRenderers, r.renderer);
  }
}
const hitRequests = endpoint.requests.length;

rerun.close();
await endpoint.close();
for (const w of worlds) w.close();
rmSync(root, { recursive: true, force: true });

const overhead = pct(miss, 50) - pct(bare, 50);
const hitLines = (name: string, p: { hit: number[]; tpl: number[] }) => {
  const ratio = pct(p.hit, 50) / pct(p.tpl, 50);
  return [
    `cache hit, ${name} (${p.hit.length} calls)`,
    `  hit call              p50 ${f(pct(p.hit, 50))} ms   p99 ${f(pct(p.hit, 99))} ms`,
    `  template call         p50 ${f(pct(p.tpl, 50))} ms   p99 ${f(pct(p.tpl, 99))} ms   (the floor)`,
    `  hit / template (p50)  ${f(ratio)}×   line ${HIT_LINE_RATIO}×   ${verdict(ratio <= HIT_LINE_RATIO)}`,
  ];
};
const lines = [
  `bench:llm — ${jobs.length} distinct queries over ${worlds.length} worlds, fake endpoint latency ${latencyMs} ms (in process), cache on disk`,
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
  '',
  `cache miss (${jobs.length} calls, one request each, answered by: ${JSON.stringify(answered)})`,
  `  full call             p50 ${f(pct(miss, 50))} ms   p99 ${f(pct(miss, 99))} ms   CPU p50 ${f(pct(missCpu, 50))} ms`,
  `  bare POST             p50 ${f(pct(bare, 50))} ms   p99 ${f(pct(bare, 99))} ms   CPU p50 ${f(pct(bareCpu, 50))} ms   (the floor: the same body, node:http, same endpoint)`,
  `  call / bare (p50)     ${f(pct(miss, 50) / pct(bare, 50))}×`,
  `  beyond a bare POST    p50 ${f(overhead)} ms   line ${OVERHEAD_LINE_MS} ms   ${verdict(overhead <= OVERHEAD_LINE_MS)}`,
  '',
  ...hitLines('re-run (a new renderer over the same cache file, each answer read and its check stamp verified)', phases.first),
  '',
  ...hitLines(`repeated (${rounds - 1} more rounds; every round answered by ${JSON.stringify(hitRenderers)}, ${hitRequests} requests)`, phases.repeated),
];
console.log(lines.join('\n'));
if (process.env.BENCH_RECORD) {
  writeFileSync(
    'bench/results/llm.md',
    `# bench:llm\n\nLatest figures (${new Date().toISOString().slice(0, 10)}), reproduced with \`BENCH_RECORD=1 npm run bench:llm\`:\n\n${lines.map((l) => `    ${l}`).join('\n')}\n\n` +
      'Each figure stands beside a floor measured in the same run: a cache miss (the full `web_search` call, the request through the ' +
      '`openai` SDK) beside a bare node:http POST of the same body to the same fake endpoint (test/fake-openai.ts, in process, fixed ' +
      'latency), and a cache hit beside the same call with the template renderer. The load average says how busy the machine was: ' +
      'wall times move with it.\n',
  );
}
