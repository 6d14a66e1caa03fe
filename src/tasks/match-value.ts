/**
 * Does a piece of agent text state a gold value? Numbers compare as numbers (within a relative
 * tolerance, whatever their format), ISO dates as dates (whatever their format), everything else as
 * normalised text. A number or date only counts when the text names exactly one (text/stated.ts), so
 * listing many guesses never matches.
 */
import type { Cell } from '../themes/_define.js';
import { ISO_DATE_RE } from '../text/dates.js';
import { numbersEqual, statedDate, statedNumber } from '../text/stated.js';
import { normalizeText } from './normalize.js';

export type ValueKind = 'number' | 'date' | 'text' | 'empty';

export function kindOfCell(cell: Cell): ValueKind {
  if (cell === null || cell === undefined) return 'empty';
  if (typeof cell === 'number') return 'number';
  if (ISO_DATE_RE.test(cell)) return 'date';
  return 'text';
}

const EMPTY_WORDS = new Set(['', 'n a', 'na', 'none', 'unknown', 'null', 'not available', 'not stated']);

export function numberStated(text: string, gold: number, tolerance: number): boolean {
  return statedNumber(text).some((v) => numbersEqual(v, gold, tolerance));
}

export function dateStated(text: string, gold: string): boolean {
  return statedDate(text).includes(gold);
}

/** Does `text` state the gold `cell`? (`alternatives` are other accepted texts, e.g. aliases.) */
export function valueMatches(cell: Cell, text: string, tolerance = 0, alternatives: string[] = []): boolean {
  const norm = normalizeText(text);
  switch (kindOfCell(cell)) {
    case 'empty':
      return EMPTY_WORDS.has(norm);
    case 'number':
      return norm === normalizeText(String(cell)) || numberStated(text, cell as number, tolerance) || alternatives.some((a) => normalizeText(a) === norm);
    case 'date':
      return dateStated(text, cell as string) || alternatives.some((a) => normalizeText(a) === norm);
    default:
      return norm !== '' && [String(cell), ...alternatives].some((a) => normalizeText(a) === norm);
  }
}
