/**
 * The ways a page or a snippet may write one value, generated forward from the value (the guard's
 * detector reads text backwards; this list is written apart from it, so that the audit's judge does
 * not share the detector's blind spots):
 *
 * - numbers: the digits plain, with commas, spaces, or dots as thousands separators; with scale words
 *   and their abbreviations at one to three decimals ("1.2 million", "1.85m", "97.8 thousand", "97.8k"),
 *   when the value has at least three significant digits; spelled out in English words
 *   ("ninety-seven thousand eight hundred forty-six"); a decimal with a comma ("2,37");
 *   in Chinese forms: with 万, 亿 and 万亿 ("1.2亿", "12,000万", "1亿2000万"; rounded at one to three
 *   decimals as the English scales are), and in Chinese numerals ("一千二百万", "两千", "十二");
 * - dates: ISO, "March 4, 2029", "Mar 4, 2029", "4 March 2029", "March 4th, 2029", "4th of March 2029",
 *   "03/04/2029", "4/3/2029", "04.03.2029", "2029/03/04"; in Chinese, "2029年3月4日", "2029年03月04日",
 *   "2029年3月4号", "二〇二九年三月四日";
 * - text: the text itself (an entity's name, a word value).
 *
 * Every form is folded with `foldForJudge` (NFKC, marks removed, lower case, one space), and a form is
 * found in a text only at word boundaries (a number not inside a longer number; Chinese, written without
 * spaces, has no word boundaries, but a number is not read inside a longer one, nor before a scale).
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

const ZH_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1–9999 in Chinese numerals, "一千零五", "三百二十"; `full` keeps the 一 of 一十 ("一十二" inside a larger number). */
function zhUnder10000(n: number, full: boolean): string {
  const digits = [Math.floor(n / 1000), Math.floor(n / 100) % 10, Math.floor(n / 10) % 10, n % 10];
  const units = ['千', '百', '十', ''];
  let out = '';
  let gap = false;
  digits.forEach((d, i) => {
    if (d === 0) {
      gap = out !== '';
      return;
    }
    if (gap) out += '零';
    gap = false;
    out += i === 2 && d === 1 && out === '' && !full ? units[i] : ZH_DIGITS[d]! + units[i];
  });
  return out;
}

/**
 * A non-negative integer below 10^16 in Chinese numerals, in groups of four digits under 万 and 亿
 * ("一千二百万", "一亿零五百万", "十二"); '' for anything else.
 */
export function zhNumerals(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e16) return '';
  if (n === 0) return '零';
  const groups = [Math.floor(n / 1e12), Math.floor(n / 1e8) % 1e4, Math.floor(n / 1e4) % 1e4, n % 1e4];
  const words = ['万亿', '亿', '万', ''];
  let out = '';
  let gap = false;
  groups.forEach((g, i) => {
    if (g === 0) {
      gap = out !== '';
      return;
    }
    if (out !== '' && (gap || g < 1000)) out += '零';
    gap = false;
    out += zhUnder10000(g, out !== '') + words[i];
  });
  return out;
}

/** Chinese scales: 万亿 (10^12), 亿 (10^8), 万 (10^4). */
const ZH_SCALES: [number, string][] = [
  [1e12, '万亿'],
  [1e8, '亿'],
  [1e4, '万'],
];

/** The Chinese forms of a number: scales (exact, and rounded when it has three or more significant digits), numerals. */
function zhNumberForms(value: number, rounded: boolean): string[] {
  const out = new Set<string>();
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const [size, word] of ZH_SCALES) {
    if (abs < size) continue;
    const scaled = abs / size;
    // Exact: the scaled value with up to four decimals ("12134万", "1.2134亿"), grouped as well ("12,134万").
    const exact = Number(scaled.toFixed(4));
    if (Math.abs(exact * size - abs) < 1e-6) {
      const [i, f] = String(exact).split('.') as [string, string?];
      out.add(`${sign}${i}${f ? `.${f}` : ''}${word}`);
      if (i.length > 3) out.add(`${sign}${group(i, ',')}${f ? `.${f}` : ''}${word}`);
    }
    if (rounded) for (const d of [1, 2, 3]) out.add(`${sign}${scaled.toFixed(d).replace(/0+$/, '').replace(/\.$/, '')}${word}`);
  }
  // Written in parts: "1亿2000万".
  if (Number.isInteger(abs) && abs >= 1e8 && abs % 1e4 === 0 && abs % 1e8 !== 0) out.add(`${sign}${Math.floor(abs / 1e8)}亿${(abs % 1e8) / 1e4}万`);
  if (Number.isInteger(abs)) {
    const words = zhNumerals(abs);
    if (words) {
      const neg = value < 0 ? '负' : '';
      out.add(neg + words);
      // 两 for a leading 2 before a unit ("两千", "两万"), as people say it.
      if (/^二[千百万亿]/.test(words)) out.add(`${neg}两${words.slice(1)}`);
    }
  }
  return [...out];
}

const group = (intDigits: string, sep: string) => intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

function significantDigits(v: number): number {
  const s = Math.abs(v).toString().replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return s.length;
}

/**
 * The forms of a number (see the header); with `rounded: false`, only those that state it exactly (with
 * no key beside it, a rounded "1.6 million" may be another row's).
 */
export function numberForms(value: number, { rounded = true }: { rounded?: boolean } = {}): string[] {
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
  const roundedToo = rounded && significantDigits(value) >= 3;
  for (const f of zhNumberForms(value, roundedToo)) out.add(f);
  if (roundedToo) {
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
    `${y}年${mo}月${d}日`,
    `${y}年${p2(mo)}月${p2(d)}日`,
    `${y}年${mo}月${d}号`,
    // The year digit by digit, the month and day in numerals: 二〇二九年三月四日.
    `${[...y].map((c) => (c === '0' ? '〇' : ZH_DIGITS[Number(c)])).join('')}年${zhNumerals(mo)}月${zhNumerals(d)}日`,
  ];
  return [...new Set(forms.map(foldForJudge))];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A day beside its month ("3 october 2004", "october 3, 2004") is part of a date, not a count. */
const MONTH_BEFORE = `(?:${MONTHS.join('|')}) `;
const MONTH_AFTER = ` (?:${MONTHS.join('|')})`;
/** Chinese numeral characters: a numeral form is not read inside a longer numeral. */
const ZH_NUMERAL = '[零〇一二两三四五六七八九十百千万亿点]';
/**
 * A letter that is a word character: any but a Han one (Chinese, written without spaces, puts a number
 * right beside its words: "收入1.2亿元").
 */
const WORD_LETTER = '[^\\P{L}\\p{sc=Han}]';

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
  // Not inside a longer number or numeral, nor before a scale (12 of "12万"), nor a month or day of a date ("12月", "3月4日").
  const re = new RegExp(
    `(?<!${WORD_LETTER}|\\p{N}|\\d[.,/-]|${MONTH_BEFORE}|${ZH_NUMERAL}|月)(${alt})(?!${WORD_LETTER}|\\p{N}|[.,/-]\\d|${MONTH_AFTER}|${ZH_NUMERAL}|[月日号])`,
    'u',
  );
  return (folded) => re.exec(folded)?.[1] ?? null;
}
