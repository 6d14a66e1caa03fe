import { describe, it, expect } from 'vitest';
import { exposes, guardContext } from '../../src/leakage/guard-context.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import type { PassageRecord } from '../../src/search/types.js';
import { smartphoneWorld } from '../search/sample-worlds.js';

describe('remembered verdicts', () => {
  const { path, data } = smartphoneWorld();

  it("remembers each passage's verdict as it judged it, and each page's lines as their exposures say", () => {
    const world = createSearchWorld(path);
    try {
      for (const task of data.tasks.slice(0, 4)) {
        const ctx = guardContext(world, task.id);
        let blocked = 0;
        for (const page of world.allPages()) {
          const want = exposes(ctx.titleExposure(page)) ? 'title' : exposes(ctx.dateExposure(page.published)) ? 'date' : null;
          expect(ctx.pageShows(page)).toBe(want);
          expect(ctx.pageShows(page)).toBe(want); // remembered
          for (const p of world.passagesOf(page.id)) {
            expect(ctx.blockedVerdict(p.id)).toBeUndefined();
            const b = ctx.blocked(p);
            if (b) blocked++;
            expect(ctx.blockedVerdict(p.id)).toBe(b);
          }
        }
        // each task's answer is stated somewhere: some passages are blocked, most are not
        expect(blocked).toBeGreaterThan(0);
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
