import { describe, it, expect } from 'vitest';
import { exposes, guardContext } from '../../src/leakage/guard-context.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import type { PassageRecord } from '../../src/search/types.js';
import { smartphoneWorld } from '../search/sample-worlds.js';
import { loadFacts } from '../../src/db/load.js';
import { spellInteger } from '../../src/audit/answer-forms.js';
import { join } from 'node:path';
import { writeWorld } from '../../src/db/write.js';
import { generateWorld } from '../../src/world/generate.js';
import { tempDir } from '../helpers.js';

describe('remembered verdicts', () => {
  const { path, data } = smartphoneWorld();

  it("remembers each passage's verdict as it judged it, and each page's lines as their exposures say", () => {
    const world = createSearchWorld(path);
    try {
      for (const task of data.tasks.slice(0, 6)) {
        const ctx = guardContext(world, task.id);
        let blocked = 0;
        for (const page of world.allPages()) {
          const want = exposes(ctx.titleExposure(page)) || ctx.titleStates(page) ? 'title' : exposes(ctx.dateExposure(page.published)) ? 'date' : null;
          expect(ctx.pageShows(page)).toBe(want);
          expect(ctx.pageShows(page)).toBe(want); // remembered
          for (const p of world.passagesOf(page.id)) {
            expect(ctx.blockedVerdict(p.id)).toBeUndefined();
            const b = ctx.blocked(p);
            if (b) blocked++;
            expect(ctx.blockedVerdict(p.id)).toBe(b);
          }
        }
        // a task with protected facts has them stated somewhere: some passages are blocked (a sum or a
        // difference protects only what equals the answer, which its world may state nowhere)
        if (ctx.protectedFactIds.size > 0) expect(blocked, task.id).toBeGreaterThan(0);
      }
    } finally {
      world.close();
    }
  });

  it('keeps verdicts of ids a typed array cannot hold (negative, fractional, huge) apart, and grows for large ones', () => {
    const world = createSearchWorld(path);
    try {
      const task = data.tasks[0]!;
      const ctx = guardContext(world, task.id);
      const real = world.passagesOf(world.allPages()[0]!.id)[1]!;
      const answerFact = task.answerFactIds[0]!;
      const fake = (id: number, states: boolean): PassageRecord => ({ ...real, id, factIds: states ? [answerFact] : [], text: 'nothing to see here' });
      for (const [id, states] of [
        [-3, true],
        [2.5, true],
        [5_000_000, true],
        [70_000, true],
        [70_001, false],
      ] as const) {
        expect(ctx.blockedVerdict(id)).toBeUndefined();
        expect(ctx.blocked(fake(id, states))).toBe(states);
        expect(ctx.blockedVerdict(id)).toBe(states);
      }
      // growing the array kept what it held
      expect(ctx.blockedVerdict(real.id)).toBeUndefined();
      const b = ctx.blocked(real);
      ctx.blocked(fake(200_000, false));
      expect(ctx.blockedVerdict(real.id)).toBe(b);
      expect(ctx.blockedVerdict(70_000)).toBe(true);
    } finally {
      world.close();
    }
  });
});

describe('the exemption of text no passage accounts for (a world model, the backstop)', () => {
  const { path, data } = smartphoneWorld();
  /** A task whose answer is an entity that is the subject of another, small-valued integer fact. */
  function entityTaskWithCount(world: ReturnType<typeof createSearchWorld>) {
    const facts = loadFacts(world.world);
    for (const task of data.tasks) {
      if (task.answerType !== 'entity') continue;
      const name = String((JSON.parse(task.answer) as unknown[][])[0]![0]);
      const fact = facts.find((f) => f.subject === name && f.objectType === 'integer' && !task.answerFactIds.includes(f.id) && Number(f.object) < 20);
      if (fact) return { task, name, fact };
    }
    throw new Error('no entity answer with a small count in the smartphone sample');
  }

  it('does not exempt the answer\'s name because a form of one of its values appears anywhere ("one" read as a count of 1)', () => {
    const world = createSearchWorld(path);
    try {
      const { task, name, fact } = entityTaskWithCount(world);
      const ctx = guardContext(world, task.id);
      const far = `${name} is the one you want. Elsewhere in the catalogue, ${spellInteger(Number(fact.object))} other models were shown.`;
      const words = `${name} tops the list, and ${spellInteger(Number(fact.object))} is a nice number.`;
      for (const text of [far, words]) {
        const found = ctx.detect(text, [fact.id], true);
        expect(
          found.some((d) => d.kind === 'name'),
          text,
        ).toBe(true);
      }
      // The other fact stated in one sentence, its value in digits, still exempts the name.
      const stated = `${name} has a ${fact.predicate.replace(/_/g, ' ')} of ${fact.object}.`;
      expect(ctx.detect(stated, [fact.id], true).filter((d) => d.kind === 'name')).toEqual([]);
    } finally {
      world.close();
    }
  });
});

describe('names that state a protected fact by what they hold', () => {
  // Worlds of batch seed 11 whose tasks protect a fact a name states (pinned to their themes, so the
  // registry growing does not move them): energy world 14 asks for the plant "whose fuel type is solar",
  // and its quarterly rows are named "Helise Solar Park, Q1 2032": the row's name says the plant's fuel.
  // (Financials once had the same case: a segment "Bluevale Software" naming its company's sector.)
  const dir = tempDir('fw-stating-');
  const worlds = (
    [
      [14, 'energy'],
      [50, 'energy'],
      [57, 'elections'],
    ] as const
  ).map(([i, theme]) => {
    const data = generateWorld(11, i, { themes: [theme] });
    const path = join(dir, `w${i}.sqlite`);
    writeWorld(path, data);
    return { data, path };
  });

  it('are hidden from unrelated queries wherever written: a passage or a title naming one is blocked', () => {
    let cases = 0;
    for (const { data, path } of worlds) {
      const world = createSearchWorld(path);
      try {
        const factById = new Map(data.facts.map((f) => [f.id, f]));
        for (const task of data.tasks) {
          const ctx = guardContext(world, task.id);
          for (const name of ctx.statingNames) {
            cases++;
            // the name refers to a protected fact's subject and holds that fact's value as a word
            const refers = data.facts.filter((f) => f.subject.toLowerCase() === name && f.objectType === 'entity');
            const held = [...ctx.protectedFactIds]
              .map((id) => factById.get(id)!)
              .filter((p) => refers.some((r) => r.object === p.subject) && new RegExp(`\\b${p.object.toLowerCase()}\\b`).test(name));
            expect(held.length, `${task.id}: ${name}`).toBeGreaterThan(0);
            let seen = 0;
            for (const page of world.allPages()) {
              if (page.title.toLowerCase().includes(name)) expect(ctx.titleStates(page), page.url).toBe(true);
              for (const p of world.passagesOf(page.id))
                if (p.text.toLowerCase().includes(name)) {
                  seen++;
                  expect(ctx.blocked(p), p.text).toBe(true);
                }
            }
            expect(seen, name).toBeGreaterThan(0);
          }
        }
      } finally {
        world.close();
      }
    }
    expect(cases).toBeGreaterThan(0);
  });
});
