/**
 * Conflict questions (issue 24): the final value of an attribute that some page states otherwise (an
 * early estimate, a rounded figure, a forum post's wrong number). {a} is the entity, named or described
 * by rank (src/tasks/questions/described.ts). `readConflict` reads every frame back.
 */
import type { Rng } from '../../rng.js';
import type { ConflictReading } from '../families/reading.js';
import { readRef } from './described.js';
import { frame } from './frame.js';
import { allAttrs, be } from './words.js';

export const CONFLICT_FRAMES: ((n: string) => string)[] = [
  (n) => `What was the final ${n} of {a}?`,
  (n) => `Once the figures were settled, what ${be(n)} the ${n} of {a}?`,
  (n) => `Early reports differ from later ones: what ${be(n)} the confirmed ${n} of {a}?`,
  (n) => `What ${be(n)} the correct ${n} of {a}, as finally reported?`,
  (n) => `Setting early estimates and rough figures aside, what exactly ${be(n)} the ${n} of {a}?`,
  (n) => `According to the final, exact figures, what ${be(n)} the ${n} of {a}?`,
];

export function renderConflict(rng: Rng, noun: string, a: string): { question: string; frameId: string } {
  const i = rng.int(0, CONFLICT_FRAMES.length - 1);
  return { question: frame(CONFLICT_FRAMES[i]!(noun)).render({ a }), frameId: `conflict.${i}` };
}

export function readConflict(question: string): ConflictReading | null {
  const q = question.trim();
  for (const a of allAttrs())
    for (const n of a.nouns) {
      if (!q.includes(n)) continue;
      for (const make of CONFLICT_FRAMES) {
        const m = frame(make(n)).match(q);
        const of = m && readRef(m.a!);
        if (of) return { family: 'conflict', of, asks: a.label };
      }
    }
  return null;
}
