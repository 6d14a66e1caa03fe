/**
 * The task pipeline of generateWorld: candidates (the easy six and the families) certified, proved by
 * the injected prover, selected by difficulty and count. The families here are the test families of
 * test/tasks/certificate/_families.ts; the prover is a test prover that refuses some tasks.
 */
import { describe, expect, it } from 'vitest';
import { difficultyOf } from '../../src/tasks/certificate/difficulty.js';
import { checkWorld } from '../../src/world/consistency.js';
import { generateProvedWorld, generateWorld } from '../../src/world/generate.js';
import type { Prover } from '../../src/world/prover.js';
import { bandConstraints, scatteredFacts } from '../tasks/certificate/_families.js';

const families = { reasoning: scatteredFacts, constraint: bandConstraints };

describe('generateWorld tasks', () => {
  it('--difficulty hard gives only hard tasks, numbered t01…, each consistent with its certificate', () => {
    const d = generateWorld(7, 1, { themes: ['launches'], difficulty: 'hard', families });
    expect(d.tasks).toHaveLength(16);
    expect(d.tasks.map((t) => t.id)).toEqual(Array.from({ length: 16 }, (_, i) => `t${String(i + 1).padStart(2, '0')}`));
    for (const t of d.tasks) {
      expect(t.difficulty).toBe('hard');
      expect(difficultyOf(t.certificate!)).toBe('hard');
      expect(t.certificate!.pagesNeeded).toBeGreaterThanOrEqual(5);
    }
    expect(checkWorld(d)).toEqual([]);
    expect(d.meta).toMatchObject({ difficulty: 'hard', tasks_per_world: 16 });
  });

  it('--tasks-per-world sets the count; the families widen the kinds; the same options give the same world', () => {
    const a = generateWorld(7, 2, { themes: ['financials'], tasksPerWorld: 8, families });
    const b = generateWorld(7, 2, { themes: ['financials'], tasksPerWorld: 8, families });
    expect(a.tasks).toHaveLength(8);
    expect(JSON.stringify(a.tasks)).toBe(JSON.stringify(b.tasks));
    const kinds = new Set(generateWorld(7, 2, { themes: ['financials'], families }).tasks.map((t) => t.kind));
    expect(kinds.has('constraint') || kinds.has('reasoning')).toBe(true);
    const proved = generateWorld(7, 2, { themes: ['financials'], families }).tasks.filter((t) => t.certificate!.uniqueness);
    for (const t of proved) expect(t.certificate!.uniqueness!.count).toBe(1);
  });

  it('drops the tasks the prover cannot solve and stores its plan in each certificate', async () => {
    const seen: string[] = [];
    const prove: Prover = async (data, tasks) => {
      expect(data.tasks).toEqual(tasks);
      seen.push(...tasks.map((t) => t.question));
      return tasks.map((t) => ({ solved: t.kind !== 'lookup', plan: [{ tool: 'web_search' as const, arg: t.question.slice(0, 30) }] }));
    };
    const d = await generateProvedWorld(7, 3, { themes: ['launches'], families }, prove);
    expect(d.tasks).toHaveLength(16);
    expect(d.tasks.some((t) => t.kind === 'lookup')).toBe(false);
    for (const t of d.tasks) expect(t.certificate!.plan).toEqual([{ tool: 'web_search', arg: t.question.slice(0, 30) }]);
    // lookups were offered and refused, each task proved once
    expect(seen.length).toBe(new Set(seen).size);
    expect(checkWorld(d)).toEqual([]);
    const again = await generateProvedWorld(7, 3, { themes: ['launches'], families }, prove);
    expect(JSON.stringify(again.tasks)).toBe(JSON.stringify(d.tasks));
  });

  it('fails with one clear line when the families cannot make enough tasks of the difficulty asked', () => {
    // the easy six alone (no family drafts) cannot make a world of 16 hard tasks
    expect(() => generateWorld(7, 0, { themes: ['smartphones'], difficulty: 'hard', tasksPerWorld: 16, families: {} })).toThrow(
      /^world w7-000000 \(smartphones\) failed 50 attempts: only \d+ of 16 hard tasks passed their certificates and the prover/,
    );
  });
});
