/**
 * The lexicon of a column: its `say` (spec/parts.ts), or one made from the legacy `sentence` and label
 * for a theme that has none yet, so every column can be said in every frame.
 */
import type { ColumnDef } from '../themes/_define.js';
import type { Lexicon } from '../themes/spec/parts.js';

const cache = new WeakMap<ColumnDef, Lexicon>();

export function lexiconOf(col: ColumnDef): Lexicon {
  const hit = cache.get(col);
  if (hit) return hit;
  const lex = col.say ?? legacyLexicon(col);
  cache.set(col, lex);
  return lex;
}

function legacyLexicon(col: ColumnDef): Lexicon {
  const sentence = col.sentence?.replace(/\.$/, '');
  const verb = sentence?.startsWith('{s} ') && sentence.indexOf('{s}', 1) === -1 ? sentence.slice(4) : `has a recorded ${col.label} of {v}`;
  return { noun: col.label, verb, more: sentence && !sentence.startsWith('{s} ') ? [`${sentence}.`] : [] };
}

/** The predicate of an event not yet happened: the lexicon's `future`, or "is set for {v}" over the noun. */
export function futureOf(lex: Lexicon): string {
  return lex.future ?? `has its ${lex.noun} set for {v}`;
}

/**
 * The value as written beside the lexicon's noun ("X's battery capacity is {amount}"): with its unit
 * word ("5,000 mAh"), unless the noun already names that unit, so a count is not said twice: "its room
 * count is 300", not "300 rooms"; "the vote count was 31,557", not "31,557 votes".
 */
export function amountOf(lex: Lexicon, value: string, fill: (template: string, value: string) => string): string {
  const unit = (lex.amount ?? '{v}').replace('{v}', '').trim().toLowerCase();
  if (unit === '' || unit.includes(' ')) return fill(lex.amount ?? '{v}', value);
  const stem = unit.replace(/s$/, '');
  const named = lex.noun
    .toLowerCase()
    .split(/[\s-]+/)
    .some((w) => w === unit || w === stem);
  return named ? value : fill(lex.amount!, value);
}
