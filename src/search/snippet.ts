/**
 * Query-focused snippets cut from a page's passages. The snippet leads with the page's best matching
 * passage, may add a second strong match, then fills from the passages that follow the lead (then
 * those before it) until it reaches its usual length; fragments appear in page order, joined by a
 * space when they are neighbours on the page and by " ... " otherwise, and every cut falls on a word
 * boundary. A smaller world (the guard's view, `SearchWorld.without`) may have left passages out of a
 * page: `gaps` says where, two passages either side of a gap are not neighbours, and the fill takes
 * the passages next to the lead on both sides before any beyond a gap, so a snippet reads as one of a
 * page without those passages: no extra " ... ", the usual length, each fragment a run of the page.
 * An `exclude` predicate removes passages from consideration and the snippet is refilled from the
 * rest of the page (the guard's backstop, for a result a renderer or a cut made unsafe).
 * Passages are never altered, only chosen and cut: a snippet always agrees with its page.
 */
import { hasHan, lastCutPoint, windowStart } from './han.js';
import type { PreparedQuery } from './query.js';
import type { Candidate, MatchedPassage, PassageFilter, PassageRecord, Snippet, SnippetBuilder } from './types.js';
import type { SearchWorld } from './world-index.js';

/** Longest snippet, in characters. */
export const SNIPPET_MAX_CHARS = 300;
/** A snippet keeps taking passages until it is at least this long (when the page has the text). */
export const SNIPPET_FILL_CHARS = 200;
/** A second matching passage joins the lead when it scores at least this share of the lead's score. */
const SECOND_MATCH_SHARE = 0.5;
/** A passage is shown cut only when at least this much room is left for it. */
const MIN_PARTIAL_CHARS = 40;
const GAP = ' ... ';
const ELLIPSIS = ' ...';
const LEAD_ELLIPSIS = '... ';
const NONE: readonly number[] = Object.freeze([]);
const NO_GAPS: ReadonlySet<number> = new Set();

/** The last position reached from `lead` going forward without crossing a gap (inclusive). */
function forwardEnd(gaps: ReadonlySet<number>, lead: number, n: number): number {
  if (gaps.size === 0) return n - 1;
  for (let i = lead; i < n - 1; i++) if (gaps.has(i)) return i;
  return n - 1;
}

/** The first position reached from `lead` going backward without crossing a gap (inclusive). */
function backwardStart(gaps: ReadonlySet<number>, lead: number): number {
  if (gaps.size === 0) return 0;
  for (let i = lead - 1; i >= 0; i--) if (gaps.has(i)) return i + 1;
  return 0;
}

interface Piece {
  index: number;
  passage: PassageRecord;
  text: string;
  cutStart: boolean;
  cutEnd: boolean;
}

/** Position of each passage in its page, cached per page array (the world hands out the same array each time). */
const pageIndexes = new WeakMap<readonly PassageRecord[], Map<number, number>>();
function indexesOf(pagePassages: readonly PassageRecord[]): Map<number, number> {
  let index = pageIndexes.get(pagePassages);
  if (!index) {
    index = new Map();
    pagePassages.forEach((p, i) => index!.set(p.id, i));
    pageIndexes.set(pagePassages, index);
  }
  return index;
}

/**
 * Where passage `p` sits in its page's passages, or -1. A page's passages are numbered 0, 1, ... in
 * order (a generated world's always are), so its ord is its position: checked, and looked up otherwise
 * (also when a hand-made world stored something other than a number as the ord).
 */
function positionIn(pagePassages: readonly PassageRecord[], p: PassageRecord): number {
  const ord: unknown = p.ord;
  if (typeof ord === 'number' && pagePassages[ord]?.id === p.id) return ord;
  return indexesOf(pagePassages).get(p.id) ?? -1;
}

/** Cut `text` to at most `max` characters at a word boundary (trailing separators dropped); Chinese text may be cut between characters (han.ts). */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  if (hasHan(text)) return cutHan(text, max);
  let cut = text.lastIndexOf(' ', max);
  if (cut <= 0) {
    cut = max;
    const c = text.charCodeAt(cut - 1);
    if (c >= 0xd800 && c <= 0xdbff) cut--;
  }
  return text.slice(0, cut).replace(/[\s,;:\u2013\u2014-]+$/u, '');
}

/** cutAtWord for text with Han characters: at the last cut point, best after clause punctuation. */
function cutHan(text: string, max: number): string {
  let cut = lastCutPoint(text, max);
  if (cut <= 0) {
    cut = max;
    const c = text.charCodeAt(cut - 1);
    if (c >= 0xd800 && c <= 0xdbff) cut--;
  }
  return text.slice(0, cut).replace(/[\s,;:\u2013\u2014，、；：-]+$/u, '');
}

/** The first position of any query term in the text, or -1. */
function firstTerm(text: string, terms: readonly string[]): number {
  const lower = text.toLowerCase();
  let best = -1;
  for (const t of terms) {
    const i = lower.indexOf(t);
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  return best;
}

/** A window of a long passage around its first query term, fitting `budget` with its ellipses. */
function windowed(index: number, passage: PassageRecord, terms: readonly string[], budget: number): Piece {
  const text = passage.text;
  const at = firstTerm(text, terms);
  if (at < 0 || at + 40 <= budget - ELLIPSIS.length) {
    return { index, passage, text: cutAtWord(text, budget - ELLIPSIS.length), cutStart: false, cutEnd: true };
  }
  const from = hasHan(text) ? windowStart(text, Math.max(0, at - 40)) : text.lastIndexOf(' ', Math.max(0, at - 40)) + 1;
  const rest = text.slice(from);
  const room = budget - LEAD_ELLIPSIS.length;
  const cutEnd = rest.length > room;
  return { index, passage, text: cutEnd ? cutAtWord(rest, room - ELLIPSIS.length) : rest, cutStart: from > 0, cutEnd };
}

/**
 * A snippet for one page. `pagePassages` are the page's passages in page order (ord 0, the title, is
 * never used: the title is shown on its own line); `matched` its matching passages, best first.
 */
export function buildSnippet(
  pagePassages: readonly PassageRecord[],
  matched: readonly MatchedPassage[],
  terms: readonly string[],
  exclude?: PassageFilter,
  maxChars = SNIPPET_MAX_CHARS,
  gaps: ReadonlySet<number> = NO_GAPS,
): Snippet {
  const usable = (p: PassageRecord) => p.ord > 0 && !exclude?.(p);
  // The lead is the best usable match on the page (else the first usable passage); the next usable
  // match joins it when it scores well enough. `matched` is best first: two are all it takes.
  let leadIndex = -1;
  let leadScore = 0;
  let secondIndex = -1;
  for (const m of matched) {
    if (!usable(m)) continue;
    const at = positionIn(pagePassages, m);
    if (at < 0) continue;
    if (leadIndex < 0) {
      leadIndex = at;
      leadScore = m.score;
      continue;
    }
    if (m.score >= SECOND_MATCH_SHARE * leadScore) secondIndex = at;
    break;
  }
  if (leadIndex < 0) leadIndex = pagePassages.findIndex(usable);
  if (leadIndex < 0) return { text: '', passageIds: [], cutIds: NONE };

  // Candidate order: the lead, a second strong match, the passages after the lead, then before it, as
  // far as the page runs on without a gap either way; then those beyond the gaps.
  const n = pagePassages.length;
  const fEnd = forwardEnd(gaps, leadIndex, n);
  const bStart = backwardStart(gaps, leadIndex);
  const after = fEnd - leadIndex;
  const before = leadIndex - bStart;
  const beyond = n - 1 - fEnd;
  const pieces: Piece[] = [];
  let length = 0;
  // k walks the order without building it: 0 the lead, 1 the second match, then the runs after and
  // before the lead, then what lies past a gap after it, then before it.
  for (let k = 0; k < n + 2; k++) {
    let i: number;
    const j = k - 2;
    if (k === 0) i = leadIndex;
    else if (k === 1) i = secondIndex;
    else if (j < after) i = leadIndex + 1 + j;
    else if (j < after + before) i = leadIndex - 1 - (j - after);
    else if (j < after + before + beyond) i = fEnd + 1 + (j - after - before);
    else i = bStart - 1 - (j - after - before - beyond);
    if (i < 0 || i >= n || (k > 0 && i === leadIndex) || (k > 1 && i === secondIndex)) continue;
    const p = pagePassages[i]!;
    if (!usable(p)) continue;
    if (pieces.length > 0 && length >= SNIPPET_FILL_CHARS) break;
    // Budget every join as the widest separator, so the assembled text never exceeds maxChars.
    const room = maxChars - length - (pieces.length > 0 ? GAP.length : 0);
    if (pieces.length === 0 && p.text.length > maxChars) {
      pieces.push(windowed(i, p, terms, maxChars));
      break;
    }
    if (p.text.length <= room) {
      pieces.push({ index: i, passage: p, text: p.text, cutStart: false, cutEnd: false });
      length += p.text.length + (pieces.length > 1 ? GAP.length : 0);
      continue;
    }
    if (room - ELLIPSIS.length >= MIN_PARTIAL_CHARS) {
      const text = cutAtWord(p.text, room - ELLIPSIS.length);
      if (text.length > 0) pieces.push({ index: i, passage: p, text, cutStart: false, cutEnd: true });
    }
    break;
  }

  // Into page order. A snippet has a few pieces, and a search builds dozens of snippets: insertion sort,
  // which allocates nothing (Array.prototype.sort makes working copies each call).
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!;
    let j = i - 1;
    for (; j >= 0 && pieces[j]!.index > piece.index; j--) pieces[j + 1] = pieces[j]!;
    pieces[j + 1] = piece;
  }
  let text = '';
  pieces.forEach((piece, k) => {
    if (k === 0) text += piece.cutStart ? LEAD_ELLIPSIS : '';
    else {
      const prev = pieces[k - 1]!;
      const neighbours = piece.index === prev.index + 1 && !gaps.has(prev.index) && !prev.cutEnd && !piece.cutStart;
      text += neighbours ? ' ' : GAP;
    }
    text += piece.text;
  });
  if (pieces.length > 0 && pieces[pieces.length - 1]!.cutEnd) text += ELLIPSIS;
  const cut = pieces.filter((p) => p.cutStart || p.cutEnd);
  return { text, passageIds: pieces.map((p) => p.passage.id), cutIds: cut.length === 0 ? NONE : cut.map((p) => p.passage.id) };
}

/** The snippet builder for one query over one world: what the pipeline and the guard call. */
export function createSnippetBuilder(world: SearchWorld, query: PreparedQuery): SnippetBuilder {
  return (candidate: Candidate, exclude?: PassageFilter) => {
    const id = candidate.page.id;
    return buildSnippet(world.passagesOf(id), candidate.passages, world.snippetTerms(query), exclude, SNIPPET_MAX_CHARS, world.gapsAfter(id));
  };
}
