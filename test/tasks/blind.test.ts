import { describe, expect, it } from 'vitest';
import { MIN_JUDGED, blindCheck, candidatesOf, constantCandidates, templateOf, type BlindTask } from '../../src/tasks/blind.js';
import { formatTaskReport, summarizeTasks } from '../../src/tasks/report.js';
import { listThemes } from '../../src/themes/registry.js';
import { generateWorld } from '../../src/world/generate.js';

describe('blind check over a generated batch', () => {
  const count = Math.max(60, listThemes().length * 12);
  const worlds = Array.from({ length: count }, (_, i) => generateWorld(21, i));
  const tasks = worlds.flatMap((w) => w.tasks.map((t) => ({ ...t, worldId: w.meta.world_id })));
  const report = blindCheck(tasks);

  it('the best constant answer of every task kind scores at most 5%', () => {
    expect(report.kinds.length).toBeGreaterThanOrEqual(6);
    const judged = report.kinds.filter((k) => k.judged);
    expect(judged.length).toBeGreaterThanOrEqual(4);
    for (const k of judged) expect(k.constant.score, `${k.kind}: "${k.constant.answer.slice(0, 40)}"`).toBeLessThanOrEqual(0.05);
    // too few to judge: two tasks sharing an answer by chance would already score above 5%
    for (const k of report.kinds.filter((x) => !x.judged)) expect(k.tasks).toBeLessThan(MIN_JUDGED);
    expect(report.pass).toBe(true);
  });

  it('guessing from the question template in other worlds stays under 5% for lookups and multi-hops', () => {
    const kinds = report.kinds.filter(
      // Table answers have no guess from a template (the report prints "-").
      (x) =>
        x.judged && x.heuristic !== null && ['lookup', 'multi_hop', 'aggregation', 'wide_table', 'constraint', 'chain', 'wide', 'reasoning'].includes(x.kind),
    );
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    for (const k of kinds) {
      const kind = k.kind;
      expect(k.heuristic!.score, kind).toBeLessThanOrEqual(0.05);
    }
  });

  it('the batch report counts every task once', () => {
    const r = summarizeTasks(tasks, worlds.length, {});
    expect(r.tasks).toBe(tasks.length);
    expect(Object.values(r.kinds).reduce((s, n) => s + n, 0)).toBe(tasks.length);
    expect(Object.values(r.hops).reduce((s, n) => s + n, 0)).toBe(tasks.length);
    expect(Object.values(r.answerTypes).reduce((s, n) => s + n, 0)).toBe(tasks.length);
    expect(r.byKind.find((k) => k.kind === 'multi_hop')!.meanHops).toBeGreaterThanOrEqual(2);
    const text = formatTaskReport(r);
    expect(text).toContain('blind check');
    expect(text).toMatch(/^lookup\s+\d+/m);
  });
});

describe('blind check on a guessable batch', () => {
  const mk = (i: number, answer: string): BlindTask => ({
    kind: 'lookup',
    question: `What is the city of Entity${i}?`,
    answer: JSON.stringify([[answer]]),
    answerText: answer,
    answerType: 'text',
    columns: [],
    keyColumns: [],
    tolerance: 0,
    aliases: [],
    worldId: `w1-${String(i).padStart(6, '0')}`,
  });
  it('fails when one answer is common', () => {
    const tasks = Array.from({ length: 40 }, (_, i) => mk(i, i % 4 === 0 ? 'Lisbon' : `City ${i}`));
    const r = blindCheck(tasks);
    expect(r.kinds[0]!.constant).toEqual({ answer: 'Lisbon', score: 0.25 });
    expect(r.pass).toBe(false);
  });
  it('tries number quantiles and the median date', () => {
    const nums = Array.from({ length: 9 }, (_, i) => ({
      ...mk(i, ''),
      answerType: 'integer' as const,
      answer: `[[${(i + 1) * 100}]]`,
      answerText: String((i + 1) * 100),
    }));
    expect(constantCandidates(nums)).toContain('500');
  });
});

describe('question parsing', () => {
  it('finds the candidates of a comparison', () => {
    expect(candidatesOf('Which of A X1, B Pro or C Air has the highest launch price?')).toEqual(['A X1', 'B Pro', 'C Air']);
    expect(candidatesOf('What is the launch price of A X1?')).toEqual([]);
  });
  it('templates drop names and numbers', () => {
    expect(templateOf('What is the launch price of Zentria X9?')).toBe('what is the launch price of');
    expect(templateOf('What is the launch price of Aldor Pro?')).toBe(templateOf('What is the launch price of Zentria X9?'));
  });
});
