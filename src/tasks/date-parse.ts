/**
 * Dates written any common way: "2029-03-04", "2029/3/4", "March 4, 2029", "Mar. 4th 2029",
 * "4 March 2029", "4th of Mar, 2029", "03/04/2029" (numeric day and month in either order), "4.3.2029".
 * Each mention yields its possible ISO dates (one, or two for an ambiguous numeric form).
 */

const MONTH_NAMES: [string, number][] = [
  ['january', 1], ['february', 2], ['march', 3], ['april', 4], ['may', 5], ['june', 6], ['july', 7], ['august', 8],
  ['september', 9], ['october', 10], ['november', 11], ['december', 12], ['sept', 9],
  ['jan', 1], ['feb', 2], ['mar', 3], ['apr', 4], ['jun', 6], ['jul', 7], ['aug', 8], ['sep', 9], ['oct', 10], ['nov', 11], ['dec', 12],
];
const MONTH = `(?:${MONTH_NAMES.map(([n]) => n).sort((a, b) => b.length - a.length).join('|')})`;
const ORD = '(?:st|nd|rd|th)?';

const DATE = new RegExp(
  [
    String.raw`(?<iy>\d{4})[-/.](?<im>\d{1,2})[-/.](?<id>\d{1,2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?`,
    String.raw`(?<mm>${MONTH})\.?\s+(?<md>\d{1,2})${ORD},?\s+(?<my>\d{4})`,
    String.raw`(?<dd>\d{1,2})${ORD}\s+(?:of\s+)?(?<dm>${MONTH})\.?,?\s+(?<dy>\d{4})`,
    String.raw`(?<na>\d{1,2})(?<ns>[-/.])(?<nb>\d{1,2})\k<ns>(?<ny>\d{4})`,
  ].map((p) => `(?<![\\p{L}\\p{N}])(?:${p})(?![\\p{L}\\p{N}])`).join('|'),
  'giu',
);

const monthOf = (name: string) => MONTH_NAMES.find(([n]) => n === name.toLowerCase())![1];

export function isoDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export interface DateMention {
  /** The ISO dates this mention can mean, sorted; never empty. */
  candidates: string[];
  index: number;
  length: number;
}

/** Every valid date mentioned in `text`, in order. */
export function dateMentions(text: string): DateMention[] {
  const out: DateMention[] = [];
  for (const m of text.matchAll(DATE)) {
    const g = m.groups!;
    const found = new Set<string>();
    const add = (y: number, mo: number, d: number) => {
      const iso = isoDate(y, mo, d);
      if (iso) found.add(iso);
    };
    if (g.iy) add(Number(g.iy), Number(g.im), Number(g.id));
    else if (g.mm) add(Number(g.my), monthOf(g.mm), Number(g.md));
    else if (g.dm) add(Number(g.dy), monthOf(g.dm), Number(g.dd));
    else if (g.na) {
      add(Number(g.ny), Number(g.na), Number(g.nb));
      add(Number(g.ny), Number(g.nb), Number(g.na));
    }
    if (found.size > 0) out.push({ candidates: [...found].sort(), index: m.index!, length: m[0].length });
  }
  return out;
}

/** The distinct mentions of `text` (two mentions meaning the same date count once). */
export function distinctDates(text: string): string[][] {
  const seen = new Map<string, string[]>();
  for (const d of dateMentions(text)) seen.set(d.candidates.join('|'), d.candidates);
  return [...seen.values()];
}
