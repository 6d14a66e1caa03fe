import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { auditWorld } from '../../src/audit/run.js';
import { writeWorld } from '../../src/db/write.js';
import { generateWorld } from '../../src/world/generate.js';
import { judgeResults } from '../../src/audit/judge.js';
import { guardContext, splitShown } from '../../src/leakage/guard-context.js';
import { guardView } from '../../src/leakage/guard-view.js';
import { classifyQuery } from '../../src/leakage/relatedness.js';
import type { SearchObservationJson } from '../../src/render/observation.js';
import { callToolSync } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld, type SearchWorld } from '../../src/search/world-index.js';
import type { PassageRecord } from '../../src/search/types.js';
import type { Task } from '../../src/world/types.js';
import { sampleWorlds, smartphoneWorld } from '../search/sample-worlds.js';
import { plantedForms, plantingRenderer } from './planted.js';

const results = (r: { json: unknown }) => (r.json as SearchObservationJson).queries[0]!.results;
const search = (world: SearchWorld, query: string, opts: Parameters<typeof createSession>[1] = {}) =>
  callToolSync(createSession(world, opts), { name: 'web_search', arguments: { query } });
const VISIBLE_MARKS = /\[redacted\]|redact|withheld|hidden|\*\*\*|suppressed|removed/i;
/** The text without the world's own names and addresses: a book called "The Hidden Valley" is no guard's mark. */
const withoutNames = (text: string, names: string[]) => names.reduce((t, n) => t.split(n).join(' '), text.replace(/https?:\/\/\S+/g, ' '));
const worldNames = (data: { facts: { subject: string }[] }) => [...new Set(data.facts.map((f) => f.subject))].sort((a, b) => b.length - a.length);

/** Queries an agent might send that the guard labels unrelated: the answer itself, and other attributes. */
function unrelatedQueries(world: SearchWorld, task: Task): string[] {
  const ctx = guardContext(world, task.id);
  const candidates = [task.answerText.split('\n')[0]!, ...plantedForms(task, 2, 2), 'list of all records', 'ranked by value'];
  return candidates.filter((q) => !classifyQuery(ctx, q).related);
}

describe('sessions bound and unbound', () => {
  const { path, data } = smartphoneWorld();

  it('an unbound session has no guard; a bound one guards and logs out of sight', () => {
    const world = createSearchWorld(path);
    try {
      // A single-valued answer (not a wide task's table, whose rows name the entities to look up):
      // the answer alone as the query is a guessed answer, which never makes a query related.
      const task = data.tasks.find((t) => t.answerType !== 'table')!;
      expect(task).toBeDefined();
      const unbound = search(world, task.answerText);
      expect(unbound.meta.guard).toEqual([]);
      const bound = search(world, task.answerText, { taskId: task.id });
      expect(bound.meta.guard.find((d) => d.stage === 'select')).toMatchObject({ taskId: task.id, related: false });
      const off = search(world, task.answerText, { taskId: task.id, guard: null });
      expect(off.meta.guard).toEqual([]);
      expect(results(off)).toEqual(results(unbound));
      for (const text of [bound.text, JSON.stringify(bound.json)]) {
        expect(text).not.toMatch(VISIBLE_MARKS);
        expect(text).not.toContain('related');
        expect(text).not.toContain(task.id);
      }
    } finally {
      world.close();
    }
  });

  it('a related query passes unchanged; an unrelated one never shows the answer', () => {
    const world = createSearchWorld(path);
    try {
      let unrelatedSeen = 0,
        leaksOff = 0,
        backstopped = 0;
      for (const task of data.tasks) {
        const ctx = guardContext(world, task.id);
        if (classifyQuery(ctx, task.question).related)
          expect(results(search(world, task.question, { taskId: task.id }))).toEqual(results(search(world, task.question)));
        for (const q of unrelatedQueries(world, task)) {
          unrelatedSeen++;
          const off = results(search(world, q));
          const bound = search(world, q, { taskId: task.id });
          const on = results(bound);
          if (judgeResults(ctx, off).length > 0) leaksOff++;
          expect(judgeResults(ctx, on)).toEqual([]);
          // What it shows is an unguarded search of the world without the passages it must not show,
          // unless the backstop had to replace a result (logged).
          if (bound.meta.guard.some((d) => d.stage === 'backstop')) backstopped++;
          else expect(on).toEqual(results(search(guardView(ctx), q)));
        }
      }
      expect(unrelatedSeen).toBeGreaterThan(30);
      expect(leaksOff).toBeGreaterThan(10); // the guard has something to do
      expect(backstopped).toBeLessThanOrEqual(unrelatedSeen * 0.05);
    } finally {
      world.close();
    }
  });

  it('naming a guessed answer never makes a query related, and the question names what it needs', () => {
    const world = createSearchWorld(path);
    try {
      const lookups = data.tasks.filter((t) => t.kind === 'lookup');
      expect(lookups.length).toBeGreaterThan(0);
      for (const task of lookups) {
        const ctx = guardContext(world, task.id);
        expect(classifyQuery(ctx, task.question).related).toBe(true);
        expect(classifyQuery(ctx, task.answerText).related).toBe(false);
      }
      for (const task of data.tasks.filter((t) => t.kind === 'multi_hop')) {
        const ctx = guardContext(world, task.id);
        const bridge = task.hopFactIds.map((id) => ctx.fact(id)!).at(-1)!.object;
        expect(classifyQuery(ctx, task.question).named).not.toContain(bridge);
      }
    } finally {
      world.close();
    }
  });
});

describe('the backstop over a renderer that plants the answer', () => {
  it('catches every planted disguised form, in every theme', () => {
    let planted = 0,
      caught = 0;
    for (const { path, data } of sampleWorlds()) {
      const world = createSearchWorld(path);
      const names = worldNames(data);
      try {
        for (const task of data.tasks) {
          const forms = plantedForms(task);
          const ctx = guardContext(world, task.id);
          for (const q of unrelatedQueries(world, task).slice(0, 3)) {
            const renderer = plantingRenderer(forms);
            const r = callToolSync(createSession(world, { taskId: task.id, renderer }), { name: 'web_search', arguments: { query: q } });
            expect(judgeResults(ctx, results(r))).toEqual([]);
            expect(withoutNames(r.text, names)).not.toMatch(VISIBLE_MARKS);
            const changed = r.meta.guard.filter((d) => d.stage === 'backstop').flatMap((d) => d.changes as unknown[]).length;
            planted += renderer.planted.length;
            caught += changed;
            expect(changed).toBe(renderer.planted.length);
            const unplanted = results(search(world, q, { taskId: task.id }));
            expect(results(r).length).toBeGreaterThanOrEqual(unplanted.length - 1);
          }
        }
      } finally {
        world.close();
      }
    }
    expect(planted).toBeGreaterThan(500);
    expect(caught).toBe(planted);
  });
});

describe('the exemption', () => {
  it('lets a name that is the answer appear as part of another fact, never on its own', () => {
    // The first sample world with a task whose answer is an entity named as the value of another fact
    // (found by property: which kinds a world's tasks are changes with the task mix).
    const found = sampleWorlds()
      .map(({ path, data }) => ({
        path,
        task: data.tasks.find(
          (t) =>
            t.answerType === 'entity' &&
            data.facts.some((f) => f.objectType === 'entity' && f.object === JSON.parse(t.answer)[0][0] && !t.answerFactIds.includes(f.id)),
        ),
      }))
      .find((w) => w.task !== undefined);
    expect(found).toBeDefined();
    const { path, task } = found!;
    const world = createSearchWorld(path);
    try {
      const ctx = guardContext(world, task!.id);
      const name = JSON.parse(task!.answer)[0][0] as string;
      const passages = world
        .allPages()
        .flatMap((p) => world.passagesOf(p.id))
        .filter((p) => p.ord > 0 && p.text.includes(name));
      const asOther = passages.filter((p) => p.factIds.length > 0 && p.factIds.every((id) => !ctx.answerFactIds.has(id)));
      const bare = passages.filter((p) => p.factIds.length === 0);
      expect(asOther.length).toBeGreaterThan(0);
      for (const p of asOther) expect(ctx.blocked(p)).toBe(false);
      for (const p of bare) expect(ctx.blocked(p)).toBe(true);
      for (const p of passages.filter((x) => x.factIds.some((id) => ctx.answerFactIds.has(id)))) expect(ctx.blocked(p)).toBe(true);
    } finally {
      world.close();
    }
  });
});

describe('snippet exposure', () => {
  it('is the same remembered as worked out afresh, and no caller can change what is remembered', () => {
    const { path, data } = smartphoneWorld();
    const a = createSearchWorld(path);
    const b = createSearchWorld(path);
    try {
      const task = data.tasks[1]!;
      // Passages stating an answer fact's true value: a passage may also carry the fact as an early
      // estimate or a wrong forum figure (its claim's form), which shows nothing of the answer.
      const answerPassages = data.documents
        .flatMap((d) => d.passages.map((p) => ({ ...p, pageId: d.id })))
        .filter((p) => (p.claims ?? []).some((c) => c.form === 'exact' && task.answerFactIds.includes(c.factId)));
      expect(answerPassages.length).toBeGreaterThan(0);
      const ctxA = guardContext(a, task.id);
      const ctxB = guardContext(b, task.id);
      for (const p of answerPassages.slice(0, 20)) {
        const first = ctxA.snippetExposure(p.text, [p.id], p.pageId);
        expect(first.factIds.length + first.detections.length).toBeGreaterThan(0);
        expect(() => {
          first.factIds.length = 0;
        }).toThrow(TypeError);
        expect(() => {
          first.detections.length = 0;
        }).toThrow(TypeError);
        const again = ctxA.snippetExposure(p.text, [p.id], p.pageId);
        expect(again).toEqual(ctxB.snippetExposure(p.text, [p.id], p.pageId));
        expect(again.factIds.length + again.detections.length).toBeGreaterThan(0);
      }
    } finally {
      a.close();
      b.close();
    }
  });
});

describe('snippets cut to fit', () => {
  // Found by the 1,000-world audit (seed 7): a snippet's last passage, cut at a word, kept the first
  // word of the answer's name ("away club: Bracasvova ...") and dropped the rest of the fact that
  // exempted it. The guard took such a snippet as safe because the passage was safe whole.
  it('a passage is shown whole only when its text is left after the longer whole passages are taken out', () => {
    const passage = (id: number, text: string): PassageRecord => ({ id, documentId: 1, ord: id, text, factIds: [] });
    const a = passage(1, 'away club: Bracasvova Athletic');
    const b = passage(2, 'Stusliorant Athletic v Bracasvova Athletic — home club: Stusliorant Athletic; away club: Bracasvova Athletic');
    const c = passage(3, 'match date: March 27, 2032');
    // a's text occurs inside b, but a itself is shown cut: it is not whole.
    expect(splitShown(`${b.text} ... away club: Bracasvova ...`, [a, b]).cut.map((p) => p.id)).toEqual([1]);
    expect(splitShown(`${b.text} ${a.text} ${c.text}`, [a, b, c]).cut).toEqual([]);
    expect(splitShown(`${c.text} ... Stusliorant Athletic v Bracasvova ...`, [b, c]).cut.map((p) => p.id)).toEqual([2]);
    expect(splitShown('anything', [passage(4, '')]).cut.map((p) => p.id)).toEqual([4]);
  });

  it('a passage shown cut is judged on the part shown: no guarded leak in the worlds where one was found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-guard-cut-'));
    try {
      for (const index of [193, 588, 707]) {
        const data = generateWorld(7, index);
        const file = join(dir, `${data.meta.world_id}.sqlite`);
        writeWorld(file, data);
        const audit = await auditWorld(file);
        const unrelated = audit.queries.filter((q) => !q.related);
        expect(unrelated.length).toBeGreaterThan(100);
        const leaks = unrelated.flatMap((q) => q.leaks.map((l) => `${q.task} "${q.query}" [${l.rank}] ${l.forms.join(' ')}`));
        expect(leaks, data.meta.world_id).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Three worlds generated and audited: over the default 2 minutes when the suite shares 2 cores.
  }, 600_000);
});
