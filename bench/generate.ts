/**
 * bench:generate — the full batch (`generateBatch`, default workers) against the floor measured in the
 * same run: writing the same rows single-threaded to fresh files with raw prepared statements, FTS
 * included, journal off (generation itself not timed for the floor). Prints both and their ratio (line:
 * within 3x the floor: the generator certifies its tasks and proves each by searching its own world), then builds the batch again with one worker and checks every world file and
 * index.jsonl are byte-identical.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertWorld } from '../src/db/write.js';
import { generateBatch } from '../src/world/batch.js';
import { generateWorld } from '../src/world/generate.js';

const count = Number(process.argv[2] ?? 1000);
const seed = 7;
const root = mkdtempSync(join(tmpdir(), 'fw-bench-'));

const batchDir = join(root, 'batch');
const t0 = performance.now();
const summary = await generateBatch({ count, seed, out: batchDir });
const full = (performance.now() - t0) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;

const floorDir = join(root, 'floor');
mkdirSync(floorDir);
let floorMs = 0;
for (let i = 0; i < count; i++) {
  const data = generateWorld(seed, i); // not timed: the floor is the writing alone
  const t = performance.now();
  const db = new Database(join(floorDir, `${i}.sqlite`));
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  insertWorld(db, data);
  db.close();
  floorMs += performance.now() - t;
}
const floor = floorMs / 1000;

const oneDir = join(root, 'one');
const t1 = performance.now();
await generateBatch({ count, seed, out: oneDir, workers: 1 });
const single = (performance.now() - t1) / 1000;
const names = readdirSync(batchDir)
  .filter((f) => f.endsWith('.sqlite') || f === 'index.jsonl')
  .sort();
const same = names.length === count + 1 && names.every((f) => readFileSync(join(batchDir, f)).equals(readFileSync(join(oneDir, f))));
rmSync(root, { recursive: true, force: true });

const ratio = full / floor;
const line =
  `${count.toLocaleString('en-US')} worlds: ${full.toFixed(1)} s (${availableParallelism()} workers), floor ${floor.toFixed(1)} s, ratio ${ratio.toFixed(2)} ` +
  `(line: within 3x the floor: ${ratio <= 3 ? 'ok' : 'OVER'}); 1 worker ${single.toFixed(1)} s, files and index.jsonl byte-identical: ${same ? 'yes' : 'NO'}; ` +
  `peak RSS ${peakMb.toFixed(0)} MB; ${summary.facts} facts, ${summary.tasks} tasks, ${summary.themes.length} themes`;
console.log(line);
if (!same) process.exitCode = 1;
if (process.env.BENCH_RECORD) {
  writeFileSync(
    'bench/results/generate.md',
    `# bench:generate\n\n\`BENCH_RECORD=1 npm run bench:generate\` (${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores):\n\n    ${line}\n\nFloor: the same rows written single-threaded with raw prepared statements, FTS included, journal off.\n`,
  );
}
