/**
 * A NeMo Gym resources server (NVIDIA-NeMo/Gym nemo_gym/base_resources_server.py; the agent side is
 * responses_api_agents/simple_agent/app.py):
 *
 *   POST /seed_session {…the run request, world, task, seed?, profile?}   → {}  + Set-Cookie
 *   POST /<tool> {…the tool's arguments}  (web_search, web_extractor, search, visit, open) → {search_results} | {page_content}
 *   POST /verify {responses_create_params, response, …}  → the same, plus reward and reward_components
 *
 * NeMo Gym carries the session in a cookie (its Starlette session middleware); its agent forwards the
 * cookies of each response to the next request, so every answer here sets the cookie again. Ours is
 * `fictionworld_session=<session id>` (a proxy routes on it); `?session=` works too. The tool answers
 * use the field names of NeMo Gym's google_search server. /verify scores the last assistant message of
 * `response.output` against the session's task with the core scorer.
 */
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { FictionError } from '../../errors.js';
import { ALIAS_NAMES, TOOL_NAMES } from '../../tools/definitions.js';
import { requireAdmin } from '../auth.js';
import { limitBody, readJsonObject } from '../body.js';
import type { ServerContext } from '../context.js';
import { rewardComponents, scoreInSession } from './session-reward.js';

export const NEMO_GYM_COOKIE = 'fictionworld_session';
/** /verify echoes a whole rollout (messages, tool outputs): a larger body than a tool call's. */
const VERIFY_BODY_BYTES = 8 * 1024 * 1024;

function sessionOf(c: Context): string {
  const id = getCookie(c, NEMO_GYM_COOKIE) ?? c.req.query('session');
  if (id === undefined) throw new FictionError('BAD_INPUT', `no session: POST /seed_session first (its cookie ${NEMO_GYM_COOKIE} names the session)`);
  return id;
}

const keepCookie = (c: Context, session: string) => setCookie(c, NEMO_GYM_COOKIE, session, { path: '/', httpOnly: true, sameSite: 'Lax' });

/** The text of the last assistant message of a Responses API `output` (content parts of type output_text, or a string). */
export function lastAssistantText(response: unknown): string {
  const output = (response as { output?: unknown } | null)?.output;
  if (!Array.isArray(output)) throw new FictionError('BAD_INPUT', '/verify needs "response" with an "output" list (a Responses API response)');
  for (let i = output.length - 1; i >= 0; i--) {
    const item = output[i] as { type?: unknown; role?: unknown; content?: unknown } | null;
    if (item?.type !== 'message' || item.role !== 'assistant') continue;
    if (typeof item.content === 'string') return item.content;
    if (Array.isArray(item.content))
      return item.content
        .map((p) => p as { type?: unknown; text?: unknown } | null)
        .filter((p) => p?.type === 'output_text' && typeof p.text === 'string')
        .map((p) => p!.text as string)
        .join('');
  }
  return '';
}

export function registerNemoGym(app: Hono, ctx: ServerContext): void {
  const capped = limitBody(ctx.limits.maxBodyBytes);

  app.post('/seed_session', limitBody(VERIFY_BODY_BYTES), async (c) => {
    const body = await readJsonObject(c);
    if (body.task !== undefined && body.task !== null) requireAdmin(ctx.adminToken, c.req.header('authorization'));
    const { session } = ctx.core.createSession({ world: body.world, task: body.task, seed: body.seed, profile: body.profile, open: body.open });
    ctx.metrics.sessionsCreated.inc();
    keepCookie(c, session);
    return c.json({});
  });

  for (const name of [...TOOL_NAMES, ...ALIAS_NAMES]) {
    app.post(`/${name}`, capped, async (c) => {
      const session = sessionOf(c);
      const args = await readJsonObject(c);
      const r = await ctx.core.call({ session }, { name, arguments: args });
      keepCookie(c, session);
      return c.json(r.json.tool === 'web_search' ? { search_results: r.text } : { page_content: r.text });
    });
  }

  app.post('/verify', limitBody(VERIFY_BODY_BYTES), async (c) => {
    const session = sessionOf(c);
    const body = await readJsonObject(c);
    const score = scoreInSession(ctx, session, lastAssistantText(body.response));
    const components = rewardComponents(score);
    keepCookie(c, session);
    // Top-level numbers beside the mapping: NeMo Gym's aggregate metrics read top-level fields only.
    return c.json({ ...body, reward: score.reward, reward_components: components, exact: components.exact, f1: components.f1 });
  });
}
