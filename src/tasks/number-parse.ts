/**
 * Numbers written any common way: "1,200,000", "1 200 000", "1.200.000", "1200000.0", "1.2 million",
 * "$1.2M", "170k", "12.5%", "−3". Digits glued to letters ("X9", "Q2") are names, not numbers.
 */

const SCALES: Record<string, number> = {
  thousand: 3, k: 3,
  million: 6, mn: 6, mln: 6, m: 6,
  billion: 9, bn: 9, b: 9,
  trillion: 12, tn: 12,
};

// Integer part with a grouping separator (then exactly 3 digits per group), or plain digits; optional
// decimals (a dot, or a comma followed by 1–2 or 4+ digits: "5,83"); optional scale word.
const NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])` +
    String.raw`(?<sign>[-−–](?=[\s$€£¥]*\d))?[\s]*(?:US\$|USD\s?|EUR\s?|[$€£¥])?\s*(?<sign2>[-−](?=\d))?` +
    String.raw`(?<num>` +
    String.raw`\d{1,3}(?<sep>[,'’_\u00a0\u202f\u2009 ])\d{3}(?:\k<sep>\d{3})*(?:\.\d+)?(?![\d])` +
    String.raw`|\d{1,3}(?:\.\d{3}){2,}(?![\d.])` +
    String.raw`|\d+,(?:\d{1,2}|\d{4,})(?![\d,])` +
    String.raw`|\d+(?:\.\d+)?` +
    String.raw`|\.\d+` +
    String.raw`)(?!\d|[.,]\d)` +
    String.raw`(?:\s?(?<scale>thousand|million|billion|trillion|mln|mn|bn|tn|k|m|b)(?![\p{L}\p{N}]))?`,
  'giu',
);

function digitsOf(num: string, sep: string | undefined): string {
  if (sep) return num.split(sep).join('');
  if (/^\d{1,3}(\.\d{3}){2,}$/.test(num)) return num.replace(/\./g, '');
  if (/^\d+,\d+$/.test(num)) return num.replace(',', '.');
  return num;
}

export interface NumberMention {
  value: number;
  index: number;
  text: string;
}

/** Every number mentioned in `text`, in order, with scale words applied exactly ("1.15 million" → 1150000). */
export function numberMentions(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const g = m.groups!;
    const digits = digitsOf(g.num!, g.sep);
    const exp = g.scale ? SCALES[g.scale.toLowerCase()]! : 0;
    let value = Number(`${digits.startsWith('.') ? `0${digits}` : digits}e${exp}`);
    if (!Number.isFinite(value)) continue;
    if (g.sign || g.sign2) value = -value;
    out.push({ value, index: m.index!, text: m[0].trim() });
  }
  return out;
}

/** The distinct values mentioned in `text`. */
export function distinctNumbers(text: string): number[] {
  const seen: number[] = [];
  for (const { value } of numberMentions(text)) if (!seen.some((v) => numbersEqual(v, value, 0))) seen.push(value);
  return seen;
}

/** Equal within a relative tolerance of the gold value (`tolerance` 0 = exact, up to float noise). */
export function numbersEqual(predicted: number, gold: number, tolerance: number): boolean {
  const diff = Math.abs(predicted - gold);
  return diff <= tolerance * Math.abs(gold) + 1e-9 * Math.max(1, Math.abs(gold));
}
