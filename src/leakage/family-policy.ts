/**
 * What the guard protects, per task family: the one declared place (a table keyed by task kind) the
 * guard reads and the audit reports. Protected facts are what gives the answer away; the rest of a
 * task's answer facts are the work an agent must do, and a query that does that work is related.
 *
 * - protect: which answer facts the guard's view hides from an unrelated query. `all`: every answer
 *   fact (each states the answer or a cell of it, or is a candidate's value that only a query naming
 *   that candidate may show). `answer_value`: only the answer facts whose value is the answer; a
 *   derived answer's parts (the rows of a sum, the operands of a difference) are the work, shown like
 *   any other fact. Whatever the policy, a passage that shows the answer in a form no other fact of
 *   it accounts for (a printed total, a twin fact equal to the answer, a composite name stating a
 *   protected fact) is hidden too.
 * - relatedBy: the entities a related query names. `subjects`: the subjects of the answer facts only
 *   (a chain's or multi-hop's final entity, each candidate, each row); `rows`: also the entities their
 *   rows refer to (a wide table's parent, a lookup's maker).
 * - stripAnswer: whether the answer's own forms are taken out of a query before its names are read.
 *   Off when the answer is one of the candidates the work checks: a query naming the answer candidate
 *   is related like a query naming any other, so its value shows like theirs (no withheld value to
 *   point at the answer).
 */
import type { Fact, Task, TaskKind } from '../world/types.js';

export interface FamilyPolicy {
  protect: 'all' | 'answer_value';
  relatedBy: 'subjects' | 'rows';
  stripAnswer: boolean;
  /** What the agent must do (shown for any related query). */
  work: string;
  /** What the guard's view hides from an unrelated query. */
  protects: string;
}

export const FAMILY_POLICY = {
  lookup: {
    protect: 'all',
    relatedBy: 'rows',
    stripAnswer: true,
    work: 'find the row the question names',
    protects: 'the asked fact',
  },
  multi_hop: {
    protect: 'all',
    relatedBy: 'subjects',
    stripAnswer: true,
    work: 'each hop; the bridge is found by its hop, never guessed',
    protects: "the final fact; only the bridge's own name makes a query for it related",
  },
  chain: {
    protect: 'all',
    relatedBy: 'subjects',
    stripAnswer: true,
    work: 'each hop of the chain',
    protects: "the final fact; only the chain's own last entity makes a query for it related",
  },
  comparison: {
    protect: 'all',
    relatedBy: 'subjects',
    stripAnswer: false,
    work: "each candidate's value; a query naming any candidate, the answer too, shows it",
    protects: "every candidate's value from a query naming no candidate",
  },
  temporal: {
    protect: 'all',
    relatedBy: 'subjects',
    stripAnswer: false,
    work: "each candidate's date; a query naming any candidate, the answer too, shows it",
    protects: "every candidate's date from a query naming no candidate",
  },
  aggregation: {
    protect: 'answer_value',
    relatedBy: 'rows',
    stripAnswer: true,
    work: 'each part of the total',
    protects: 'the total in any form: a printed total, a twin fact equal to it',
  },
  wide_table: {
    protect: 'all',
    relatedBy: 'rows',
    stripAnswer: true,
    work: 'finding the rows; each row named shows its cells',
    protects: 'every cell from a query naming no row',
  },
  constraint: {
    protect: 'all',
    relatedBy: 'subjects',
    stripAnswer: false,
    work: 'checking candidates; a query naming any candidate, the answer too, shows its facts',
    protects: "the answer row's facts from a query naming no candidate",
  },
  wide: {
    protect: 'all',
    relatedBy: 'rows',
    stripAnswer: true,
    work: 'checking each row; each row named shows its cells',
    protects: 'every cell from a query naming no row',
  },
  reasoning: {
    protect: 'answer_value',
    relatedBy: 'subjects',
    stripAnswer: true,
    work: 'each operand (two values, two dates, the rows ranked, a series)',
    protects: 'the computed answer in any form, and an operand equal to it (a series value as of a date)',
  },
  conflict: {
    protect: 'all',
    relatedBy: 'subjects',
    stripAnswer: true,
    work: 'each hop; telling the final value from a preliminary or wrong one',
    protects: 'the final value',
  },
} as const satisfies Record<TaskKind, FamilyPolicy>;

export function familyPolicy(kind: TaskKind): FamilyPolicy {
  return FAMILY_POLICY[kind];
}

/** A fact's value as a cell. */
const cellOf = (f: Fact): unknown => (f.objectType === 'integer' || f.objectType === 'real' ? Number(f.object) : f.object);

/** The answer facts a task's policy protects (`facts`: the task's answer facts). */
export function protectedFacts(task: Task, facts: readonly Fact[]): Fact[] {
  const policy = familyPolicy(task.kind);
  if (policy.protect === 'all' || task.answerType === 'table' || task.answerType === 'list') return [...facts];
  const answer = (JSON.parse(task.answer) as unknown[][])[0]?.[0];
  return facts.filter((f) => {
    const v = cellOf(f);
    return typeof v === 'number' && typeof answer === 'number' ? Math.abs(v - answer) <= 1e-9 * Math.max(1, Math.abs(answer)) : String(v) === String(answer);
  });
}
