/**
 * One task through the oracle, the one way every caller runs it: a session bound to the task (so the
 * leakage guard is on), the oracle given the task's kind, question and columns, the theme's vocabulary
 * and its budget (budget.ts), every call recorded as a plan step, the reply scored with the tasks' own
 * scorer. Solved means an exact answer (a table: every cell right) within the budget.
 */
import { createSession } from '../compose.js';
import { FictionError } from '../errors.js';
import type { PerturbationProfile } from '../perturb/profile.js';
import { callTool } from '../search/call-tool.js';
import type { SearchWorld } from '../search/world-index.js';
import type { PlanStep } from '../tasks/certificate/schema.js';
import { READERS } from '../tasks/families/index.js';
import { scoreAnswer } from '../tasks/score.js';
import type { Task } from '../world/types.js';
import { budgetFor } from './budget.js';
import { oracleView, type ToolFn } from './oracle-task.js';
import { solveTask } from './solve.js';
import type { Vocabulary } from './vocabulary.js';

export interface OracleRun {
  solved: boolean;
  reward: number;
  calls: number;
  budget: number;
  plan: PlanStep[];
  answer: string | null;
  note?: string;
}

export interface RunOptions {
  vocabulary: Vocabulary;
  profile?: Partial<PerturbationProfile>;
  /** The session's perturbation seed. */
  seed?: number;
}

/** A plan step of one tool call: the query (a batch's queries joined by " | "), or the URL opened. */
export function planStep(name: string, args: Record<string, unknown>): PlanStep {
  if (name === 'web_extractor') return { tool: 'web_extractor', arg: String(args.url ?? '') };
  const queries = Array.isArray(args.queries) ? (args.queries as unknown[]).map(String) : [String(args.query ?? '')];
  return { tool: 'web_search', arg: queries.join(' | ') };
}

export async function runOracleTask(world: SearchWorld, task: Task, opts: RunOptions): Promise<OracleRun> {
  const session = createSession(world, {
    taskId: task.id,
    ...(opts.profile ? { profile: opts.profile } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  });
  if (!session.guard) throw new FictionError('INTERNAL', `session for ${world.id}/${task.id} has no leakage guard`);
  const plan: PlanStep[] = [];
  const tool: ToolFn = async (call) => {
    plan.push(planStep(call.name, call.arguments as Record<string, unknown>));
    const r = await callTool(session, call, { sleep: false });
    if ('pages' in r.json) throw new FictionError('INTERNAL', 'the oracle opens one page per call');
    return r.error ? { text: r.text, json: r.json, error: r.error } : { text: r.text, json: r.json };
  };
  const budget = budgetFor(task);
  try {
    const out = await solveTask(oracleView(task), tool, { budget, vocabulary: opts.vocabulary, readers: READERS });
    const score = scoreAnswer(task, out.reply);
    const solved = score.exact && out.calls <= budget;
    const note = out.note ?? (solved ? undefined : score.exact ? 'over budget' : 'wrong answer');
    return { solved, reward: score.reward, calls: out.calls, budget, plan, answer: out.answer, ...(note ? { note } : {}) };
  } finally {
    session.close();
  }
}
