/**
 * Does a piece of agent text state a gold value? Numbers compare as numbers (within a relative
 * tolerance, whatever their format), ISO dates as dates (whatever their format), everything else as
 * normalised text. A number or date only counts when the text names exactly one, so listing many
 * guesses never matches.
 */
import type { Cell } from '../themes/_define.js';
import { ISO_DATE_RE, dateMentions, distinctDates } from './date-parse.js';
import { normalizeText } from './normalize.js';
import { distinctNumbers, numbersEqual } from './number-parse.js';

export type ValueKind = 'number' | 'date' | 'text' | 'empty';

export function kindOfCell(cell: Cell): ValueKind {
  if (cell === null || cell === undefined) return 'empty';
  if (typeof cell === 'number') return 'number';
  if (ISO_DATE_RE.test(cell)) return 'date';
  return 'text';
}

const EMPTY_WORDS = new Set(['', 'n a', 'na', 'none', 'unknown', 'null', 'not available', 'not stated']);

/** Text with the dates taken out, so "170,403 as of March 4, 2031" names one number. */
function withoutDates(text: string): string {
  let out = text;
  const ms = dateMentions(text);
  for (let i = ms.length - 1; i >= 0; i--) out = `${out.slice(0, ms[i]!.index)} ${out.slice(ms[i]!.index + ms[i]!.length)}`;
  return out;
}

export function numberStated(text: string, gold: number, tolerance: number): boolean {
  let nums = distinctNumbers(text);
  if (nums.length > 1) nums = distinctNumbers(withoutDates(text));
  return nums.length === 1 && numbersEqual(nums[0]!, gold, tolerance);
}

export function dateStated(text: string, gold: string): boolean {
  const dates = distinctDates(text);
  return dates.length === 1 && dates[0]!.includes(gold);
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
