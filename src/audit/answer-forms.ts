/**
 * The ways a page or a snippet may write one value, generated forward from the value (the guard's
 * detector reads text backwards; this list is written apart from it, so that the audit's judge does
 * not share the detector's blind spots):
 *
 * - numbers: the digits plain, with commas, spaces, or dots as thousands separators; with scale words
 *   and their abbreviations at one to three decimals ("1.2 million", "1.85m", "97.8 thousand", "97.8k"),
 *   when the value has at least three significant digits; spelled out in English words
 *   ("ninety-seven thousand eight hundred forty-six"); a decimal with a comma ("2,37");
 * - dates: ISO, "March 4, 2029", "Mar 4, 2029", "4 March 2029", "March 4th, 2029", "4th of March 2029",
 *   "03/04/2029", "4/3/2029", "04.03.2029", "2029/03/04";
 * - text: the text itself (an entity's name, a word value).
 *
 * Every form is folded with `foldForJudge` (NFKC, marks removed, lower case, one space), and a form is
 * found in a text only at word boundaries (a number not inside a longer number).
 */

/** NFKC (full-width digits and letters read as ASCII), marks removed, lower case, dashes and spaces unified. */
export function foldForJudge(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201b`´]/g, "'")
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

function under1000(n: number, and: boolean): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h > 0) parts.push(`${ONES[h]} hundred`);
  if (rest > 0) {
    if (h > 0 && and) parts.push('and');
    parts.push(rest < 20 ? ONES[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`);
  }
  return parts.join(' ');
}

/** A non-negative integer in English words, with or without "and" after the hundreds ("one hundred and five"). */
export function spellInteger(n: number, and = false): string {
  if (!Number.isSafeInteger(n) || n < 0) return '';
  if (n === 0) return 'zero';
  const parts: string[] = [];
  let rest = n;
  for (const [size, word] of SCALES) {
    if (rest >= size) {
      parts.push(`${under1000(Math.floor(rest / size), and)} ${word}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push(under1000(rest, and));
  return parts.join(' ');
}

const group = (intDigits: string, sep: string) => intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

function significantDigits(v: number): number {
  const s = Math.abs(v).toString().replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return s.length;
}

/** The forms of a number (see the header). */
export function numberForms(value: number): string[] {
  const out = new Set<string>();
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const text = abs.toString();
  const [intPart, frac] = text.includes('e') ? [abs.toFixed(0), ''] : (text.split('.') as [string, string?]);
  const fracPart = frac ? `.${frac}` : '';
  out.add(`${sign}${intPart}${fracPart}`);
  for (const sep of [',', ' ', '.', "'"]) if (intPart.length > 3) out.add(`${sign}${group(intPart, sep)}${sep === '.' ? (frac ? `,${frac}` : '') : fracPart}`);
  if (frac) out.add(`${sign}${intPart},${frac}`);
  // Trailing zeros a page may keep ("2.40") or drop: both forms.
  if (frac && frac.length === 1) out.add(`${sign}${intPart}.${frac}0`);
  if (Number.isInteger(value) && abs < 1e15) {
    out.add(`${value < 0 ? 'minus ' : ''}${spellInteger(abs)}`);
    if (abs >= 100) out.add(`${value < 0 ? 'minus ' : ''}${spellInteger(abs, true)}`);
  }
  if (significantDigits(value) >= 3) {
    for (const [size, word] of SCALES) {
      if (abs < size) continue;
      const scaled = abs / size;
      for (const d of [1, 2, 3]) {
        const r = scaled.toFixed(d).replace(/0+$/, '').replace(/\.$/, '');
        for (const w of [` ${word}`, word === 'thousand' ? 'k' : word === 'million' ? 'm' : word === 'billion' ? 'bn' : '']) {
          if (w) out.add(`${sign}${r}${w}`);
          if (w === 'm' || w === 'bn' || w === 'k') out.add(`${sign}${r} ${w}`);
        }
      }
      break;
    }
  }
  return [...out].map(foldForJudge);
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const ordinal = (d: number) => `${d}${d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th'}`;

/** The forms of an ISO date (see the header); [] for anything else. */
export function dateForms(iso: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return [];
  const [y, mo, d] = [m[1]!, Number(m[2]), Number(m[3])];
  const month = MONTHS[mo - 1]!;
  const short = month.slice(0, 3);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const forms = [
    iso,
    `${month} ${d}, ${y}`,
    `${month} ${d} ${y}`,
    `${short} ${d}, ${y}`,
    `${short}. ${d}, ${y}`,
    `${short} ${d} ${y}`,
    `${d} ${month} ${y}`,
    `${d} ${short} ${y}`,
    `${month} ${ordinal(d)}, ${y}`,
    `${ordinal(d)} of ${month} ${y}`,
    `${ordinal(d)} ${month} ${y}`,
    `${p2(mo)}/${p2(d)}/${y}`,
    `${mo}/${d}/${y}`,
    `${p2(d)}/${p2(mo)}/${y}`,
    `${d}/${mo}/${y}`,
    `${p2(d)}.${p2(mo)}.${y}`,
    `${d}.${mo}.${y}`,
    `${y}/${p2(mo)}/${p2(d)}`,
    `${y}.${p2(mo)}.${p2(d)}`,
  ];
  return [...new Set(forms.map(foldForJudge))];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A day beside its month ("3 october 2004", "october 3, 2004") is part of a date, not a count. */
const MONTH_BEFORE = `(?:${MONTHS.join('|')}) `;
const MONTH_AFTER = ` (?:${MONTHS.join('|')})`;

/**
 * A matcher for a set of folded forms: finds a form in a folded text at word boundaries; a number form
 * is not found inside a longer number ("97,846" is not in "197,846" nor in "97,846.5"), nor inside a
 * date ("12" is not in "2032-01-12", "2032/01/12", "12 january 2032" or "january 12, 2032": a day states
 * no count).
 */
export function formMatcher(forms: readonly string[]): (folded: string) => string | null {
  const list = [...new Set(forms.filter((f) => f.length > 0))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return () => null;
  const alt = list.map(escapeRe).join('|');
  const re = new RegExp(`(?<![\\p{L}\\p{N}]|\\d[.,/-]|${MONTH_BEFORE})(${alt})(?![\\p{L}\\p{N}]|[.,/-]\\d|${MONTH_AFTER})`, 'u');
  return (folded) => re.exec(folded)?.[1] ?? null;
}
