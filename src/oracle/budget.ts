/**
 * The calls the reference oracle may make on a task, in one place. A task with a certificate gets
 * 2 × its pages needed + 4 calls, plus one per answer row for a table answer (issue 24); a task without
 * one (the easy tier as written before certificates) keeps the former 10 calls, plus one per answer
 * row for a wide table.
 */
import type { Task } from '../world/types.js';

/** Calls of a task without a certificate (the easy tier before issue 24). */
export const ORACLE_BUDGET = 10;

export type BudgetedTask = Pick<Task, 'kind' | 'answer'> & Partial<Pick<Task, 'answerType' | 'certificate'>>;

function answerRows(answer: string): number {
  try {
    const rows = JSON.parse(answer) as unknown;
    return Array.isArray(rows) ? rows.length : 0;
  } catch {
    return 0;
  }
}

const isTable = (task: BudgetedTask) => task.answerType === 'table' || task.kind === 'wide_table' || task.kind === 'wide';

/** The calls allowed for `task`. */
export function budgetFor(task: BudgetedTask): number {
  const rows = isTable(task) ? answerRows(task.answer) : 0;
  if (task.certificate) return 2 * task.certificate.pagesNeeded + 4 + rows;
  return ORACLE_BUDGET + rows;
}
