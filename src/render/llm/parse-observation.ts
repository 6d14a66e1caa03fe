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

/** The answer without its reasoning. */
export function dropReasoning(content: string): string {
  let text = content.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const lone = text.toLowerCase().lastIndexOf('</think>');
  if (lone >= 0) text = text.slice(lone + '</think>'.length);
  return text;
}

/** The observation text of an answer, or null when it has none. */
export function extractObservation(content: string): string | null {
  const text = dropReasoning(content);
  const lower = text.toLowerCase();
  const start = lower.lastIndexOf(OPEN);
  if (start >= 0) {
    const end = lower.indexOf(CLOSE, start);
    if (end < 0) return null;
    return text.slice(start + OPEN.length, end);
  }
  const bare = text.trim();
  return /^(?:Results for |\[1\] )/.test(bare) ? bare : null;
}

function clean(line: string): string {
  return line.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

export function parseObservation(content: string): ParseOutcome {
  const block = extractObservation(content);
  if (block === null) return { ok: false, reason: 'no_observation_block' };
  const lines = block.replace(/^\s*```[a-z]*\s*$/gim, '').split('\n').map(clean);
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
