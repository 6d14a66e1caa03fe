/**
 * Reading a world model's answer: drop its reasoning (<think> blocks, or everything before a lone
 * </think>), take the last <predicted_observation> block, and parse the search text format
 *
 *   Results for "<query>":
 *   [1] <url>
 *   Title: <title>
 *   Snippet: <snippet>
 *   Date: <date>
 *
 * into results. Anything else is malformed (the renderer retries once, then the template answers).
 */
import { collapseSpaces } from '../../text.js';

export interface ParsedResult {
  rank: number;
  url: string;
  title: string | null;
  snippet: string | null;
  date: string | null;
}

export type ParseOutcome = { ok: true; results: ParsedResult[] } | { ok: false; reason: string };

const OPEN = '<predicted_observation>';
const CLOSE = '</predicted_observation>';
const ENTRY = /^\[(\d{1,4})\]\s*<?(\S+?)>?\s*$/;
const FIELD = /^(title|snippet|date)\s*:\s?(.*)$/i;

/*
 * Tags are found as `text.toLowerCase().lastIndexOf(tag)` finds them, without lower-casing the whole
 * answer (two copies of a long text per reply). Only two characters outside ASCII lower-case to ASCII
 * letters: K (U+212A, Kelvin) to "k", and İ (U+0130) to "i" plus a combining dot, the one character
 * whose lower case is longer, which shifts every index after it. So where the text has no İ, a tag
 * written with ASCII letters in any case (and K for k) is exactly where the lower-cased text has it;
 * a text with an İ takes the lower-casing way.
 */
const LONGER_IN_LOWER_CASE = '\u0130';
const LONE_THINK_END = /<\/[tT][hH][iI][nN][kK\u212A]>/g;
const OPEN_TAG = /<predicted_observation>/gi;
const CLOSE_TAG = /<\/predicted_observation>/gi;

/** Where the last match of the global `re` starts in `text` (-1: none). */
function lastMatch(re: RegExp, text: string): number {
  let at = -1;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) at = m.index;
  return at;
}

/** Where the first match of the global `re` at or after `from` starts (-1: none). */
function nextMatch(re: RegExp, text: string, from: number): number {
  re.lastIndex = from;
  const m = re.exec(text);
  return m === null ? -1 : m.index;
}

/** The answer without its reasoning. */
export function dropReasoning(content: string): string {
  let text = content.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const lone = text.includes(LONGER_IN_LOWER_CASE) ? text.toLowerCase().lastIndexOf('</think>') : lastMatch(LONE_THINK_END, text);
  if (lone >= 0) text = text.slice(lone + '</think>'.length);
  return text;
}

/** The observation text of an answer, or null when it has none (`shown`: the answer without its reasoning, when known). */
export function extractObservation(content: string, shown?: string): string | null {
  const text = shown ?? dropReasoning(content);
  let start: number;
  let end = -1;
  if (text.includes(LONGER_IN_LOWER_CASE)) {
    const lower = text.toLowerCase();
    start = lower.lastIndexOf(OPEN);
    if (start >= 0) end = lower.indexOf(CLOSE, start);
  } else {
    start = lastMatch(OPEN_TAG, text);
    if (start >= 0) end = nextMatch(CLOSE_TAG, text, start);
  }
  if (start >= 0) {
    if (end < 0) return null;
    return text.slice(start + OPEN.length, end);
  }
  const bare = text.trim();
  return /^(?:Results for |\[1\] )/.test(bare) ? bare : null;
}

function clean(line: string): string {
  return collapseSpaces(line.replace(/\*\*/g, '')).trim();
}

/** The results of an answer (`shown`: the answer without its reasoning, when the caller has it already). */
export function parseObservation(content: string, shown?: string): ParseOutcome {
  const block = extractObservation(content, shown);
  if (block === null) return { ok: false, reason: 'no_observation_block' };
  const lines = block
    .replace(/^\s*```[a-z]*\s*$/gim, '')
    .split('\n')
    .map(clean);
  const results: ParsedResult[] = [];
  let current: ParsedResult | null = null;
  let field: 'title' | 'snippet' | 'date' | null = null;
  for (const line of lines) {
    if (line === '' || /^Results for /i.test(line)) {
      field = null;
      continue;
    }
    const entry = ENTRY.exec(line);
    if (entry) {
      const url = entry[2]!.replace(/^\(|\)$/g, '');
      if (!/^https?:\/\//i.test(url)) return { ok: false, reason: 'entry_without_url' };
      current = { rank: Number(entry[1]), url, title: null, snippet: null, date: null };
      results.push(current);
      field = null;
      continue;
    }
    const f = FIELD.exec(line);
    if (f && current) {
      field = f[1]!.toLowerCase() as 'title' | 'snippet' | 'date';
      current[field] = f[2]!.trim();
      continue;
    }
    if (current && field === 'snippet') {
      current.snippet = `${current.snippet ?? ''} ${line}`.trim();
      continue;
    }
    return { ok: false, reason: 'unexpected_line' };
  }
  if (results.length === 0) return { ok: false, reason: 'no_results' };
  for (const r of results) {
    if (r.title === null) return { ok: false, reason: 'result_without_title' };
    if (r.snippet !== null && (r.snippet === '' || r.snippet === 'N/A')) r.snippet = null;
  }
  return { ok: true, results };
}
