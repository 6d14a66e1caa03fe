import { afterAll, describe, expect, it } from 'vitest';
import { guardContext } from '../../../src/leakage/guard-context.js';
import { buildRecords, formatRecords, RECORD_CHARS } from '../../../src/render/llm/records.js';
import type { RenderSearchInput, Renderer } from '../../../src/render/renderer.js';
import { templateRenderer } from '../../../src/render/template.js';
import { callTool } from '../../../src/search/call-tool.js';
import { createSession } from '../../../src/compose.js';
import type { Hit, PassageRecord } from '../../../src/search/types.js';
import { llmTestWorld, openTestWorld } from './world-fixture.js';

const world = openTestWorld();
const { data } = llmTestWorld();
afterAll(() => world.close());

/** The renderer inputs of some searches (a renderer that keeps what it is given). */
async function inputsOf(queries: readonly string[], taskId: string | null = null): Promise<RenderSearchInput[]> {
  const seen: RenderSearchInput[] = [];
  const spy: Renderer = { name: 'spy', renderSearch: (input) => (seen.push(input), templateRenderer.renderSearch(input)) };
  for (const query of queries) await callTool(createSession(world, { renderer: spy, taskId }), { name: 'web_search', arguments: { query } });
  return seen.filter((i) => i.hits.length > 0);
}

/** The passages of a hit as first specified: all usable ones ranked (snippet's, then matches, then page order), each once, within budget. */
function reference(input: RenderSearchInput, hit: Hit, limit: number, allowed: (p: PassageRecord) => boolean): number[] {
  const all = input.world.passagesOf(hit.candidate.page.id).filter((p) => p.ord > 0 && allowed(p));
  const byId = new Map(all.map((p) => [p.id, p]));
  const order: PassageRecord[] = [];
  const seen = new Set<number>();
  const take = (p: PassageRecord | undefined) => {
    if (p && !seen.has(p.id)) {
      seen.add(p.id);
      order.push(p);
    }
  };
  for (const id of hit.snippet.passageIds) take(byId.get(id));
  for (const m of hit.candidate.passages) take(byId.get(m.id));
  for (const p of all) take(p);
  const chosen: PassageRecord[] = [];
  let chars = 0;
  for (const p of order) {
    if (chosen.length >= limit) break;
    if (chosen.length > 0 && chars + p.text.length > RECORD_CHARS) continue;
    chosen.push(p);
    chars += p.text.length;
  }
  return chosen.sort((a, b) => a.ord - b.ord || a.id - b.id).map((p) => p.id);
}

/** The same input with each hit's snippet passages and matches reversed (preferred passages out of page order). */
function reversed(input: RenderSearchInput): RenderSearchInput {
  return {
    ...input,
    hits: input.hits.map((h) => ({
      snippet: { ...h.snippet, passageIds: [...h.snippet.passageIds].reverse() },
      candidate: { ...h.candidate, passages: [...h.candidate.passages].reverse() },
    })),
  };
}

const queries = [...data.tasks.map((t) => t.question), ...data.documents.slice(0, 30).map((d) => d.title)];

describe('buildRecords: the passages given per page', () => {
  it("are the snippet's, then the query's other matches, then the page in order, within the budget, in page order", async () => {
    const inputs = await inputsOf(queries);
    expect(inputs.length).toBeGreaterThan(20);
    let compared = 0;
    for (const input of [...inputs, ...inputs.map(reversed)]) {
      for (const limit of [1, 2, 3, 12, 200]) {
        const set = buildRecords(input, limit);
        set.records.forEach((r, i) => {
          expect(r.passages.map((p) => p.id)).toEqual(reference(input, input.hits[i]!, limit, () => true));
          compared++;
        });
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('never include a passage the guard withholds for an unrelated query', async () => {
    const task = data.tasks[0]!;
    const inputs = await inputsOf(queries.slice(0, 12), task.id);
    const ctx = guardContext(world, task.id);
    let unrelated = 0;
    for (const input of inputs) {
      const set = buildRecords({ ...input, guardNote: { ...(input.guardNote ?? {}), related: false } as RenderSearchInput['guardNote'] }, 12);
      expect(set.related).toBe(false);
      unrelated++;
      set.records.forEach((r, i) => {
        expect(r.passages.some((p) => ctx.blocked(p))).toBe(false);
        expect(r.passages.map((p) => p.id)).toEqual(reference(input, input.hits[i]!, 12, (p) => !ctx.blocked(p)));
      });
    }
    expect(unrelated).toBeGreaterThan(0);
  });

  it('are listed on one line each in the prompt, the same every time', async () => {
    const [input] = await inputsOf([queries[0]!]);
    const set = buildRecords(input!, 12);
    const text = formatRecords(set.records);
    expect(formatRecords(set.records)).toBe(text);
    for (const r of set.records) for (const p of r.passages) expect(text).toContain(`\n- ${p.text.replace(/\s+/g, ' ')}\n`);
  });
});
