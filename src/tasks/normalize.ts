/**
 * Text normalisation for scoring, the SQuAD way: lowercase, accents folded, punctuation and the
 * articles a/an/the removed, whitespace collapsed. Token F1 is the overlap of the bags of tokens.
 * Also: which part of an agent's reply is its answer.
 */

/** "The Zentria-X9's price!" → "zentria x9s price" */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/(^|\s)(a|an|the)(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function tokens(text: string): string[] {
  const n = normalizeText(text);
  return n === '' ? [] : n.split(' ');
}

/** Token-level F1 between a prediction and one gold string (both normalised here). */
export function tokenF1(prediction: string, gold: string): number {
  const p = tokens(prediction);
  const g = tokens(gold);
  if (p.length === 0 || g.length === 0) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of p) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      same++;
      counts.set(t, c - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / p.length;
  const recall = same / g.length;
  return (2 * precision * recall) / (precision + recall);
}

const ANSWER_BLOCK = /<answer>([\s\S]*?)<\/answer>/gi;

/**
 * The answer inside an agent's reply: the last complete `<answer>…</answer>` block; failing that, the
 * text after a last unclosed `<answer>`; failing that, the whole reply. Trimmed.
 */
export function extractAnswer(reply: string): string {
  let last: string | undefined;
  for (const m of reply.matchAll(ANSWER_BLOCK)) last = m[1];
  if (last !== undefined) return last.trim();
  const open = reply.toLowerCase().lastIndexOf('<answer>');
  if (open !== -1) return reply.slice(open + '<answer>'.length).trim();
  return reply.trim();
}

/** A table header as compared with a task's column names. */
export function normalizeHeader(header: string): string {
  return normalizeText(header.replace(/[*_`]/g, ''));
}

/** The same header without a parenthetical unit: "Launch price (USD)" → "launch price". */
export function headerWithoutParens(header: string): string {
  return normalizeHeader(header.replace(/\([^)]*\)|\[[^\]]*\]/g, ' '));
}
