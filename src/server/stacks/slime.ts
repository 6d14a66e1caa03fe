/**
 * slime / DeepDive's tool server shape (THUDM/DeepDive training/tool_server/launch_server.py, called by
 * training/rollout/deepdive_rollout.py `_call_tool_server`):
 *
 *   POST /tool {session_id, name, arguments, remote_env_info} → {output, observation}
 *
 * The rollout mints its own session id (`sample.session_id` or `deepdive-<index>-<ns>`) and sends no
 * header: the first call under a new id creates our session over `remote_env_info.world` (and
 * `.task`, `.seed`, `.profile`: the sample's metadata carries them); one of our ids (`r2.s_…`, from
 * POST /v1/sessions) is used as it is. Names: DeepDive's `start_session`, `close_session`, `search
 * {query, num}`, `click {link_id}` (a result of the latest search), `open {url}`, and every name the
 * core takes (web_search, web_extractor, Tongyi's search and visit). A bad call (an unknown name, bad
 * arguments) is answered as DeepDive's own server answers it, as the observation, because the rollout
 * retries any non-2xx five times and then shows the model only "Tool call failed"; a bad request (no
 * session id, an unknown session, no world to create one over) is a 4xx.
 */
import type { Hono } from 'hono';
import { FictionError } from '../../errors.js';
import type { SearchObservationJson } from '../../render/observation.js';
import type { ToolCall } from '../../search/tool-args.js';
import { limitBody, readJsonObject } from '../body.js';
import type { ServerContext } from '../context.js';
import { clientMessage } from '../http-errors.js';
import { ForeignSessions, type Binding } from './foreign-sessions.js';

const record = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** DeepDive's `click {link_id}` as a web_extractor call: the URL ranked `link_id` in the session's latest search. */
function clickCall(binding: Binding, args: Record<string, unknown>): ToolCall {
  const links = (binding.state.links ?? {}) as Record<string, string>;
  const url = links[String(args.link_id)];
  if (url === undefined) throw new FictionError('BAD_INPUT', 'Must provide a valid link_id from the latest search results.');
  return { name: 'web_extractor', arguments: { url } };
}

/** Keep the latest search's result URLs by rank, for click. */
function noteLinks(binding: Binding, json: unknown): void {
  const search = json as SearchObservationJson;
  if (search.tool !== 'web_search') return;
  binding.state.links = Object.fromEntries(search.queries.flatMap((q) => q.results.map((r) => [String(r.rank), r.url])));
}

export function registerSlime(app: Hono, ctx: ServerContext): void {
  const sessions = new ForeignSessions(ctx);
  app.post('/tool', limitBody(ctx.limits.maxBodyBytes), async (c) => {
    const body = await readJsonObject(c);
    const id = body.session_id;
    const name = typeof body.name === 'string' ? body.name : '';
    const args = record(body.arguments);
    const env = record(body.remote_env_info);
    const reply = (output: string, session?: string) => c.json({ output, observation: output, ...(session ? { session } : {}) });
    if (name === 'close_session') {
      const closed = sessions.close(id);
      return reply(closed ? `Successfully closed session ${String(id).slice(0, 200)}.` : 'No such session.');
    }
    const spec = { world: env.world, task: env.task, seed: env.seed, profile: env.profile, open: env.open };
    const binding = sessions.find(id) ?? (env.world === undefined ? undefined : sessions.create(id, spec, c.req.header('authorization')));
    if (!binding) throw new FictionError('BAD_INPUT', 'unknown session_id: name one of our sessions, or send remote_env_info.world (and task) to create it');
    if (name === 'start_session') return reply('Successfully started session.', binding.session);
    try {
      const call: ToolCall = name === 'click' ? clickCall(binding, args) : { name, arguments: args };
      const r = await ctx.core.call({ session: binding.session }, call);
      noteLinks(binding, r.json);
      return reply(r.text, binding.session);
    } catch (e) {
      if (e instanceof FictionError && e.code === 'BAD_INPUT') return reply(clientMessage(e), binding.session);
      throw e;
    }
  });
}
