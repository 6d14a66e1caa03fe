/**
 * The blind check: can a task's answer be guessed without searching? For each task kind, every
 * constant answer worth trying (the kind's most common answers in this very batch, quantiles of its
 * numbers, its median date) is scored against every task of the kind; the best constant must score at
 * most 5%. Guessing from the question itself (first or last candidate named, the question's subject)
 * is reported beside it, and so is the most common answer to the same question template in other
 * worlds: a comparison over k candidates is guessable at about 1/k by design.
 */
import type { Cell } from '../themes/_define.js';
import type { TaskKind } from '../world/types.js';
import { TASK_KINDS } from '../world/types.js';
import { kindOfCell } from './match-value.js';
import { normalizeText } from './normalize.js';
import { scoreAnswer, type ScorableTask } from './score.js';

export const BLIND_LIMIT = 0.05;
/**
 * Tasks a kind needs before its constant-answer figure is judged: with fewer than 2 / limit (40 at 5%),
 * two tasks that happen to share an answer (two launch dates on one day) already score above the
 * limit, so the figure says nothing about the kind.
 */
export const MIN_JUDGED = Math.ceil(2 / BLIND_LIMIT);

export interface BlindTask extends ScorableTask {
  kind: TaskKind;
  question: string;
  /** Tasks of one world share answers; the template guess only learns from other worlds. */
  worldId?: string;
}

export interface BlindKind {
  kind: TaskKind;
  tasks: number;
  /** Tasks scored (a deterministic sample when the kind has more than `maxTasksPerKind`). */
  scored: number;
  /** The best constant answer and its mean reward. */
  constant: { answer: string; score: number };
  /** The best guess made from the question alone, and its mean reward. */
  heuristic: { name: string; score: number } | null;
  /** Whether the kind has enough tasks (MIN_JUDGED) for its figure to say anything about it. */
  judged: boolean;
  pass: boolean;
}

export interface BlindReport {
  limit: number;
  pass: boolean;
  kinds: BlindKind[];
}

export interface BlindOptions {
  maxTasksPerKind?: number;
  topAnswers?: number;
}

/** "Which of A, B, C or D has the …" → [A, B, C, D]. */
export function candidatesOf(question: string): string[] {
  const m = /^Which of (.+?) (?:has|had|is|was) the /.exec(question);
  if (!m) return [];
  const list = m[1]!;
  const cut = list.lastIndexOf(' or ');
  if (cut === -1) return [];
  return [...list.slice(0, cut).split(', '), list.slice(cut + 4)].map((s) => s.trim()).filter((s) => s !== '');
}

/** "What is the X of the Y of Z?" → "Z". */
function subjectOf(question: string): string | null {
  const m = / of ([^?]+)\?\s*$/.exec(question);
  return m ? m[1]!.replace(/^the /i, '').trim() : null;
}

const HEURISTICS: { name: string; guess: (t: BlindTask) => string | null }[] = [
  { name: 'first candidate named', guess: (t) => candidatesOf(t.question)[0] ?? null },
  { name: 'last candidate named', guess: (t) => candidatesOf(t.question).at(-1) ?? null },
  { name: 'question subject', guess: (t) => subjectOf(t.question) },
];

/** The question without its names (capitalised words and numbers after the first word): its template. */
export function templateOf(question: string): string {
  const [first = '', ...rest] = question.split(/\s+/);
  return [first, ...rest.filter((w) => !/^[\p{Lu}\p{N}]/u.test(w))].join(' ').toLowerCase();
}

/**
 * The most common answer to the same question template in *other* worlds (leave one world out, so a
 * world's own answers are never memorised): what a model that learnt the answer distribution could say.
 */
function perTemplate(tasks: BlindTask[]): { name: string; guess: (t: BlindTask) => string | null } {
  const byTemplate = new Map<string, Map<string, { text: string; n: number; perWorld: Map<string, number> }>>();
  tasks.forEach((t, i) => {
    const tpl = templateOf(t.question);
    const m = byTemplate.get(tpl) ?? byTemplate.set(tpl, new Map()).get(tpl)!;
    const key = normalizeText(t.answerText);
    const c = m.get(key) ?? m.set(key, { text: t.answerText, n: 0, perWorld: new Map() }).get(key)!;
    const w = t.worldId ?? `#${i}`;
    c.n++;
    c.perWorld.set(w, (c.perWorld.get(w) ?? 0) + 1);
  });
  const index = new Map(tasks.map((t, i) => [t, t.worldId ?? `#${i}`]));
  return {
    name: 'template prior, other worlds',
    guess: (t) => {
      const w = index.get(t) ?? '';
      let best: { text: string; n: number } | null = null;
      for (const c of byTemplate.get(templateOf(t.question))?.values() ?? []) {
        const n = c.n - (c.perWorld.get(w) ?? 0);
        if (n > 0 && (!best || n > best.n || (n === best.n && c.text < best.text))) best = { text: c.text, n };
      }
      return best?.text ?? null;
    },
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/** The constant answers worth trying for one kind's tasks. */
export function constantCandidates(tasks: BlindTask[], top = 10): string[] {
  const counts = new Map<string, { text: string; n: number }>();
  const numbers: number[] = [];
  const dates: string[] = [];
  for (const t of tasks) {
    const key = normalizeText(t.answerText);
    const c = counts.get(key) ?? counts.set(key, { text: t.answerText, n: 0 }).get(key)!;
    c.n++;
    let cell: Cell = null;
    try {
      cell = (JSON.parse(t.answer) as Cell[][])[0]?.[0] ?? null;
    } catch {
      /* a malformed answer offers no value */
    }
    if (t.answerType !== 'table' && t.answerType !== 'list') {
      if (kindOfCell(cell) === 'number') numbers.push(cell as number);
      if (kindOfCell(cell) === 'date') dates.push(cell as string);
    }
  }
  const isTable = tasks.some((t) => t.answerType === 'table' || t.answerType === 'list');
  const common = [...counts.values()]
    .sort((a, b) => b.n - a.n || (a.text < b.text ? -1 : 1))
    .slice(0, isTable ? Math.min(3, top) : top)
    .map((c) => c.text);
  numbers.sort((a, b) => a - b);
  dates.sort();
  const out = [...common];
  if (numbers.length > 0) for (const q of [0.1, 0.25, 0.5, 0.75, 0.9]) out.push(String(quantile(numbers, q)));
  if (dates.length > 0) out.push(dates[Math.floor((dates.length - 1) / 2)]!);
  return [...new Set(out)];
}

function sample<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)]!);
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

export function blindCheck(tasks: BlindTask[], opts: BlindOptions = {}): BlindReport {
  const kinds: BlindKind[] = [];
  for (const kind of TASK_KINDS) {
    const all = tasks.filter((t) => t.kind === kind);
    if (all.length === 0) continue;
    const scored = sample(all, opts.maxTasksPerKind ?? 2000);
    let constant = { answer: '', score: 0 };
    for (const answer of constantCandidates(all, opts.topAnswers ?? 10)) {
      const score = mean(scored.map((t) => scoreAnswer(t, answer).reward));
      if (score > constant.score || constant.answer === '') constant = { answer, score };
    }
    let heuristic: BlindKind['heuristic'] = null;
    for (const h of [...HEURISTICS, perTemplate(all)]) {
      const guesses = scored.map((t) => h.guess(t));
      if (guesses.every((g) => g === null)) continue;
      const score = mean(scored.map((t, i) => (guesses[i] === null ? 0 : scoreAnswer(t, guesses[i]!).reward)));
      if (!heuristic || score > heuristic.score) heuristic = { name: h.name, score };
    }
    const judged = all.length >= MIN_JUDGED;
    kinds.push({ kind, tasks: all.length, scored: scored.length, constant, heuristic, judged, pass: !judged || constant.score <= BLIND_LIMIT });
  }
  return { limit: BLIND_LIMIT, pass: kinds.every((k) => k.pass), kinds };
}
