/**
 * The HTTP API (hono). Every route is a thin edge over the search core (search-core.ts); errors
 * go through one translation (http-errors.ts). Routes:
 *
 *   GET    /health                          liveness (503 while draining)
 *   GET    /metrics                         Prometheus text
 *   GET    /v1/worlds                       worlds of the folder (?offset=, ?limit=)
 *   GET    /v1/worlds/:world/tasks          admin: the world's tasks (ids, kinds, questions)
 *   GET    /v1/worlds/:world/tasks/:task    admin: one task with its answer
 *   POST   /v1/sessions                     create a session {world, task?, seed?, profile?, open?} (task: admin)
 *   GET    /v1/sessions/:id                 describe a session
 *   DELETE /v1/sessions/:id                 close it
 *   GET    /v1/sessions/:id/trajectory      its kept history as JSONL
 *   POST   /v1/search  ?session=|?world=    web_search {query | queries, page}; ?format=text|json
 *   POST   /v1/open    ?session=|?world=    web_extractor {url}; ?format=text|json
 *   POST   /v1/call    ?session=|?world=    any tool call {name, arguments}; ?format=text|json
 *   POST   /v1/score                        admin: rewards for a batch {items: [{world, task, answer}]} (score-route.ts)
 *   POST   /retrieve   ?session=|?world=    Search-R1 retrieval shape (retrieve.ts)
 *   POST   /mcp        ?session=|?world=    MCP, streamable HTTP (mcp-http.ts); or the session in Mcp-Session-Id
 *   POST   /tool                            slime / DeepDive's tool server (stacks/slime.ts)
 *   POST   /seed_session, /<tool>, /verify  a NeMo Gym resources server (stacks/nemo-gym.ts)
 *   POST   /reset, /step · GET /state       an OpenEnv-style episode (stacks/openenv.ts)
 *
 * With a replica id (`serve --replica-id`), every answer carries `X-Fictionworld-Replica` (docs/deploy.md).
 */
import { Hono, type Context } from 'hono';
import { FictionError } from '../errors.js';
import type { ToolResult } from '../search/call-tool.js';
import type { ToolCall } from '../search/tool-args.js';
import { requireAdmin } from './auth.js';
import { limitBody, readJsonObject } from './body.js';
import type { ServerContext } from './context.js';
import { replyForError } from './http-errors.js';
import { handleMcp } from './mcp-http.js';
import { accounting, rateLimit, replicaHeader, replyError } from './middleware.js';
import { parseRetrieve, retrieve } from './retrieve.js';
import { registerScoreRoute } from './score-route.js';
import { registerNemoGym } from './stacks/nemo-gym.js';
import { registerOpenEnv } from './stacks/openenv.js';
import { registerSlime } from './stacks/slime.js';
import type { TargetSpec } from './search-core.js';

/** What an HTTP tool route sends back: the observation's text, or its JSON. */
type ObservationFormat = 'text' | 'json';

function formatOf(c: Context): ObservationFormat {
  const f = c.req.query('format') ?? 'text';
  if (f !== 'text' && f !== 'json') throw new FictionError('BAD_INPUT', '?format= must be text or json');
  return f;
}

const targetOf = (c: Context): TargetSpec => ({ session: c.req.query('session'), world: c.req.query('world') });

const CONTENT_TYPE = { json: 'application/json', text: 'text/plain; charset=UTF-8' } as const;

function observation(c: Context, r: ToolResult, format: ObservationFormat): Response {
  return c.body(format === 'json' ? JSON.stringify(r.json) : r.text, 200, { 'Content-Type': CONTENT_TYPE[format] });
}

function intParam(c: Context, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) > max) throw new FictionError('BAD_INPUT', `?${name}= must be an integer from 0 to ${max}`);
  return Number(raw);
}

export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  if (ctx.replicaId) app.use('*', replicaHeader(ctx.replicaId));
  app.use('*', accounting(ctx));
  app.use('*', rateLimit(ctx));
  // The body cap of each route that reads a body: /retrieve's is larger (trainers batch many rollouts).
  const capped = limitBody(ctx.limits.maxBodyBytes);

  app.onError((e, c) => {
    const r = replyForError(e, ctx.log, { method: c.req.method, path: c.req.path.slice(0, 200) });
    ctx.metrics.errors.inc({ code: r.body.error.code });
    return c.json(r.body, r.status as 400, r.headers);
  });
  app.notFound((c) => replyError(c, 'NOT_FOUND', `no route ${c.req.method} ${c.req.path.slice(0, 100)}`));

  app.get('/health', (c) => {
    const { sessions, openWorlds } = ctx.core.stats();
    return c.json({ status: ctx.draining ? 'draining' : 'ok', sessions, openWorlds, inFlight: ctx.inFlight }, ctx.draining ? 503 : 200);
  });

  app.get('/metrics', async (c) => {
    const { text, contentType } = await ctx.metrics.render();
    return c.text(text, 200, { 'Content-Type': contentType });
  });

  app.get('/v1/worlds', (c) => {
    const all = ctx.core.listWorlds();
    const offset = intParam(c, 'offset', 0, 1e9);
    const limit = intParam(c, 'limit', 1000, 10_000);
    return c.json({ total: all.length, offset, worlds: all.slice(offset, offset + limit) });
  });

  app.get('/v1/worlds/:world/tasks', (c) => {
    requireAdmin(ctx.adminToken, c.req.header('authorization'));
    return c.json(ctx.core.worldTasks(c.req.param('world')));
  });

  app.get('/v1/worlds/:world/tasks/:task', (c) => {
    requireAdmin(ctx.adminToken, c.req.header('authorization'));
    return c.json(ctx.core.worldTask(c.req.param('world'), c.req.param('task')));
  });

  app.post('/v1/sessions', capped, async (c) => {
    const body = await readJsonObject(c);
    if (body.task !== undefined && body.task !== null) requireAdmin(ctx.adminToken, c.req.header('authorization'));
    const described = ctx.core.createSession({ world: body.world, task: body.task, seed: body.seed, profile: body.profile, open: body.open });
    ctx.metrics.sessionsCreated.inc();
    return c.json(described, 201);
  });

  app.get('/v1/sessions/:id', (c) => c.json(ctx.core.describeSession(c.req.param('id'))));

  app.delete('/v1/sessions/:id', (c) => {
    if (!ctx.core.closeSession(c.req.param('id'))) throw new FictionError('NOT_FOUND', 'no such session (it may have expired)');
    return c.json({ closed: true });
  });

  app.get('/v1/sessions/:id/trajectory', (c) => c.body(ctx.core.trajectory(c.req.param('id')), 200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' }));

  const toolRoute = (toCall: (body: Record<string, unknown>) => ToolCall) => async (c: Context) => {
    const format = formatOf(c);
    const spec = targetOf(c);
    const body = await readJsonObject(c);
    return observation(c, await ctx.core.call(spec, toCall(body)), format);
  };
  app.post(
    '/v1/search',
    capped,
    toolRoute((body) => ({ name: 'web_search', arguments: body })),
  );
  app.post(
    '/v1/open',
    capped,
    toolRoute((body) => ({ name: 'web_extractor', arguments: body })),
  );
  app.post(
    '/v1/call',
    capped,
    toolRoute((body) => ({ name: typeof body.name === 'string' ? body.name : '', arguments: body.arguments })),
  );

  registerScoreRoute(app, ctx);

  app.post('/retrieve', limitBody(ctx.limits.maxRetrieveBodyBytes), async (c) => {
    const body = await readJsonObject(c);
    return c.json(await retrieve(ctx, parseRetrieve(ctx, body, targetOf(c))));
  });

  // A client that keeps one URL may name its session in MCP's own header instead of ?session=.
  const mcpTarget = (c: Context): TargetSpec => {
    const spec = targetOf(c);
    const header = c.req.header('mcp-session-id');
    return spec.session === undefined && spec.world === undefined && header !== undefined ? { session: header } : spec;
  };
  app.all('/mcp', capped, (c) => handleMcp(ctx, c, mcpTarget(c)));

  registerSlime(app, ctx);
  registerNemoGym(app, ctx);
  registerOpenEnv(app, ctx);

  return app;
}
