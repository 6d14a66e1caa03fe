/**
 * Which part of a passage a snippet shows. Snippets are cut from passages on word boundaries: a
 * passage appears whole, cut at its end ("… the chief executive of X is …"), or, for a long lead
 * passage, as a window ("... from the middle …"). A part shorter than MIN_PART characters is not
 * counted as shown (a short prefix such as a bare name appears in many places).
 */
import type { Span } from '../text/numbers.js';

export const MIN_PART = 40;

export interface ShownPart extends Span {
  /** The shown text of the passage. */
  text: string;
  whole: boolean;
}

/** Word starts of `text` (0 and every position after a space). */
function wordStarts(text: string): number[] {
  const out = [0];
  for (let i = 1; i < text.length; i++) if (text[i - 1] === ' ' && text[i] !== ' ') out.push(i);
  return out;
}

/** Longest `text.slice(from, end)` with `end` at a word end, contained in `snippet` (binary search). */
function longestFrom(text: string, from: number, snippet: string): string {
  const ends: number[] = [];
  for (let i = from + 1; i <= text.length; i++) if (i === text.length || text[i] === ' ') ends.push(i);
  let lo = 0,
    hi = ends.length - 1,
    best = '';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const part = text.slice(from, ends[mid]).replace(/[\s,;:\u2013\u2014-]+$/u, '');
    if (part.length > 0 && snippet.includes(part)) {
      best = part;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** The part of `passage` that `snippet` shows, with its position in the snippet, or null. */
export function shownPart(passage: string, snippet: string): ShownPart | null {
  if (passage.length === 0) return null;
  const at = snippet.indexOf(passage);
  if (at >= 0) return { text: passage, whole: true, start: at, end: at + passage.length };
  if (passage.length < MIN_PART) return null;
  let best = longestFrom(passage, 0, snippet);
  if (best.length < MIN_PART && snippet.startsWith('... ')) {
    for (const s of wordStarts(passage)) {
      if (s === 0) continue;
      const part = longestFrom(passage, s, snippet);
      if (part.length > best.length) best = part;
    }
  }
  if (best.length < MIN_PART) return null;
  const start = snippet.indexOf(best);
  return { text: best, whole: false, start, end: start + best.length };
}
