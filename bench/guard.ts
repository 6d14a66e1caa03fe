/**
 * bench:guard — what the leakage guard adds to a web_search call. The same queries run through
 * `callToolSync` in a session with no task (guard off) and in a session bound to a task (guard on),
 * interleaved so neither side runs on a warmer cache. The load mix per task: the question (related),
 * the answer itself and a guessed value (adversarial, unrelated), and another entity's attribute
 * (unrelated). Sessions are created first (a bound session prepares its task's view of the world
 * then). Every query runs once first, timed on the guarded side by kind (the right guess against a
 * wrong one); then the rounds, interleaved. Prints p50/p99 of both sides and the ratio.
 *
 *   npx tsc -p . && node dist/bench/guard.js [worlds=40] [tasksPerWorld=8] [rounds=5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWorld } from '../src/db/write.js';
import { callToolSync } from '../src/search/call-tool.js';
import { createSession, type Session } from '../src/compose.js';
import { createSearchWorld, type SearchWorld } from '../src/search/world-index.js';
import { generateWorld } from '../src/world/generate.js';

const worldCount = Number(process.argv[2] ?? 40);
const tasksPerWorld = Number(process.argv[3] ?? 8);
const rounds = Number(process.argv[4] ?? 5);

interface Job {
  off: Session;
  on: Session;
  query: string;
  /** 'question' (related), 'answer' (the right guess), 'guess' (a wrong one), 'other' (another entity's attribute). */
  kind: string;
}

const ns = () => process.hrtime.bigint();
const ms = (a: bigint, b: bigint) => Number(b - a) / 1e6;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const root = mkdtempSync(join(tmpdir(), 'fw-bench-guard-'));
const worlds: SearchWorld[] = [];
const jobs: Job[] = [];
/** Creating a bound session: the first for a task builds its guard context and view of the world. */
const prepareMs: number[] = [];
try {
  for (let i = 0; i < worldCount; i++) {
    const data = generateWorld(13, i);
    const path = join(root, `${data.meta.world_id}.sqlite`);
    writeWorld(path, data);
    const world = createSearchWorld(path);
    worlds.push(world);
    const off = createSession(world, { historyLimit: 0 });
    for (const task of data.tasks.slice(0, tasksPerWorld)) {
      const t = ns();
      const on = createSession(world, { taskId: task.id, historyLimit: 0 });
      prepareMs.push(ms(t, ns()));
      const other = data.facts[(task.answerFactIds[0]! * 7) % data.facts.length]!;
      const guess = /^\d/.test(task.answerText) ? task.answerText.replace(/\d(?=\D*$)/, (d) => String((Number(d) + 1) % 10)) : `${task.answerText} review`;
      const queries = [task.question, task.answerText.split('\n')[0]!, guess, `${other.subject} ${other.predicate.replace(/_/g, ' ')}`];
      queries.forEach((query, k) => jobs.push({ off, on, query, kind: ['question', 'answer', 'guess', 'other'][k]! }));
    }
  }
  const call = (s: Session, query: string) => callToolSync(s, { name: 'web_search', arguments: { query } });
  // The first call of each query (nothing cached for it yet), timed on the guarded side by kind: the
  // time a call takes must not say whether a guess was right.
  const firstMs = new Map<string, number[]>();
  for (const j of jobs) {
    call(j.off, j.query);
    const t = ns();
    call(j.on, j.query);
    const list = firstMs.get(j.kind) ?? [];
    list.push(ms(t, ns()));
    firstMs.set(j.kind, list);
  }
  const offMs: number[] = [];
  const onMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    jobs.forEach((j, i) => {
      const first = (i + r) % 2 === 0;
      for (const side of first ? ['off', 'on'] : ['on', 'off']) {
        const t = ns();
        call(side === 'off' ? j.off : j.on, j.query);
        (side === 'off' ? offMs : onMs).push(ms(t, ns()));
      }
    });
  }
  offMs.sort((a, b) => a - b);
  onMs.sort((a, b) => a - b);
  const f = (x: number) => `${x.toFixed(3)} ms`;
  const mean = (l: number[]) => l.reduce((s, x) => s + x, 0) / l.length;
  console.log(
    [
      `${worldCount} worlds, ${jobs.length} queries × ${rounds} rounds per side; ${availableParallelism()} cores`,
      `guard off (unbound session): p50 ${f(pct(offMs, 50))}  p99 ${f(pct(offMs, 99))}  mean ${f(mean(offMs))}`,
      `guard on  (bound session):   p50 ${f(pct(onMs, 50))}  p99 ${f(pct(onMs, 99))}  mean ${f(mean(onMs))}`,
      `bound session creation (task context and view built): p50 ${f(
        pct(
          prepareMs.sort((a, b) => a - b),
          50,
        ),
      )}  p99 ${f(pct(prepareMs, 99))}`,
      `first call, guard on, p50 by query: ${[...firstMs]
        .map(
          ([k, l]) =>
            `${k} ${f(
              pct(
                l.sort((a, b) => a - b),
                50,
              ),
            )}`,
        )
        .join('  ')}`,
      `added by the guard: p50 ${((pct(onMs, 50) / pct(offMs, 50) - 1) * 100).toFixed(1)}%  p99 ${((pct(onMs, 99) / pct(offMs, 99) - 1) * 100).toFixed(1)}%  mean ${((mean(onMs) / mean(offMs) - 1) * 100).toFixed(1)}%`,
    ].join('\n'),
  );
} finally {
  for (const w of worlds) w.close();
  rmSync(root, { recursive: true, force: true });
}
