/**
 * An OpenEnv-style episode over HTTP (meta-pytorch/OpenEnv src/openenv/core/env_server/http_server.py and
 * types.py: ResetRequest, StepRequest, StepResponse, State; actions as in mcp_types.py):
 *
 *   POST /reset {world, task?, seed?, profile?, episode_id?}  → {observation: {episode_id, question, tools}, reward: null, done: false}
 *   POST /step  {action, episode_id}                           → {observation, reward, done}
 *   GET  /state ?episode_id=                                   → {episode_id, step_count, world, task, done}
 *
 * OpenEnv's own HTTP reset/step are stateless (a fresh environment per request; episodes live on its
 * WebSocket). Here an episode is one of our sessions: `episode_id` is our session id, or the client's
 * own (ResetRequest's `episode_id`), bound at reset. StepRequest allows extra fields, so the episode
 * rides in the body beside `action` (or `?episode_id=`). Actions: `{"type": "call_tool", "tool_name",
 * "arguments"}` (any name the core takes) → the observation's text as `result`, reward 0;
 * `{"type": "answer", "answer"}` → reward from the core scorer and done; `{"type": "list_tools"}`.
 */
import type { Context, Hono } from 'hono';
import { FictionError } from '../../errors.js';
import { mcpTools } from '../../tools/definitions.js';
import { limitBody, readJsonObject } from '../body.js';
import type { ServerContext } from '../context.js';
import { clientMessage } from '../http-errors.js';
import { ForeignSessions, type Binding } from './foreign-sessions.js';
import { rewardComponents, scoreInSession } from './session-reward.js';

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

interface EpisodeState {
  steps: number;
  done: boolean;
}

const episodeOf = (b: Binding): EpisodeState => {
  b.state.episode ??= { steps: 0, done: false } satisfies EpisodeState;
  return b.state.episode as EpisodeState;
};

export function registerOpenEnv(app: Hono, ctx: ServerContext): void {
  const episodes = new ForeignSessions(ctx);
  const capped = limitBody(ctx.limits.maxBodyBytes);

  const find = (c: Context, body?: Record<string, unknown>): { id: string; binding: Binding } => {
    const id = body?.episode_id ?? c.req.query('episode_id') ?? c.req.query('session');
    if (id === undefined || id === null) throw new FictionError('BAD_INPUT', 'name the episode: "episode_id" (from /reset)');
    const binding = episodes.find(id);
    if (!binding) throw new FictionError('NOT_FOUND', 'no such episode (reset first; it may have expired)');
    return { id: String(id), binding };
  };

  app.post('/reset', capped, async (c) => {
    const body = await readJsonObject(c);
    const spec = { world: body.world, task: body.task, seed: body.seed, profile: body.profile, open: body.open };
    const clientId = body.episode_id ?? undefined;
    if (clientId !== undefined) episodes.close(clientId); // a reset under a known id starts that episode afresh
    const binding = episodes.create(clientId, spec, c.req.header('authorization'));
    const { world, task } = ctx.core.describeSession(binding.session);
    const question = task === null ? null : ctx.core.worldTask(world, task).task.question;
    episodeOf(binding);
    const episode_id = clientId === undefined ? binding.session : String(clientId);
    return c.json({ observation: { episode_id, world, task, question, tools: mcpTools().map((t) => t.name) }, reward: null, done: false });
  });

  app.post('/step', capped, async (c) => {
    const body = await readJsonObject(c);
    const action = record(body.action);
    if (!action) throw new FictionError('BAD_INPUT', '/step needs "action" (an object)');
    const { id, binding } = find(c, body);
    const episode = episodeOf(binding);
    if (episode.done) throw new FictionError('BAD_INPUT', 'the episode is done: reset to start another');
    episode.steps++;
    const type = action.type ?? (action.answer !== undefined ? 'answer' : 'call_tool');
    if (type === 'list_tools') return c.json({ observation: { episode_id: id, tools: mcpTools() }, reward: 0, done: false });
    if (type === 'answer') {
      const score = scoreInSession(ctx, binding.session, typeof action.answer === 'string' ? action.answer : '');
      episode.done = true;
      return c.json({ observation: { episode_id: id, scored: rewardComponents(score) }, reward: score.reward, done: true });
    }
    if (type !== 'call_tool')
      throw new FictionError(
        'BAD_INPUT',
        'an action is {"type": "call_tool", "tool_name", "arguments"}, {"type": "answer", "answer"} or {"type": "list_tools"}',
      );
    const tool_name = typeof action.tool_name === 'string' ? action.tool_name : '';
    try {
      const r = await ctx.core.call({ session: binding.session }, { name: tool_name, arguments: action.arguments ?? {} });
      return c.json({ observation: { episode_id: id, tool_name, result: r.text, error: r.error ?? null }, reward: 0, done: false });
    } catch (e) {
      // As OpenEnv's CallToolObservation: a call the tool refuses is an observation with an error, not a failed step.
      if (!(e instanceof FictionError) || e.code !== 'BAD_INPUT') throw e;
      return c.json({
        observation: { episode_id: id, tool_name, result: null, error: { type: 'bad_input', message: clientMessage(e) } },
        reward: 0,
        done: false,
      });
    }
  });

  app.get('/state', (c) => {
    const { id, binding } = find(c);
    const { world, task } = ctx.core.describeSession(binding.session);
    const episode = episodeOf(binding);
    return c.json({ episode_id: id, step_count: episode.steps, world, task, done: episode.done });
  });
}
