/** Disguised surface forms for detector tests: Unicode tricks and sentence contexts over base forms. */

const FULLWIDTH = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', A: 'Á', E: 'É', O: 'Ö' };
const CYRILLIC: Record<string, string> = { a: 'а', e: 'е', o: 'о', c: 'с', p: 'р', x: 'х' };

/** Digits in another script's digits (zero at `zero`), with the Arabic separators between digits when `arabic`. */
function scriptDigits(s: string, zero: number, arabic: boolean): string {
  let out = s.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
  if (arabic) out = out.replace(/(?<=\p{Nd}),(?=\p{Nd})/gu, '\u066C').replace(/(?<=\p{Nd})\.(?=\p{Nd})/gu, '\u066B');
  return out;
}

/** Insert a character after the first letter or digit that is followed by another one. */
function insertInside(s: string, ch: string): string {
  const m = /[\p{L}\p{N}](?=[\p{L}\p{N}])/u.exec(s);
  return m ? s.slice(0, m.index + 1) + ch + s.slice(m.index + 1) : s;
}

export const TRANSFORMS: Record<string, (s: string) => string> = {
  plain: (s) => s,
  upper: (s) => s.toUpperCase(),
  zeroWidth: (s) => insertInside(s, '\u200B'),
  softHyphen: (s) => insertInside(s, '\u00AD'),
  wordJoiner: (s) => insertInside(s, '\u2060'),
  nbsp: (s) => s.replace(/ /g, '\u00A0'),
  thinSpace: (s) => s.replace(/ /g, '\u2009'),
  fullwidth: FULLWIDTH,
  accents: (s) => s.replace(/[aeiouAEO]/g, (c) => ACCENTS[c] ?? c),
  cyrillic: (s) => s.replace(/[aeocpx]/g, (c) => CYRILLIC[c] ?? c),
  combining: (s) => s.replace(/([a-z])/, '$1\u0301'),
  decomposed: (s) => s.normalize('NFD'),
  arabicDigits: (s) => scriptDigits(s, 0x0660, true),
  devanagariDigits: (s) => scriptDigits(s, 0x0966, false),
};

export const CONTEXTS = [
  '{s}',
  'The figure was {s}.',
  'According to the report, {s}, up from last year.',
  '({s})',
  '**{s}**',
  '"{s}"',
  'reportedly {s}!',
  '- {s}; see below',
];

/** Chinese sentences, which put no space around a number or a date. */
export const ZH_CONTEXTS = ['据报道，该数字为{s}，同比上升。', '（{s}）', '共{s}'];

/** Every base form under every transform and context, deduplicated. */
export function disguise(forms: string[], transforms = Object.keys(TRANSFORMS), contexts = CONTEXTS): string[] {
  const out = new Set<string>();
  for (const f of forms) for (const t of transforms) for (const c of contexts) out.add(c.replace('{s}', TRANSFORMS[t]!(f)));
  return [...out];
}
