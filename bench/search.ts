/**
 * bench:search — the full web_search call (`callTool`: normalise, retrieve, rank pages, snippets,
 * render, format text and JSON, record history) against the floor measured in the same run: the bare
 * FTS5 MATCH over passages_fts for the same text (the same quoted-token expression and LIMIT the
 * retriever sends). Worlds are generated into a temp dir (themes round-robin) and opened before timing,
 * as a server holds them; every query runs once untimed to warm up, then `rounds` times with floor and
 * full call interleaved. Prints p50/p99 of both and their ratio (the line: full within 2× the floor
 * at p50); BENCH_RECORD=1 writes bench/results/search.md. The full call runs the same FTS5 statement
 * (its ranking is FTS5's bm25), so the ratio is at least 1.
 *
 *   npx tsc -p . && node dist/bench/search.js [worlds=100] [queriesPerWorld=12] [rounds=5]
 */
import type Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWorld } from '../src/db/write.js';
import { callTool, callToolSync } from '../src/search/call-tool.js';
import { prepareQuery } from '../src/search/query.js';
import { createSession, type Session } from '../src/compose.js';
import { FIRST_PASSAGE_LIMIT, createSearchWorld, type SearchWorld } from '../src/search/world-index.js';
import { generateWorld } from '../src/world/generate.js';

const worldCount = Number(process.argv[2] ?? 100);
const perWorld = Number(process.argv[3] ?? 12);
const rounds = Number(process.argv[4] ?? 5);
const seed = 11;
/** The retriever's first passage window for page 1 (10 results + 5 spares). */
const FLOOR_LIMIT = FIRST_PASSAGE_LIMIT;

interface Job {
  world: SearchWorld;
  session: Session;
  floor: Database.Statement;
  query: string;
  match: string | null;
}

const ns = () => process.hrtime.bigint();
const ms = (a: bigint, b: bigint) => Number(b - a) / 1e6;
function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const root = mkdtempSync(join(tmpdir(), 'fw-bench-search-'));
mkdirSync(join(root, 'worlds'));
const jobs: Job[] = [];
const worlds: SearchWorld[] = [];
const themes = new Set<string>();
const openMs: number[] = [];
try {
  const tGen = ns();
  for (let i = 0; i < worldCount; i++) {
    const data = generateWorld(seed, i);
    themes.add(data.theme.id);
    const path = join(root, 'worlds', `${data.meta.world_id}.sqlite`);
    writeWorld(path, data);
    const t = ns();
    const world = createSearchWorld(path);
    openMs.push(ms(t, ns()));
    worlds.push(world);
    const session = createSession(world, { seed: i });
    const floor = world.world.db
      .prepare('SELECT rowid, bm25(passages_fts) AS score FROM passages_fts WHERE passages_fts MATCH ? ORDER BY score, rowid LIMIT ?')
      .raw();
    // Queries an agent would send: task questions, and entity names (the subjects of facts).
    const questions = data.tasks.map((t) => t.question);
    const names = [...new Set(data.facts.map((f) => f.subject))];
    const picked: string[] = [];
    for (let k = 0; picked.length < perWorld && k < questions.length + names.length; k++) {
      const q = k % 3 === 2 ? names[(Math.floor(k / 3) * 7) % names.length] : questions[k % questions.length];
      if (q) picked.push(q);
    }
    for (const query of picked) jobs.push({ world, session, floor, query, match: prepareQuery(query).match });
  }
  const genS = ms(tGen, ns()) / 1000;

  const run = (j: Job) => callTool(j.session, { name: 'web_search', arguments: { query: j.query } });
  for (const j of jobs) {
    if (j.match) j.floor.all(j.match, FLOOR_LIMIT);
    await run(j);
  }

  const full: number[] = [];
  const floor: number[] = [];
  const sync: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < jobs.length; i++) {
      const j = jobs[i]!;
      const measureFloor = () => {
        const t = ns();
        if (j.match) j.floor.all(j.match, FLOOR_LIMIT);
        floor.push(ms(t, ns()));
      };
      const measureFull = async () => {
        const t = ns();
        await run(j);
        full.push(ms(t, ns()));
      };
      // Alternate the order so neither side always runs on a warmer cache.
      if ((i + r) % 2 === 0) {
        measureFloor();
        await measureFull();
      } else {
        await measureFull();
        measureFloor();
      }
      const t = ns();
      callToolSync(j.session, { name: 'web_search', arguments: { query: j.query } });
      sync.push(ms(t, ns()));
    }
  }
  // Per query, the best of its rounds: the query's own cost with preemption by other processes
  // filtered out (calls are recorded round by round, query by query).
  const bestOf = (list: number[]) => jobs.map((_, i) => Math.min(...Array.from({ length: rounds }, (_, r) => list[r * jobs.length + i]!)));
  const bestFull = bestOf(full);
  const bestFloor = bestOf(floor);
  for (const list of [full, floor, sync, openMs, bestFull, bestFloor]) list.sort((a, b) => a - b);
  const f = (x: number) => `${x.toFixed(3)} ms`;
  const p50 = pct(full, 50),
    p99 = pct(full, 99),
    f50 = pct(floor, 50),
    f99 = pct(floor, 99);
  const lines = [
    `${worldCount} worlds (${themes.size} themes: ${[...themes].join(', ')}), ${jobs.length} queries × ${rounds} rounds = ${full.length} web_search calls; ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown cpu'})`,
    `full web_search call (callTool): p50 ${f(p50)}  p99 ${f(p99)}`,
    `floor (bare FTS5 MATCH, same text): p50 ${f(f50)}  p99 ${f(f99)}`,
    `ratio full/floor: p50 ${(p50 / f50).toFixed(2)}×  p99 ${(p99 / f99).toFixed(2)}× (line: p50 within 2×: ${p50 <= 2 * f50 ? 'holds' : 'MISSED'})`,
    `per query, best of ${rounds} rounds (preemption filtered): full p50 ${f(pct(bestFull, 50))}  p99 ${f(pct(bestFull, 99))}; floor p50 ${f(pct(bestFloor, 50))}  p99 ${f(pct(bestFloor, 99))}; ratio p99 ${(pct(bestFull, 99) / pct(bestFloor, 99)).toFixed(2)}×`,
    `callToolSync: p50 ${f(pct(sync, 50))}  p99 ${f(pct(sync, 99))}`,
    `opening a world for search (not in the call): p50 ${f(pct(openMs, 50))}  p99 ${f(pct(openMs, 99))}; generating the worlds took ${genS.toFixed(1)} s`,
    `load average at the end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (other processes on the machine inflate both columns, the tail most)`,
  ];
  console.log(lines.join('\n'));
  if (process.env.BENCH_RECORD) {
    writeFileSync(
      'bench/results/search.md',
      `# bench:search\n\nLatest run (${new Date().toISOString().slice(0, 10)}): \`npm run bench:search\` (\`BENCH_RECORD=1\` rewrites this file).\n\n` +
        `${lines.map((l) => `    ${l}`).join('\n')}\n\n` +
        'Full call: `callTool(session, { name: "web_search", arguments: { query } })`: normalise and quote the query, FTS5 `MATCH` ranked by `bm25()`, ' +
        'pages ranked from passages, snippets, template renderer, text and JSON observation, session history; no perturbation, no guard.\n' +
        `Floor: the same FTS5 statement alone (\`LIMIT ${FIRST_PASSAGE_LIMIT}\`, the retriever's first window), same MATCH text and handle, interleaved with the full calls.\n` +
        'Line: full call within 2× the floor at p50.\n',
    );
  }
} finally {
  for (const w of worlds) w.close();
  rmSync(root, { recursive: true, force: true });
}
