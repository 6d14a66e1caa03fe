/**
 * The reward of a reply in a task-bound session, for the stacks that score where they search (NeMo Gym's
 * /verify, OpenEnv's answer step): the core scorer (src/tasks/score.ts), on the session's own task.
 * What it returns is the reward and its parts, never the answer.
 */
import { FictionError } from '../../errors.js';
import { scoreAnswer, type ScoreResult } from '../../tasks/score.js';
import type { ServerContext } from '../context.js';

export function scoreInSession(ctx: ServerContext, session: string, reply: string): ScoreResult {
  const { world, task } = ctx.core.describeSession(session);
  if (task === null) throw new FictionError('BAD_INPUT', 'the session is bound to no task: bind one (task) to score an answer');
  return scoreAnswer(ctx.core.worldTask(world, task).task, reply);
}

/** The parts as numbers (NeMo Gym's reward_components, OpenEnv's metadata): reward, exact, f1, and a table's item and row F1. */
export function rewardComponents(s: ScoreResult): Record<string, number> {
  const out: Record<string, number> = { reward: s.reward, exact: s.exact ? 1 : 0, f1: s.f1 };
  if (s.table) {
    out.item_f1 = s.table.item.f1;
    out.row_f1 = s.table.row.f1;
  }
  return out;
}
