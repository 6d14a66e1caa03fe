/**
 * Agent text → a safe FTS5 query. Normalise (NFKC; control, format/zero-width and lone surrogate
 * characters removed; whitespace collapsed; length capped), tokenise, drop stopwords, cap the token
 * count, and quote every token so nothing the agent writes is ever read as FTS5 syntax
 * (AND/OR/NOT/NEAR, `*`, `^`, `-`, `:`, column filters, parentheses). Tokens are OR-ed so bm25 ranks
 * partial matches. Never throws: an empty token list means zero results.
 */

/** Longest query text kept (characters, after normalisation). */
export const MAX_QUERY_CHARS = 512;
/** Most tokens sent to FTS5. */
export const MAX_QUERY_TOKENS = 32;
/** Longest single token kept. */
export const MAX_TOKEN_CHARS = 64;
/** Raw input beyond this is never even looked at (a 100 KB query costs the same as a short one). */
const RAW_SCAN_CHARS = MAX_QUERY_CHARS * 8;

export interface PreparedQuery {
  /** The normalised, capped query text: what the observation header shows. */
  text: string;
  /** Lower-cased search tokens, deduplicated, stopwords removed (unless nothing else is left). */
  tokens: string[];
  /** The FTS5 MATCH expression, or null when there is nothing to search for. */
  match: string | null;
}

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by did do does for from had has have how i in into is it its of on or s t than that the ' +
    'their then there these this those to was were what when where which who whom whose why will with would me my you your we our ' +
    'please tell find show give about'
  ).split(' '),
);

// Cc (controls, incl. NUL, tabs, newlines) become spaces; Cf (zero-width, bidi and other format
// characters) and lone surrogates are removed.
const CONTROL_RE = /\p{Cc}+/gu;
const FORMAT_RE = /\p{Cf}+/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// A token: letters, marks and digits; digit groups joined by `,` or `.` stay one token ("1,200,000",
// "6.12"), which FTS5 then matches as a phrase of its parts.
const TOKEN_RE = /[\p{L}\p{M}\p{N}]+(?:[.,]\p{N}+)*/gu;

/** Cut `text` to at most `max` UTF-16 units without leaving half a surrogate pair. */
function capChars(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/** The display form of agent text: NFKC, no control or invisible characters, single spaces, capped. */
export function normaliseQueryText(input: string): string {
  const raw = typeof input === 'string' ? input : String(input ?? '');
  // Fast path: printable ASCII needs no Unicode work (NFKC, controls and format characters are no-ops).
  if (raw.length <= MAX_QUERY_CHARS && PRINTABLE_ASCII.test(raw)) return raw.replace(/ {2,}/g, ' ').trim();
  const scanned = capChars(raw, RAW_SCAN_CHARS).replace(LONE_SURROGATE_RE, '');
  const text = scanned.normalize('NFKC').replace(CONTROL_RE, ' ').replace(FORMAT_RE, '').replace(LONE_SURROGATE_RE, '').replace(/\s+/gu, ' ').trim();
  return capChars(text, MAX_QUERY_CHARS).trimEnd();
}

/** Search tokens of normalised text: lower-cased, deduplicated, stopwords dropped, capped. */
export function tokenise(text: string): string[] {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const m of text.toLowerCase().matchAll(TOKEN_RE)) {
    const t = capChars(m[0], MAX_TOKEN_CHARS);
    if (seen.has(t)) continue;
    seen.add(t);
    all.push(t);
  }
  const content = all.filter((t) => !STOPWORDS.has(t));
  return (content.length > 0 ? content : all).slice(0, MAX_QUERY_TOKENS);
}

/** One FTS5 string literal: the token in double quotes, inner quotes doubled. */
export function quoteToken(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

/** `"a" OR "b" OR "c"`, or null for no tokens. */
export function buildMatch(tokens: readonly string[]): string | null {
  if (tokens.length === 0) return null;
  return tokens.map(quoteToken).join(' OR ');
}

export function prepareQuery(raw: string): PreparedQuery {
  const text = normaliseQueryText(raw);
  const tokens = tokenise(text);
  return { text, tokens, match: buildMatch(tokens) };
}
