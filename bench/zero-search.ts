/**
 * Zero-search solves: for every task of a batch, the URL-guessing attacker of
 * test/search/url-guesser.ts answers with web_extractor alone in a session bound to the task, once with
 * `open: any` (every page opens) and once with `open: seen` (the default for a bound session: only
 * pages seen in results or linked from opened pages). Prints the share of tasks whose answer is stated
 * on a page that opened, per kind, with guesses alone and with the opened pages' links followed.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/zero-search.js DIR
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSession } from '../src/compose.js';
import type { OpenPolicy } from '../src/search/session.js';
import { createSearchWorld } from '../src/search/world-index.js';
import { attackWorld, emptyTally, type ZeroSearchTally } from '../test/search/url-guesser.js';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node dist/bench/zero-search.js DIR\n');
  process.exit(2);
}
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sqlite'))
  .sort();
const tallies: Record<OpenPolicy, ZeroSearchTally> = { any: emptyTally(), seen: emptyTally() };
const t0 = performance.now();
for (const f of files) {
  const world = createSearchWorld(join(dir, f));
  try {
    for (const open of ['any', 'seen'] as const) attackWorld(world, (taskId) => createSession(world, { taskId, open, historyLimit: 0 }), tallies[open]);
  } finally {
    world.close();
  }
}
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
const lines = [`zero-search solves over ${files.length} worlds in ${dir} (${((performance.now() - t0) / 1000).toFixed(1)} s)`];
for (const open of ['any', 'seen'] as const) {
  const t = tallies[open];
  lines.push(
    `open: ${open.padEnd(4)}  tasks ${t.tasks}  guessed URLs ${t.guessed} (${pct(t.guessed, t.tasks)})  + links followed ${t.followed} (${pct(t.followed, t.tasks)})  pages opened ${t.opened}`,
  );
  for (const [kind, k] of [...t.byKind].sort((a, b) => a[0].localeCompare(b[0])))
    lines.push(`  ${kind.padEnd(12)} ${String(k.tasks).padStart(4)}  ${pct(k.guessed, k.tasks).padStart(6)}  ${pct(k.followed, k.tasks).padStart(6)}`);
}
process.stdout.write(`${lines.join('\n')}\n`);
