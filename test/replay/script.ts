/**
 * The replay script: a fixed set of tool calls over sample worlds of every theme (unbound, bound to
 * each task with the guard, and under the heavy perturbation preset), plus Search-R1 `/retrieve`
 * batches through the HTTP app. `record.ts` stores what they return; `replay.test.ts` runs them again
 * and requires every observation to be byte-identical. Re-record (`npx tsx test/replay/record.ts`)
 * only when a change is meant to alter what agents see, and say so in the commit.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeWorld } from '../../src/db/write.js';
import { PRESETS } from '../../src/perturb/profile.js';
import { callToolSync, type ToolResult } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { listThemes } from '../../src/themes/registry.js';
import { generateWorld } from '../../src/world/generate.js';
import type { WorldData } from '../../src/world/types.js';
import { tempDir } from '../helpers.js';
import { testServer } from '../server/fixtures.js';

export interface ReplayRecord {
  /** world id, session kind and call number: a stable key. */
  key: string;
  call: unknown;
  text: string;
  /** sha256 of the JSON observation, the error, the perturbations and the guard's decisions. */
  digest: string;
}

export interface ReplayCorpus {
  worlds: Record<string, string>;
  records: ReplayRecord[];
}

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const SEED = 5;

function digest(r: ToolResult): string {
  return sha(JSON.stringify({ json: r.json, error: r.error ?? null, perturbations: r.meta.perturbations, guard: r.meta.guard }));
}

/** The calls one session makes: each question, a short form of it, page 2, a batch, then opening the first two URLs seen. */
function callsFor(data: WorldData, questions: string[]): { name: string; arguments: Record<string, unknown> }[] {
  const calls: { name: string; arguments: Record<string, unknown> }[] = [];
  for (const q of questions) {
    calls.push({ name: 'web_search', arguments: { query: q } });
    calls.push({ name: 'web_search', arguments: { query: q.split(/\s+/).slice(0, 4).join(' ') } });
  }
  if (questions[0]) calls.push({ name: 'web_search', arguments: { query: questions[0], page: 2 } });
  calls.push({ name: 'web_search', arguments: { queries: questions.slice(0, 3) } });
  for (const d of data.documents.slice(0, 2)) calls.push({ name: 'web_extractor', arguments: { url: d.url } });
  calls.push({ name: 'web_extractor', arguments: { url: `https://${data.documents[0]!.site}/no-such-page` } });
  return calls;
}

function run(key: string, results: ReplayRecord[], session: ReturnType<typeof createSession>, calls: ReturnType<typeof callsFor>): void {
  calls.forEach((call, i) => {
    const r = callToolSync(session, call);
    results.push({ key: `${key}#${i}`, call, text: r.text, digest: digest(r) });
  });
}

/** Generate the sample worlds, run the script, and return what came back. */
export async function runReplayScript(): Promise<ReplayCorpus> {
  const dir = tempDir('fw-replay-');
  const worlds: Record<string, string> = {};
  const records: ReplayRecord[] = [];
  for (const [t, theme] of listThemes().entries()) {
    const data = generateWorld(SEED, t, { themes: [theme.id] });
    const path = join(dir, `${data.meta.world_id}.sqlite`);
    writeWorld(path, data);
    worlds[data.meta.world_id] = sha(readFileSync(path));
    const world = createSearchWorld(path);
    try {
      const questions = data.tasks.map((task) => task.question);
      run(`${data.meta.world_id}/open`, records, createSession(world, { seed: 1 }), callsFor(data, questions));
      for (const task of data.tasks) {
        const subject = data.facts.find((f) => task.answerFactIds.includes(f.id))?.subject ?? '';
        const probes = [task.question, `${subject} ${task.question.split(/\s+/).slice(-3).join(' ')}`];
        run(`${data.meta.world_id}/task/${task.id}`, records, createSession(world, { taskId: task.id, seed: 2 }), callsFor(data, probes));
      }
      run(`${data.meta.world_id}/heavy`, records, createSession(world, { seed: 7, profile: PRESETS.heavy }), callsFor(data, questions));
    } finally {
      world.close();
    }
  }
  // The HTTP edge: Search-R1 batches over one world, unbound and bound per query.
  const server = testServer(dir);
  const ids = Object.keys(worlds);
  const first = generateWorld(SEED, 0, { themes: [listThemes()[0]!.id] });
  const queries = first.tasks.map((task) => task.question);
  const bodies: Record<string, unknown>[] = [
    { queries, topk: 3, return_scores: true, worlds: queries.map(() => ids[0]) },
    { queries: queries.slice(0, 4), topk: 5, return_scores: false, worlds: ids.slice(0, 4) },
  ];
  for (const [i, body] of bodies.entries()) {
    const res = await server.post('/retrieve', body);
    const text = await res.text();
    records.push({ key: `retrieve#${i}`, call: body, text: `${res.status}\n${text}`, digest: sha(text) });
  }
  await server.ctx.close?.();
  return { worlds, records };
}
