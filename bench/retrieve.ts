/**
 * bench:retrieve — a Search-R1 trainer's step: one `/retrieve` of `--batch` (2,560: 512 prompts × 5
 * rollouts) queries, each in its own task-bound session (`sessions` parallel to `queries`, topk 3,
 * scores on), posted to a spawned `fictionworld serve` on loopback. Sessions are created before timing,
 * as a trainer creates them once per rollout. Beside it, the floor measured in the same run: the same
 * searches in the same kind of sessions, called directly on the search core in this process (no HTTP,
 * no JSON). Rounds alternate the two, each with new queries; prints every round, the medians, their
 * ratio and the line (within 3 s on 2 cores).
 *
 *   npx tsc -p . && node dist/bench/retrieve.js [--count 100] [--worlds DIR] [--batch 2560] [--rounds 3]
 *
 * With BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" the server writes a CPU profile.
 */
import { availableParallelism, loadavg } from 'node:os';
import { createServerContext } from '../src/server/context.js';
import { createLogger } from '../src/server/log.js';
import { createSessions, ensureWorlds, spawnServer, type BenchWorld } from './load-server.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const count = Number(flag('count', '100'));
const batch = Number(flag('batch', '2560'));
const rounds = Number(flag('rounds', '3'));
const worldsFlag = process.argv.includes('--worlds') ? flag('worlds', '') : undefined;
const seed = 7;
const ADMIN = 'bench-admin-token';
const TOPK = 3;
/** The line. */
const LINE_S = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const secs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');

/** The i-th query of a round: each session's world's queries, turned by the round (a rollout's next search). */
const queriesOf = (owners: BenchWorld[], round: number) => owners.map((w, i) => w.queries[(i + round * 7) % w.queries.length]!);

const { dir, worlds } = await ensureWorlds(count, seed, worldsFlag);
const owners = Array.from({ length: batch }, (_, i) => worlds[i % worlds.length]!);

// The floor: the same sessions (world, seed, task) on a core in this process.
const ctx = createServerContext({ worlds: dir, logger: createLogger('silent') });
const coreSessions = owners.map(
  (w, i) => ctx.core.createSession({ world: w.id, seed: i, task: w.tasks.length > 0 ? w.tasks[i % w.tasks.length] : undefined }).session,
);

// The server is spawned with its default limits (rate limit on): the trainer is on loopback.
const server = await spawnServer(dir, ['--admin-token', ADMIN]);
const httpS: number[] = [];
const floorS: number[] = [];
/** CPU seconds each side used (the server process's, from /proc; this process's for the floor): what a quiet machine's wall time would be near. */
const httpCpu: number[] = [];
const floorCpu: number[] = [];
let failed = 0;
try {
  const sessions = await createSessions(server.url, owners, ADMIN);
  for (let round = 0; round < rounds; round++) {
    const queries = queriesOf(owners, round);
    const c0 = server.cpuSeconds();
    const t0 = performance.now();
    const res = await fetch(`${server.url}/retrieve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries, sessions, topk: TOPK, return_scores: true }),
    });
    const body = (await res.json()) as { result?: unknown[]; meta?: { failed: number[] } };
    httpS.push((performance.now() - t0) / 1000);
    httpCpu.push(server.cpuSeconds() - c0);
    if (res.status !== 200 || body.result?.length !== batch) throw new Error(`/retrieve: HTTP ${res.status}, ${body.result?.length} lists`);
    failed += body.meta?.failed.length ?? 0;

    const c1 = process.cpuUsage();
    const t1 = performance.now();
    for (let i = 0; i < batch; i++) await ctx.core.retrieve({ session: coreSessions[i]! }, queries[i]!, TOPK);
    floorS.push((performance.now() - t1) / 1000);
    const c = process.cpuUsage(c1);
    floorCpu.push((c.user + c.system) / 1e6);
  }
} finally {
  await server.stop();
  ctx.close();
}

const http = median(httpS);
const floor = median(floorS);
console.log(
  [
    `retrieve: ${batch} queries in one /retrieve, ${batch} task-bound sessions over ${worlds.length} worlds, topk ${TOPK}, scores on; ${rounds} rounds`,
    `machine: ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `HTTP on loopback: ${http.toFixed(2)} s (median; rounds ${secs(httpS)}; server CPU ${secs(httpCpu)} s), ${failed} failed queries — line: within ${LINE_S} s on 2 cores — ${http <= LINE_S ? 'met' : 'NOT met'}`,
    `floor (the same searches on the core, no HTTP): ${floor.toFixed(2)} s (median; rounds ${secs(floorS)}; CPU ${secs(floorCpu)} s) — ratio ${(http / floor).toFixed(2)} (CPU ${(median(httpCpu) / median(floorCpu)).toFixed(2)})`,
  ].join('\n'),
);
