/** The load bench's setup: a folder of generated worlds, sample queries and URLs per world, a spawned server. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openWorld } from '../src/db/open.js';
import { loadTasks } from '../src/db/load.js';
import { generateBatch } from '../src/world/batch.js';
import { readManifest } from '../src/world/manifest.js';
import { GENERATOR_VERSION } from '../src/world/types.js';

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../src/cli/main.js');
const FLOOR = resolve(dirname(fileURLToPath(import.meta.url)), 'load-floor.js');

export interface BenchWorld {
  id: string;
  /** The world's task ids, in order. */
  tasks: string[];
  queries: string[];
  urls: string[];
}

/** `count` worlds of `seed` in a reusable temp folder, one per generator version (generation resumes, so a second run is quick). */
export async function ensureWorlds(count: number, seed: number, dir?: string): Promise<{ dir: string; worlds: BenchWorld[] }> {
  const out = dir ?? join(tmpdir(), `fw-bench-serve-g${GENERATOR_VERSION}-s${seed}-n${count}`);
  if (!dir) await generateBatch({ count, seed, out });
  const worlds: BenchWorld[] = [];
  for (const e of [...readManifest(out).values()].slice(0, count)) {
    const w = openWorld(join(out, e.file));
    try {
      const tasks = loadTasks(w);
      const urls = w.db.prepare('SELECT url FROM documents ORDER BY id LIMIT 40').pluck().all() as string[];
      // what agents type: whole questions, and short keyword queries (a page's title words)
      const titles = w.db.prepare('SELECT title FROM documents ORDER BY id LIMIT 40').pluck().all() as string[];
      const short = titles.map((t) => t.split(' - ')[0]!.split(/\s+/).slice(0, 4).join(' '));
      const queries = [...tasks.map((t) => t.question), ...short];
      worlds.push({ id: w.id, tasks: tasks.map((t) => t.id), queries, urls });
    } finally {
      w.db.close();
    }
  }
  if (worlds.length < count) throw new Error(`only ${worlds.length} worlds in ${out}`);
  return { dir: out, worlds };
}

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Resident memory of the server process (bytes), from /proc when there is one. */
  rss(): Promise<number>;
  /** CPU seconds the server process has used (user + system), from /proc; NaN elsewhere. */
  cpuSeconds(): number;
  stop(): Promise<number | null>;
}

export async function spawnServer(worldsDir: string, args: string[]): Promise<SpawnedServer> {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": extra node flags for the server (profiling).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_LOG=<file>: the server's stdout (with BENCH_SERVER_NODE_ARGS="--trace-gc", its GC pauses).
  return spawnListening([...nodeArgs, MAIN, 'serve', '--worlds', worldsDir, '--port', '0', '--log-level', 'warn', ...args], process.env.BENCH_SERVER_LOG);
}

/** The floor: a bare node:http server (load-floor.ts) answering every request with `bodyBytes` bytes. */
export function spawnFloor(bodyBytes: number): Promise<SpawnedServer> {
  return spawnListening([FLOOR, String(bodyBytes)]);
}

/** A node process that prints "listening on <url>" once it serves. */
async function spawnListening(argv: string[], logFile?: string): Promise<SpawnedServer> {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => void (err = (err + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    const log = logFile ? createWriteStream(logFile) : undefined;
    child.stdout!.on('data', (d: Buffer) => {
      log?.write(d);
      if (out.length > 100_000) return;
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) ok(m[1]!);
    });
    child.once('exit', (code) => fail(new Error(`server exited (${code}): ${err}`)));
  });
  return {
    url,
    child,
    async rss() {
      try {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) return Number(m[1]) * 1024;
      } catch {
        /* no /proc: ask the server */
      }
      const text = await (await fetch(`${url}/metrics`)).text();
      return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? NaN);
    },
    cpuSeconds() {
      return statCpuSeconds(`/proc/${child.pid}/stat`);
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** utime + stime of a /proc stat file, in seconds (USER_HZ is 100 on Linux); NaN when it cannot be read. */
function statCpuSeconds(file: string): number {
  try {
    const stat = readFileSync(file, 'utf8');
    // The command name is in parentheses and may itself contain ") ": the fields follow the last one.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * One session per world (seed = world's position), created over HTTP. With `adminToken`, each is bound
 * to one of its world's tasks (the i-th world's task i mod its task count), as a rollout's session is:
 * its searches then run the leakage guard.
 */
export async function createSessions(url: string, worlds: readonly BenchWorld[], adminToken?: string): Promise<string[]> {
  const ids: string[] = [];
  const headers: Record<string, string> = adminToken ? { authorization: `Bearer ${adminToken}` } : {};
  for (let i = 0; i < worlds.length; i++) {
    const w = worlds[i]!;
    const task = adminToken && w.tasks.length > 0 ? w.tasks[i % w.tasks.length] : undefined;
    const res = await fetch(`${url}/v1/sessions`, { method: 'POST', headers, body: JSON.stringify({ world: w.id, seed: i, ...(task ? { task } : {}) }) });
    if (res.status !== 201) throw new Error(`session for ${w.id}: HTTP ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { session: string }).session);
  }
  return ids;
}
