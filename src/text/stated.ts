/**
 * The one number or the one date a short text (an agent's answer, a table cell) states, read by the
 * same readers as the leak detector and the grounding check (numbers.ts, dates.ts, after fold.ts).
 *
 * A text states one number when every number it writes can be read as the same value: "1,200,000
 * (1.2 million)" states 1,200,000, "1,200,000 or 1,300,000" states none, so listing many guesses never
 * matches. A number written in parts counts once, as its sum ("1 million 200 thousand"), and a form
 * that reads two ways ("1.200", "12m") may have either value. A number beside a date is read on its own
 * ("170,403 as of March 4, 2031"). Number words count when the text writes no number with digits
 * ("1,200,000 units, more than any other one model" states 1,200,000). A minus sign before a number
 * makes it negative ("-3", "−$5").
 * Dates likewise: every full date the text writes must be able to mean the same day.
 */
import { memoize } from '../util/bounded-cache.js';
import { findDates, isoOf } from './dates.js';
import { fold } from './fold.js';
import { findNumbers, negativeAt, type NumberMention, type Span } from './numbers.js';

/** Equal within a relative tolerance of the gold value (`tolerance` 0 = exact, up to float noise). */
export function numbersEqual(predicted: number, gold: number, tolerance: number): boolean {
  const diff = Math.abs(predicted - gold);
  return diff <= tolerance * Math.abs(gold) + 1e-9 * Math.max(1, Math.abs(gold));
}

/** The outermost mentions, left to right: a number written in parts ("1 million 200 thousand", "5 100") is one number, not its parts. */
function outermost(mentions: readonly NumberMention[]): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of mentions) if (out.length === 0 || m.start >= out[out.length - 1]!.end) out.push(m);
  return out;
}

/** The values every one of `candidates` allows (compared up to float noise), in the first one's order. */
function common<T>(candidates: readonly T[][], same: (a: T, b: T) => boolean): T[] {
  if (candidates.length === 0) return [];
  return candidates[0]!.filter((v, i, first) => first.findIndex((w) => same(v, w)) === i && candidates.every((c) => c.some((w) => same(v, w))));
}

const sameNumber = (a: number, b: number) => numbersEqual(a, b, 0);

const DIGIT = /\d/;

function commonValue(folded: string, skip: readonly Span[]): number[] {
  const mentions = outermost(findNumbers(folded, skip));
  // A text that writes digits states the number its digits state: its number words are prose ("one of
  // the best", "in two years").
  const written = mentions.some((m) => DIGIT.test(m.text)) ? mentions.filter((m) => DIGIT.test(m.text)) : mentions;
  const candidates = written.map((m) => {
    const sign = negativeAt(folded, m.start) ? -1 : 1;
    return m.readings.map((r) => sign * r.value).filter(Number.isFinite);
  });
  return common(candidates, sameNumber);
}

/**
 * The values the one number `text` states may have (one, or two for a form that reads two ways);
 * empty when it writes no number or numbers that differ. Numbers inside dates count only when the
 * text's numbers agree with them.
 */
export const statedNumber: (text: string) => readonly number[] = memoize(4096, (text: string): readonly number[] => {
  const folded = fold(text);
  const all = commonValue(folded, []);
  if (all.length > 0) return all;
  const dates = findDates(folded);
  return dates.length === 0 ? all : commonValue(folded, dates);
});

/**
 * The ISO dates the one full date `text` states may be (one, or two for an ambiguous numeric form such
 * as "03/04/2029"), sorted; empty when it writes none or dates that differ. A month and year alone
 * ("March 2029") is no date.
 */
export const statedDate: (text: string) => readonly string[] = memoize(4096, (text: string): readonly string[] => {
  const full = findDates(fold(text)).filter((d) => !d.partial);
  return common(
    full.map((d) => d.readings.map(isoOf)),
    (a, b) => a === b,
  ).sort();
});
