/**
 * scoreAnswer: the reward of an agent's reply to a task, in [0, 1], with its parts. Never throws.
 *
 * The answer is the last `<answer>…</answer>` block of the reply (else the whole reply). Short answers
 * score 1 when the answer matches after normalisation (the answer text, the raw value, or an alias),
 * names exactly one number equal within the task's relative tolerance, or exactly one date equal to the
 * answer's, else 0; token F1 against the best gold form is reported beside it. Tables (and lists) are
 * scored item by item (see table-score.ts); their reward is the item-level F1.
 */
import type { Cell } from '../themes/_define.js';
import type { AnswerType, Task } from '../world/types.js';
import { dateStated, kindOfCell, numberStated } from './match-value.js';
import { extractAnswer, normalizeText, tokenF1 } from './normalize.js';
import { scoreListAnswer, scoreTableAnswer, type TableParts } from './table-score.js';

export type ScorableTask = Pick<Task, 'answer' | 'answerText' | 'answerType' | 'columns' | 'keyColumns' | 'tolerance' | 'aliases'>;

export interface ScoreResult {
  /** 1 or 0 for short answers; item-level F1 for tables and lists. */
  reward: number;
  /** Short answers: reward is 1. Tables and lists: every cell right, no extra row. */
  exact: boolean;
  /** Token F1 for short answers (1 when matched); item-level F1 for tables and lists. */
  f1: number;
  answerType: AnswerType;
  /** How a short answer matched. */
  matchedBy?: 'text' | 'alias' | 'number' | 'date';
  table?: TableParts;
  /** Why the answer scored 0 when it could not be read (empty, malformed table, …). */
  reason?: string;
}

function parseGold(task: ScorableTask): Cell[][] | null {
  try {
    const rows = JSON.parse(task.answer) as unknown;
    if (Array.isArray(rows) && rows.every((r) => Array.isArray(r))) return rows as Cell[][];
  } catch {
    /* reported below */
  }
  return null;
}

export function scoreAnswer(task: ScorableTask, reply: string): ScoreResult {
  const { reward, exact, f1, ...parts } = scoreReply(task, reply);
  // `reward` first: `score --json` prints {"reward": …, …parts}.
  return { reward, exact, f1, ...parts };
}

function scoreReply(task: ScorableTask, reply: string): ScoreResult {
  const base = { answerType: task.answerType };
  const gold = parseGold(task);
  if (!gold || gold.length === 0) return { ...base, reward: 0, exact: false, f1: 0, reason: 'task answer is not a JSON array of rows' };
  const answer = extractAnswer(typeof reply === 'string' ? reply : '');
  if (answer === '') return { ...base, reward: 0, exact: false, f1: 0, reason: 'empty answer' };

  if (task.answerType === 'table' || task.answerType === 'list') {
    const goldTable = { columns: task.columns, keyColumns: task.keyColumns, rows: gold, tolerance: task.tolerance };
    const s = task.answerType === 'table' ? scoreTableAnswer(goldTable, answer) : scoreListAnswer(goldTable, answer);
    return {
      ...base,
      reward: s.reward,
      exact: s.table?.success ?? false,
      f1: s.reward,
      ...(s.table ? { table: s.table } : {}),
      ...(s.reason ? { reason: s.reason } : {}),
    };
  }
  return scoreShort(task, gold[0]?.[0] ?? null, answer);
}

function scoreShort(task: ScorableTask, cell: Cell, answer: string): ScoreResult {
  const base = { answerType: task.answerType };
  const norm = normalizeText(answer);
  const forms = [...new Set([task.answerText, ...(cell === null ? [] : [String(cell)])])];
  const f1 = Math.max(0, ...[...forms, ...task.aliases].map((g) => tokenF1(answer, g)));
  const hit = (matchedBy: ScoreResult['matchedBy']): ScoreResult => ({ ...base, reward: 1, exact: true, f1: 1, matchedBy });

  if (norm !== '' && forms.some((f) => normalizeText(f) === norm)) return hit('text');
  if (norm !== '' && task.aliases.some((a) => normalizeText(a) === norm)) return hit('alias');
  const kind = kindOfCell(cell);
  if (kind === 'number' && numberStated(answer, cell as number, task.tolerance)) return hit('number');
  if (kind === 'date' && dateStated(answer, cell as string)) return hit('date');
  return { ...base, reward: 0, exact: false, f1 };
}
