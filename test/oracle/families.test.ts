import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetFor } from '../../src/oracle/budget.js';
import { HEDGES } from '../../src/oracle/families/conflict.js';
import { periodSpan } from '../../src/oracle/families/reasoning.js';
import { proveByOracle, type OracleProof } from '../../src/oracle/generation.js';
import { READERS } from '../../src/tasks/families/index.js';
import type { Reading, ReadQuestion } from '../../src/tasks/families/reading.js';
import { listThemes } from '../../src/themes/registry.js';
import { generateWorld } from '../../src/world/generate.js';
import { HARD_KINDS, type TaskKind, type WorldData } from '../../src/world/types.js';
import { drawHardTasks, type HardTask } from './hard-tasks.js';

/**
 * The oracle on tasks of the five issue-24 families, drawn from each theme's rows by the fixture
 * (hard-tasks.ts) with the Reading a family reader would return. The readers are stubbed here, in the
 * test only: each returns the reading of its question, so what is tested is the solving, by searching
 * and reading with the guard on.
 */
const byQuestion = new Map<string, Reading>();
const saved = new Map<TaskKind, ReadQuestion | undefined>();
const worlds: { data: WorldData; hard: HardTask[]; proofs: OracleProof[] }[] = [];

beforeAll(async () => {
  for (const k of HARD_KINDS) {
    saved.set(k, READERS[k]);
    READERS[k] = (q) => byQuestion.get(q) ?? null;
  }
  const themes = listThemes().map((t) => t.id);
  for (let i = 0; i < themes.length; i++) {
    const data = generateWorld(11, i, { themes });
    const hard = drawHardTasks(data, 2);
    for (const h of hard) byQuestion.set(h.task.question, h.reading);
    worlds.push({
      data,
      hard,
      proofs: await proveByOracle(
        data,
        hard.map((h) => h.task),
      ),
    });
  }
}, 120_000);

afterAll(() => {
  for (const [k, r] of saved) {
    if (r) READERS[k] = r;
    else delete READERS[k];
  }
});

describe('proveByOracle over family tasks of every theme (guard on)', () => {
  it('solves nearly every drawn task of each family within its certificate budget', () => {
    const by = new Map<string, { n: number; solved: number }>();
    for (const w of worlds)
      for (const [i, p] of w.proofs.entries()) {
        const kind = w.hard[i]!.task.kind;
        const g = by.get(kind) ?? by.set(kind, { n: 0, solved: 0 }).get(kind)!;
        g.n++;
        if (p.solved) g.solved++;
      }
    expect([...by.keys()].sort()).toEqual([...HARD_KINDS].sort());
    const all = [...by.values()].reduce((a, g) => ({ n: a.n + g.n, solved: a.solved + g.solved }), { n: 0, solved: 0 });
    expect(all.n).toBeGreaterThanOrEqual(60);
    expect(all.solved / all.n).toBeGreaterThanOrEqual(0.9);
    for (const [, g] of by) expect(g.solved / g.n).toBeGreaterThanOrEqual(0.8);
  });

  it('returns one proof per task, in order, whose plan is the calls made: searches and page opens within the budget', () => {
    for (const w of worlds) {
      expect(w.proofs.map((p) => p.taskId)).toEqual(w.hard.map((h) => h.task.id));
      for (const [i, p] of w.proofs.entries()) {
        const t = w.hard[i]!.task;
        expect(p.budget).toBe(budgetFor(t));
        expect(p.budget).toBe(2 * t.certificate!.pagesNeeded + 4 + (t.answerType === 'table' ? JSON.parse(t.answer).length : 0));
        expect(p.plan.every((s) => s.tool === 'web_search' || s.tool === 'web_extractor')).toBe(true);
        if (p.solved) {
          expect(p.plan.length).toBeLessThanOrEqual(p.budget);
          expect(p.plan.some((s) => s.tool === 'web_extractor')).toBe(true);
          expect(p.reward).toBe(1);
        } else expect(p.note ?? '').not.toBe('');
      }
    }
  });

  it('is deterministic: the same world and tasks give the same proofs', async () => {
    const w = worlds[0]!;
    expect(
      await proveByOracle(
        w.data,
        w.hard.map((h) => h.task),
      ),
    ).toEqual(w.proofs);
  });

  it('fails honestly on a question no reader reads', async () => {
    const w = worlds[0]!;
    const t = { ...w.hard[0]!.task, id: 'hx01', question: 'A question no frame writes?' };
    const [p] = await proveByOracle(w.data, [t]);
    expect(p!.solved).toBe(false);
    expect(p!.note).toBe('question not understood');
    expect(p!.plan).toEqual([]);
  });
});

describe('budgetFor', () => {
  const cert = (pagesNeeded: number) => ({
    evidenceFactIds: [1],
    pages: [],
    pagesNeeded,
    hops: 0,
    constraints: 0,
    width: 1,
    plan: [],
    uniqueness: null,
    checks: [],
  });
  it('is 2 × pages needed + 4 with a certificate, plus one per answer row for a table answer', () => {
    expect(budgetFor({ kind: 'constraint', answer: '[["x"]]', answerType: 'text', certificate: cert(3) })).toBe(10);
    expect(budgetFor({ kind: 'wide', answer: '[["a",1],["b",2],["c",3],["d",4]]', answerType: 'table', certificate: cert(5) })).toBe(18);
    expect(budgetFor({ kind: 'lookup', answer: '[["x"]]' })).toBe(10);
    expect(budgetFor({ kind: 'wide_table', answer: '[["a",1],["b",2]]' })).toBe(12);
  });
});

describe('reading values', () => {
  it('marks hedged statements and reads series periods', () => {
    expect(HEDGES.test('an estimated 1,230,000 units')).toBe(true);
    expect(HEDGES.test('The full-year unit sales of Tyton Devices was 36,000,000 phones, if I remember right.')).toBe(true);
    expect(HEDGES.test('Tyton Devices sold 29,338,813 phones.')).toBe(false);
    expect(periodSpan('Zentria X9, Q2 2029')).toEqual({ from: '2029-04-01', to: '2029-06-30' });
    expect(periodSpan('Zentria X9, H2 2029')).toEqual({ from: '2029-07-01', to: '2029-12-31' });
    expect(periodSpan('Zentria X9, 2031')).toEqual({ from: '2031-01-01', to: '2031-12-31' });
    expect(periodSpan('Zentria X9')).toBeNull();
  });
});
