/**
 * A passage's sentence shape: its text with what varies from world to world and row to row replaced
 * by placeholders, so two passages share a shape when they differ only in the entities, values, numbers
 * and dates they mention. In this order:
 * 1. link targets and bare URLs → <URL>;
 * 2. the world's own names (fact subjects, entity objects, capitalised text values, table names,
 *    short names recorded by claims) → <NAME>, and its lower-case text values ("midfielder",
 *    "oral") → <VALUE>, longest first, whole words only;
 * 3. dates in every form (ISO, "May 5, 2031", "5 May 2031", "May 2031", "Q2 2031", "2031–32", weekdays,
 *    month names) → <DATE>; a bare year becomes <NUM> in step 5 (a count of 1944 screens or a price of
 *    $2,031 reads the same as a year, and either way it is a placeholder);
 * 4. names the facts do not hold (a byline, a quoted analyst, a site, a forum handle): runs of two or more
 *    capitalised words (not a title-case headline, whose words the world also writes in lower case),
 *    "@handles" and user_names → <NAME>;
 * 5. numbers in every form ("1,200", "1.2 million", "$429", "12.5%", "-3", "3rd", "2031", spelled out
 *    under a hundred, "twenty-three", "third") → <NUM>.
 * Values replaced in step 2 would otherwise make an attribute with ten values look like ten phrasings.
 */

export interface ShapeVocabulary {
  /** Proper names: matched with their case as given. */
  names: Iterable<string>;
  /** Lower-case values: matched as given and with a capital first letter. */
  values?: Iterable<string>;
  /**
   * Words the world's text uses in lower case ("launches", "new"): a run of capitalised words made only
   * of these is a title-case headline, not a name, and keeps its words.
   */
  lowerWords?: ReadonlySet<string>;
}

export type Shaper = (text: string) => string;

const WORD_CHAR = /[\p{L}\p{N}]/u;

interface Phrase {
  text: string;
  placeholder: string;
}

/** Phrases indexed by their first word, longest first: one Map lookup per word of a passage. */
function indexPhrases(vocab: ShapeVocabulary): Map<string, Phrase[]> {
  const byFirst = new Map<string, Phrase[]>();
  const seen = new Set<string>();
  const add = (text: string, placeholder: string) => {
    const t = text.trim();
    if (t.length < 2 || seen.has(t) || !WORD_CHAR.test(t[0]!)) return;
    seen.add(t);
    const first = /^[\p{L}\p{N}]+/u.exec(t)![0];
    (byFirst.get(first) ?? byFirst.set(first, []).get(first)!).push({ text: t, placeholder });
  };
  for (const n of vocab.names) add(n, '<NAME>');
  for (const v of vocab.values ?? []) {
    add(v, '<VALUE>');
    add(v.charAt(0).toUpperCase() + v.slice(1), '<VALUE>');
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.text.length - a.text.length);
  return byFirst;
}

function replacePhrases(text: string, byFirst: Map<string, Phrase[]>): string {
  if (byFirst.size === 0) return text;
  const words = /[\p{L}\p{N}]+/gu;
  let out = '';
  let done = 0;
  for (let m = words.exec(text); m; m = words.exec(text)) {
    if (m.index < done) continue;
    const list = byFirst.get(m[0]);
    if (!list) continue;
    for (const p of list) {
      const end = m.index + p.text.length;
      if (!text.startsWith(p.text, m.index) || (end < text.length && WORD_CHAR.test(text[end]!))) continue;
      out += text.slice(done, m.index) + p.placeholder;
      done = end;
      words.lastIndex = end;
      break;
    }
  }
  return out + text.slice(done);
}

const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
const YEAR = '\\d{4}';
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const DATE_RE = new RegExp(
  [
    `${YEAR}-\\d{2}-\\d{2}`,
    `\\d{1,2}/\\d{1,2}/\\d{2,4}`,
    `${MONTH} ${DAY},? ${YEAR}`,
    `${DAY} (?:of )?${MONTH},? ${YEAR}`,
    `${MONTH},? ${YEAR}`,
    `${MONTH} ${DAY}`,
    `${DAY} ${MONTH}`,
    `(?:Q[1-4]|H[12]) ${YEAR}`,
    `FY ?\\d{2,4}`,
    `${YEAR}[–/-]\\d{2,4}`,
    '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)',
    '(?:January|February|March|April|May|June|July|August|September|October|November|December)',
  ]
    .map((p) => `${B}${p}${E}`)
    .join('|'),
  'gu',
);

/** Words that start a sentence or a phrase in capitals without being part of a name. */
const NOT_NAME_START = new Set(
  (
    'The A An In On At By For Of To From With Without As After Before During Since Until Under Over According ' +
    'It Its He His She Her They Their We Our You Your I This That These Those There Here When While Where Who What Which ' +
    'And But Or So Yet If Then Also Both Each Every All Some Many Most Last Next New First No Not Yes See Read More ' +
    'However Meanwhile Still Earlier Later Today Now Once Even Only Such Like Unlike Despite Although Though Because Why How ' +
    'Instead Indeed Overall Elsewhere Separately'
  ).split(' '),
);
const CAP_RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}-]*(?:['’](?!s(?![\p{L}]))\p{L}+)?(?: \p{Lu}[\p{L}-]*(?:['’](?!s(?![\p{L}]))\p{L}+)?)+/gu;

/** Runs of two or more capitalised words → <NAME>, less any leading sentence words ("The") and trailing words the text also writes in lower case. */
function replaceCapitalRuns(text: string, lowerWords: ReadonlySet<string>): string {
  return text.replace(CAP_RUN, (run) => {
    const words = run.split(' ');
    let lead = 0;
    while (lead < words.length && NOT_NAME_START.has(words[lead]!)) lead++;
    // Trailing words the text writes in lower case ("… Launches New Phone") are a headline's, not the name's.
    let end = words.length;
    while (end > lead && lowerWords.has(words[end - 1]!.toLowerCase())) end--;
    if (end - lead < 2) return run;
    return [...words.slice(0, lead), '<NAME>', ...words.slice(end)].join(' ');
  });
}

const UNITS = 'zero|one|two|three|four|five|six|seven|eight|nine';
const TEENS = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
/** "first" and "second" are left out: they are far more often words ("first flight", "a second-stage shutdown") than values. */
const ORDINALS =
  'third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth';
const SPELLED = `(?:(?:${TENS})(?:[- ](?:${UNITS}|${ORDINALS.split('|').slice(0, 7).join('|')}))?|${TEENS}|${UNITS}|${ORDINALS})`;
const DIGITS = '(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?|\\.\\d+';
const SCALE = '(?: ?(?:%|percent|per cent)| (?:thousand|million|billion|trillion)|(?:bn|mn|m|k|M|B|K)(?![\\p{L}\\p{N}]))?';
const NUMBER_RE = new RegExp(
  `(?:(?<![\\p{N}.,])(?:US\\$|[$€£¥]|(?:USD|EUR|GBP) ?)?[-−]?(?:${DIGITS})(?:st|nd|rd|th)?${SCALE}|${B}${SPELLED}${E}${SCALE})`,
  'giu',
);

const URL_RE = /\]\([^)\s]*\)|https?:\/\/[^\s)\]]+/g;
const HANDLE_RE = /(?<![\p{L}\p{N}])(?:@[\p{L}\p{N}_.-]+|[\p{L}\p{N}]+_[\p{L}\p{N}_]+)/gu;

/** A shaper for one world: its names and values are replaced, then dates, other names and numbers. */
export function createShaper(vocab: ShapeVocabulary): Shaper {
  const phrases = indexPhrases(vocab);
  const lowerWords = vocab.lowerWords ?? new Set<string>();
  return (text) => {
    let s = text.replace(URL_RE, (m) => (m.startsWith(']') ? '](<URL>)' : '<URL>'));
    s = replacePhrases(s, phrases);
    s = s.replace(DATE_RE, '<DATE>');
    s = s.replace(HANDLE_RE, '<NAME>');
    s = replaceCapitalRuns(s, lowerWords);
    s = s.replace(NUMBER_RE, '<NUM>');
    return s.replace(/\s+/g, ' ').trim();
  };
}
