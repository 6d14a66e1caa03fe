/**
 * The world-model path against a hostile endpoint that knows the answer: for every single-valued task
 * of a world of every theme, the audit's related queries first (their prompts carry the target answer,
 * which a replaying model remembers), then its unrelated and adversarial queries the guard labels
 * unrelated, each once per encoding. Per encoding, the share of unrelated prompts whose planted text
 * reaches the agent (line: at most 0.5%).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSuites } from '../../../src/audit/suites.js';
import { createSession } from '../../../src/compose.js';
import { loadFacts } from '../../../src/db/load.js';
import { createLlmRenderer } from '../../../src/render/llm/llm-renderer.js';
import { callTool } from '../../../src/search/call-tool.js';
import { createSearchWorld } from '../../../src/search/world-index.js';
import { startFakeOpenAi, type FakeEndpoint } from '../../fake-openai.js';
import { sampleWorlds } from '../../search/sample-worlds.js';
import { ENCODINGS, type Encoding, type HostileState, hostile, reached } from './hostile.js';

let ep: FakeEndpoint;
beforeAll(async () => {
  ep = await startFakeOpenAi();
});
afterAll(async () => {
  await ep.close();
});

const FAMILIES = ['attribute_only', 'list_ranking', 'neighbours', 'guess_confirm', 'answer_named', 'multi_hop_one_search', 'near_duplicate'] as const;

describe('a hostile world model that knows the answer', () => {
  it('gets no encoding of it to the agent of an unrelated query (each at most 0.5% of prompts)', { timeout: 900_000 }, async () => {
    const state: HostileState = { task: null, how: 'split', remembered: null, planted: null };
    ep.behaviour = hostile(state);
    const renderer = createLlmRenderer({ baseUrl: ep.baseUrl, model: 'hostile', cachePath: null, timeoutMs: 20_000 });
    const tries = Object.fromEntries(ENCODINGS.map((e) => [e, 0])) as Record<Encoding, number>;
    const got = Object.fromEntries(ENCODINGS.map((e) => [e, 0])) as Record<Encoding, number>;
    const examples: string[] = [];
    try {
      for (const sample of sampleWorlds()) {
        const world = createSearchWorld(sample.path);
        try {
          const facts = loadFacts(world.world);
          const pages = world.allPages();
          const suiteWorld = {
            worldId: world.id,
            theme: world.world.theme,
            facts,
            hosts: [...new Set(pages.map((p) => new URL(p.url).host))].sort(),
            sites: [...new Set(pages.map((p) => p.site))].sort(),
            urls: pages.map((p) => p.url),
          };
          for (const task of sample.data.tasks.filter((t) => t.answerType !== 'table' && t.answerType !== 'list')) {
            state.task = task;
            state.remembered = null;
            const queries = buildSuites(task, suiteWorld, { related: 3, unrelated: 4, adversarial: 2, rows: 2 }, FAMILIES).filter(
              (q) => !q.batch && !q.url && !q.page,
            );
            const session = createSession(world, { taskId: task.id, renderer, historyLimit: 4 });
            for (const q of queries.filter((x) => x.suite === 'related')) await callTool(session, { name: 'web_search', arguments: { query: q.query } });
            for (const q of queries.filter((x) => x.suite !== 'related'))
              for (const how of ENCODINGS) {
                state.how = how;
                state.planted = null;
                const before = ep.requests.length;
                const out = await callTool(session, { name: 'web_search', arguments: { query: q.query } });
                const select = out.meta.guard.find((d) => d.stage === 'select');
                // Set by the endpoint while the call ran.
                const planted = state.planted as string[] | null;
                if (select?.related !== false || ep.requests.length === before || !planted) continue;
                tries[how]++;
                if (reached(planted, out.text)) {
                  got[how]++;
                  if (examples.length < 10) examples.push(`${sample.theme} ${task.id} ${how} ${JSON.stringify(q.query)}: ${planted.join(' | ')}`);
                }
              }
          }
        } finally {
          world.close();
        }
      }
    } finally {
      renderer.close();
    }
    const rates = ENCODINGS.map((e) => `${e} ${got[e]}/${tries[e]} (${((100 * got[e]) / Math.max(1, tries[e])).toFixed(2)}%)`);
    console.log(`hostile world model, planted text that reached the agent: ${rates.join(', ')}`);
    if (examples.length > 0) console.log(examples.join('\n'));
    for (const e of ENCODINGS) {
      expect(tries[e], e).toBeGreaterThan(e === 'number_words' ? 20 : 100);
      expect(got[e] / tries[e], `${e}: ${got[e]} of ${tries[e]}`).toBeLessThanOrEqual(0.005);
    }
  });
});
