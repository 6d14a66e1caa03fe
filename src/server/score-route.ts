/**
 * `POST /v1/score`: rewards for a batch of replies, `{"items": [{world, task, answer}, …]}` →
 * `{"results": [...]}`, one per item and in order: the CLI's `score --json` object (scoreAnswer) or
 * `{"error": {code, message}}` for an item that cannot be scored (unknown world or task, an answer that
 * is not a string). One bad item never fails the batch; a body that is not that shape is a 400.
 *
 * Admin-only: a reward oracle gives answers away by guess-and-confirm, so it takes the same check as
 * the task-answer routes (auth.ts: with no admin token configured, everyone is admin).
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { FictionError, isFictionError } from '../errors.js';
import { scoreAnswer, type ScoreResult } from '../tasks/score.js';
import { requireAdmin } from './auth.js';
import { limitBody, readJsonObject } from './body.js';
import type { ServerContext } from './context.js';
import { errorReply, type ErrorBody } from './http-errors.js';

/** One reply to score: the world, the task and the agent's reply (its last `<answer>` block is scored). */
export const scoreItemSchema = z.object({
  world: z.string({ error: 'world must be a world id (a string)' }),
  task: z.string({ error: 'task must be a task id (a string)' }),
  answer: z.string({ error: 'answer must be a string' }),
});

export type ScoreItem = z.infer<typeof scoreItemSchema>;
export type ScoreItemResult = ScoreResult | ErrorBody;

/** The request body: each item is checked on its own, so one bad item is that item's error. */
function scoreBodySchema(maxItems: number, maxAnswerChars: number) {
  const item = scoreItemSchema.refine((i) => i.answer.length <= maxAnswerChars, { error: `answer is longer than ${maxAnswerChars} characters` });
  const items = z
    .array(z.unknown(), { error: 'the body must be {"items": [{"world", "task", "answer"}, ...]}' })
    .max(maxItems, { error: `at most ${maxItems} items per call` });
  return { item, body: z.object({ items }, { error: 'the body must be {"items": [{"world", "task", "answer"}, ...]}' }) };
}

const itemError = (e: unknown): ErrorBody => (isFictionError(e) ? errorReply(e.code, e.message).body : errorReply('INTERNAL', 'internal error').body);

/** Score each item against its task (read through the server's world pool). */
export function scoreItems(ctx: ServerContext, raw: unknown[]): ScoreItemResult[] {
  const { item } = scoreBodySchema(ctx.limits.maxScoreItems, ctx.limits.maxScoreAnswerChars);
  return raw.map((r, i) => {
    const parsed = item.safeParse(r);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const message = issue.code === 'invalid_type' && issue.path.length === 0 ? 'an item must be an object {world, task, answer}' : issue.message;
      return errorReply('BAD_INPUT', `item ${i}: ${message}`).body;
    }
    try {
      const { task } = ctx.core.worldTask(parsed.data.world, parsed.data.task);
      return scoreAnswer(task, parsed.data.answer);
    } catch (e) {
      return itemError(e);
    }
  });
}

export function registerScoreRoute(app: Hono, ctx: ServerContext): void {
  app.post('/v1/score', limitBody(ctx.limits.maxScoreBodyBytes), async (c: Context) => {
    requireAdmin(ctx.adminToken, c.req.header('authorization'));
    const { body } = scoreBodySchema(ctx.limits.maxScoreItems, ctx.limits.maxScoreAnswerChars);
    const parsed = body.safeParse(await readJsonObject(c));
    if (!parsed.success) throw new FictionError('BAD_INPUT', parsed.error.issues[0]!.message);
    return c.json({ results: scoreItems(ctx, parsed.data.items) });
  });
}
