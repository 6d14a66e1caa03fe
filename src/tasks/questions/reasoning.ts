/**
 * Reasoning questions (issue 24, FRAMES-like): a difference or ratio of one attribute of two entities,
 * the days between two dates, an entity's rank by an attribute among described entities, and a
 * series' value as of a date (a running total of a flow, or the latest snapshot). Entities are named or
 * described by rank ({a}, {b}: src/tasks/questions/described.ts). Every frame reads back into the same
 * ReasoningReading with `readReasoning`.
 */
import type { Rng } from '../../rng.js';
import type { EntityRef, ReasoningReading } from '../families/reading.js';
import { readDescribed, readRef } from './described.js';
import { frame } from './frame.js';
import { type Attr, allAttrs, be, does, isPlural } from './words.js';

type Make = (n: string) => string;
const those = (n: string) => (isPlural(n) ? 'those' : 'that');

/** One attribute of {a} against {b}; the answer is a − b (a the larger). */
export const DIFFERENCE_FRAMES: Make[] = [
  (n) => `How much higher ${be(n)} the ${n} of {a} than ${those(n)} of {b}?`,
  (n) => `What is the difference between the ${n} of {a} and the ${n} of {b}?`,
  (n) => `By how much ${does(n)} the ${n} of {a} exceed ${those(n)} of {b}?`,
  (n) => `How big is the gap between the ${n} of {a} and ${those(n)} of {b}?`,
  (n) => `Subtract the ${n} of {b} from the ${n} of {a}: what is left?`,
  (n) => `How far ahead of {b} is {a} on ${n}?`,
];
/** a / b to two decimals. */
export const RATIO_FRAMES: Make[] = [
  (n) => `How many times the ${n} of {b} ${be(n)} the ${n} of {a}?`,
  (n) => `What is the ratio of the ${n} of {a} to ${those(n)} of {b}?`,
  (n) => `The ${n} of {a} ${be(n)} how many times ${those(n)} of {b}?`,
  (n) => `Divide the ${n} of {a} by the ${n} of {b}: what ratio do you get?`,
  (n) => `By what factor ${does(n)} the ${n} of {a} exceed ${those(n)} of {b}?`,
];
/** Days from the earlier date ({a}'s n1) to the later ({b}'s n2). */
export const DAYS_FRAMES: ((n1: string, n2: string) => string)[] = [
  (n1, n2) => `How many days passed between the ${n1} of {a} and the ${n2} of {b}?`,
  (n1, n2) => `How many days separate the ${n1} of {a} from the ${n2} of {b}?`,
  (n1, n2) => `In days, how long after the ${n1} of {a} came the ${n2} of {b}?`,
  (n1, n2) => `How many days lie between the ${n1} of {a} and the ${n2} of {b}?`,
  (n1, n2) => `Counting in days, how much time elapsed from the ${n1} of {a} to the ${n2} of {b}?`,
];
/** {a}'s place by n among {among} (a plural with conditions), {order} first. */
export const RANK_FRAMES: Make[] = [
  (n) => `Among the {among}, where does {a} rank by ${n}, counting from the {order}?`,
  (n) => `Ranking the {among} by ${n} from {order} to {other}, in which place does {a} come?`,
  (n) => `Of all the {among}, what is the position of {a} by ${n}, with the {order} first?`,
  (n) => `If the {among} are ordered by ${n}, {order} first, what place does {a} take?`,
  (n) => `Where does {a} place by ${n} among the {among}, the {order} first?`,
];
/** A flow's running total (n the series noun without its period word) up to {date}. */
export const RUNNING_FRAMES: Make[] = [
  (n) => `What was the cumulative ${n} of {a} as of {date}?`,
  (n) => `Adding up every {period} through {date}, what was the total ${n} of {a}?`,
  (n) => `What ${n} had {a} accumulated by {date}?`,
  (n) => `Counting from the first {period} on record, what was the running total of the ${n} of {a} at {date}?`,
  (n) => `As of {date}, what was the running total of the ${n} of {a}?`,
];
/** A snapshot's latest value at {date}. */
export const SNAPSHOT_FRAMES: Make[] = [
  (n) => `What was the ${n} of {a} as of {date}?`,
  (n) => `As of {date}, what was the ${n} of {a}?`,
  (n) => `What ${n} did {a} have as of {date}?`,
  (n) => `Going by the latest figure available at {date}, what was the ${n} of {a}?`,
  (n) => `At {date}, what was the most recent ${n} of {a}?`,
];

/** A series' noun in a running total: without "quarterly"/"weekly" ("the cumulative revenue"). */
export const runningNoun = (n: string) => n.replace(/^(?:quarterly|weekly) /, '');

const OTHER = { highest: 'lowest', lowest: 'highest' } as const;

export type ReasoningAsk =
  | { op: 'difference' | 'ratio'; noun: string; a: string; b: string }
  | { op: 'days_between'; n1: string; n2: string; a: string; b: string }
  | { op: 'rank_among'; noun: string; order: 'highest' | 'lowest'; a: string; among: string }
  | { op: 'as_of'; noun: string; total: boolean; a: string; date: string; period: string };

/** Renders with a frame drawn from the op's list; {a}/{b}/{among} already written. */
export function renderReasoning(rng: Rng, ask: ReasoningAsk): { question: string; frameId: string } {
  switch (ask.op) {
    case 'difference':
    case 'ratio': {
      const list = ask.op === 'difference' ? DIFFERENCE_FRAMES : RATIO_FRAMES;
      const i = rng.int(0, list.length - 1);
      return { question: frame(list[i]!(ask.noun)).render({ a: ask.a, b: ask.b }), frameId: `${ask.op}.${i}` };
    }
    case 'days_between': {
      const i = rng.int(0, DAYS_FRAMES.length - 1);
      return { question: frame(DAYS_FRAMES[i]!(ask.n1, ask.n2)).render({ a: ask.a, b: ask.b }), frameId: `days.${i}` };
    }
    case 'rank_among': {
      const i = rng.int(0, RANK_FRAMES.length - 1);
      const t = frame(RANK_FRAMES[i]!(ask.noun));
      return { question: t.render({ a: ask.a, among: ask.among, order: ask.order, other: OTHER[ask.order] }), frameId: `rank.${i}` };
    }
    case 'as_of': {
      const list = ask.total ? RUNNING_FRAMES : SNAPSHOT_FRAMES;
      const i = rng.int(0, list.length - 1);
      const t = frame(list[i]!(ask.total ? runningNoun(ask.noun) : ask.noun));
      return { question: t.render({ a: ask.a, date: ask.date, period: ask.period }), frameId: `${ask.total ? 'running' : 'snapshot'}.${i}` };
    }
  }
}

const refOf = (text: string): EntityRef | null => readRef(text);
const nounsOf = (a: Attr) => a.nouns;

/** Every reading of a reasoning question (normally one); the first is returned by `readReasoning`. */
export function readReasoningAll(question: string): ReasoningReading[] {
  const q = question.trim();
  const out: ReasoningReading[] = [];
  const numeric = allAttrs().filter((a) => a.column.type === 'integer' || a.column.type === 'real');
  for (const a of numeric)
    for (const n of nounsOf(a)) {
      if (!q.includes(runningNoun(n))) continue;
      for (const [op, list] of [
        ['difference', DIFFERENCE_FRAMES],
        ['ratio', RATIO_FRAMES],
      ] as const)
        for (const make of list) {
          const m = frame(make(n)).match(q);
          const x = m && refOf(m.a!);
          const y = m && refOf(m.b!);
          if (x && y) out.push({ family: 'reasoning', op, label: a.label, a: x, b: y });
        }
      for (const make of RANK_FRAMES) {
        const m = frame(make(n)).match(q);
        if (!m || (m.order !== 'highest' && m.order !== 'lowest') || (m.other !== undefined && m.other !== OTHER[m.order])) continue;
        const among = readDescribed(m.among!);
        const of = refOf(m.a!);
        if (among && of && a.table.entity === among.kind) out.push({ family: 'reasoning', op: 'rank_among', label: a.label, order: m.order, of, among });
      }
      for (const [total, list] of [
        [true, RUNNING_FRAMES],
        [false, SNAPSHOT_FRAMES],
      ] as const)
        for (const make of list) {
          const m = frame(make(total ? runningNoun(n) : n)).match(q);
          const of = m && refOf(m.a!);
          if (m && of && a.column.time && typeof a.column.time === 'object')
            out.push({ family: 'reasoning', op: 'as_of', label: a.label, of, date: m.date!, ...(total ? { total: true } : {}) });
        }
    }
  const dates = allAttrs().filter((a) => a.column.type === 'date');
  for (const a1 of dates)
    for (const n1 of nounsOf(a1)) {
      if (!q.includes(n1)) continue;
      for (const a2 of dates)
        for (const n2 of nounsOf(a2)) {
          if (a2.theme !== a1.theme || !q.includes(n2)) continue;
          for (const make of DAYS_FRAMES) {
            const m = frame(make(n1, n2)).match(q);
            const x = m && refOf(m.a!);
            const y = m && refOf(m.b!);
            if (x && y) out.push({ family: 'reasoning', op: 'days_between', a: { ref: x, label: a1.label }, b: { ref: y, label: a2.label } });
          }
        }
    }
  return [...new Map(out.map((r) => [JSON.stringify(r), r])).values()];
}

export function readReasoning(question: string): ReasoningReading | null {
  return readReasoningAll(question)[0] ?? null;
}
