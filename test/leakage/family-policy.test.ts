import { describe, expect, it } from 'vitest';
import { labelOf } from '../../src/audit/families.js';
import { loadFacts } from '../../src/db/load.js';
import { FAMILY_POLICY } from '../../src/leakage/family-policy.js';
import { guardContext } from '../../src/leakage/guard-context.js';
import { classifyQuery } from '../../src/leakage/relatedness.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { TASK_KINDS } from '../../src/world/types.js';
import { sampleWorlds } from '../search/sample-worlds.js';

describe('the family policy', () => {
  it('has one entry per task kind', () => {
    expect(Object.keys(FAMILY_POLICY).sort()).toEqual([...TASK_KINDS].sort());
  });

  it('comparisons: a query naming any candidate, the answer too, is related; naming none is not', () => {
    let checked = 0;
    for (const sample of sampleWorlds()) {
      const world = createSearchWorld(sample.path);
      try {
        const facts = new Map(loadFacts(world.world).map((f) => [f.id, f]));
        for (const task of sample.data.tasks.filter((t) => FAMILY_POLICY[t.kind].stripAnswer === false && t.answerType === 'entity')) {
          const ctx = guardContext(world, task.id);
          const answer = String((JSON.parse(task.answer) as unknown[][])[0]![0]);
          const candidates = task.answerFactIds.map((id) => facts.get(id)!);
          const own = candidates.find((f) => f.subject === answer);
          if (!own) continue;
          const label = labelOf(world.world.theme, own);
          // The answer candidate's value shows for its query as another candidate's does for theirs.
          const mine = classifyQuery(ctx, `${answer} ${label}`);
          expect(mine.named, `${sample.theme} ${task.id}`).toContain(answer);
          const other = candidates.find((f) => f.subject !== answer);
          if (other) {
            const theirs = classifyQuery(ctx, `${other.subject} ${label}`);
            expect(mine.related, `${sample.theme} ${task.id}: ${answer} vs ${other.subject}`).toBe(theirs.related);
          }
          expect(classifyQuery(ctx, label).related).toBe(false);
          checked++;
        }
      } finally {
        world.close();
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("multi-hop and chains: only the final fact's own subject makes a query for it related", () => {
    let checked = 0;
    for (const sample of sampleWorlds()) {
      const world = createSearchWorld(sample.path);
      try {
        const facts = new Map(loadFacts(world.world).map((f) => [f.id, f]));
        for (const task of sample.data.tasks.filter((t) => (t.kind === 'multi_hop' || t.kind === 'chain') && t.hopFactIds.length > 0)) {
          const ctx = guardContext(world, task.id);
          const final = facts.get(task.answerFactIds[0]!)!;
          const subjects = new Set(task.answerFactIds.map((id) => facts.get(id)!.subject));
          expect([...ctx.entityNames].sort()).toEqual([...subjects].sort());
          const label = labelOf(world.world.theme, final);
          expect(classifyQuery(ctx, `${final.subject} ${label}`).named).toContain(final.subject);
          // The final subject named among many other names of the world (a list dumped into one query) names none in particular.
          const others = [...new Set([...facts.values()].map((f) => f.subject))]
            .filter((n) => !subjects.has(n) && !n.includes(final.subject) && !final.subject.includes(n))
            .slice(0, 6);
          expect(classifyQuery(ctx, `${task.question} ${others.join(' ')} ${final.subject}`).related).toBe(false);
          for (const hop of task.hopFactIds.map((id) => facts.get(id)!)) {
            if (subjects.has(hop.subject)) continue;
            expect(classifyQuery(ctx, `${hop.subject} ${label}`).related, `${sample.theme} ${task.id}: ${hop.subject}`).toBe(false);
          }
          checked++;
        }
      } finally {
        world.close();
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('sums and computed answers: the parts are shown; what equals the answer is protected', () => {
    let checked = 0;
    for (const sample of sampleWorlds()) {
      const world = createSearchWorld(sample.path);
      try {
        for (const task of sample.data.tasks.filter((t) => FAMILY_POLICY[t.kind].protect === 'answer_value')) {
          const ctx = guardContext(world, task.id);
          for (const id of ctx.protectedFactIds) expect(task.answerFactIds).toContain(id);
          const parts = task.answerFactIds.filter((id) => !ctx.protectedFactIds.has(id));
          for (const page of world.allPages())
            for (const p of world.passagesOf(page.id)) {
              if (!p.factIds.some((id) => parts.includes(id))) continue;
              // A passage stating a part is blocked only when it also shows the answer itself.
              if (ctx.blocked(p))
                expect(ctx.detect(p.text, p.factIds).length + p.factIds.filter((id) => ctx.protectedFactIds.has(id)).length).toBeGreaterThan(0);
              else checked++;
            }
          expect(ctx.detect(`The total came to ${task.answerText}.`).length, `${sample.theme} ${task.id}`).toBeGreaterThan(0);
        }
      } finally {
        world.close();
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
