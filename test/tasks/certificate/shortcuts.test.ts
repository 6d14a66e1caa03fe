/**
 * The `no_twin_number` check: a number answer matched, within the scorer's tolerance, by another value
 * of its column or by a number in a name of the world, is a shortcut; a distinct one is not.
 */
import { describe, expect, it } from 'vitest';
import { checkWorldOf, type CheckTask, twinNumber } from '../../../src/tasks/certificate/shortcuts.js';
import type { Fact } from '../../../src/world/types.js';

const fact = (id: number, subject: string, predicate: string, object: string, objectType: Fact['objectType'] = 'real'): Fact => ({
  id,
  subject,
  predicate,
  object,
  objectType,
  sourceTable: 'stations',
  sourceRowid: id,
  sourceColumn: predicate,
});

const task = (value: number, answerFactIds: number[], tolerance = 0.005): CheckTask => ({
  kind: 'lookup',
  question: 'What is the depth?',
  answer: JSON.stringify([[value]]),
  answerText: String(value),
  answerType: 'real',
  aliases: [],
  tolerance,
  answerFactIds,
  hopFactIds: [],
});

const world = (facts: Fact[]) => checkWorldOf(facts, new Map([['stations', facts.length]]));

describe('twinNumber', () => {
  it('fires on a near-twin value of the same column', () => {
    const w = world([fact(1, 'Alpha Station', 'depth', '10.87'), fact(2, 'Beta Station', 'depth', '10.85')]);
    expect(twinNumber(w, task(10.87, [1]))).toMatch(/fact 2/);
  });

  it('fires on a number in a name that the scorer reads as the answer', () => {
    const w = world([fact(1, 'Alpha Station', 'depth', '23.9'), fact(2, 'Route 24 Depot', 'depth', '51.2')]);
    expect(twinNumber(w, task(23.9, [1], 0.05))).toMatch(/route 24 depot/);
  });

  it('passes a value far from every other value and name, another column, or a non-number answer', () => {
    const w = world([fact(1, 'Alpha Station', 'depth', '10.87'), fact(2, 'Beta Station', 'depth', '12.4'), fact(3, 'Route 24 Depot', 'height', '10.86')]);
    expect(twinNumber(w, task(10.87, [1]))).toBeNull();
    expect(twinNumber(w, { ...task(10.87, [1]), answerType: 'table' })).toBeNull();
  });
});
