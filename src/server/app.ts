/**
 * The HTTP API (hono). Every tool route is a thin edge over the core (targets.ts → callTool); errors
 * go through one translation (http-errors.ts). Routes:
 *
 *   GET    /health                          liveness (503 while draining)
 *   GET    /metrics                         Prometheus text
 *   GET    /v1/worlds                       worlds of the folder (?offset=, ?limit=)
 *   GET    /v1/worlds/:world/tasks          admin: the world's tasks (ids, kinds, questions)
 *   GET    /v1/worlds/:world/tasks/:task    admin: one task with its answer
 *   POST   /v1/sessions                     create a session {world, task?, seed?, profile?} (task: admin)
 *   GET    /v1/sessions/:id                 describe a session
 *   DELETE /v1/sessions/:id                 close it
 *   GET    /v1/sessions/:id/trajectory      its kept history as JSONL
 *   POST   /v1/search  ?session=|?world=    web_search {query | queries, page}; ?format=text|json
 *   POST   /v1/open    ?session=|?world=    web_extractor {url}; ?format=text|json
 *   POST   /v1/call    ?session=|?world=    any tool call {name, arguments}; ?format=text|json
 *   POST   /retrieve   ?session=|?world=    Search-R1 retrieval shape (retrieve.ts)
 *   POST   /mcp        ?session=|?world=    MCP, streamable HTTP (mcp-http.ts)
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { FictionError } from '../errors.js';
import type { ToolCall } from '../search/tool-args.js';
import { requireAdmin } from './auth.js';
import { readJsonObject, type BodySource } from './body.js';
import type { ServerContext } from './context.js';
import { replyForError } from './http-errors.js';
import { handleMcp } from './mcp-http.js';
import { accounting, rateLimit, replyError } from './middleware.js';
import { checkRetrieveTargets, parseRetrieve, retrieve } from './retrieve.js';
import { sessionLimitReached, type SessionDescription } from './session-store.js';
import { callForBody, type ObservationFormat, type TargetSpec } from './targets.js';

function formatOf(c: Context): ObservationFormat {
  const f = c.req.query('format') ?? 'text';
  if (f !== 'text' && f !== 'json') throw new FictionError('BAD_INPUT', '?format= must be text or json');
  return f;
}

/** The request body's source: Node's own request when there is one (see body.ts). */
const bodyOf = (c: Context): BodySource => ({ req: c.req.raw, incoming: (c.env as { incoming?: BodySource['incoming'] } | undefined)?.incoming });

const targetOf = (c: Context): TargetSpec => ({ session: c.req.query('session'), world: c.req.query('world') });

const CONTENT_TYPE = { json: 'application/json', text: 'text/plain; charset=UTF-8' } as const;

function observation(c: Context, body: string | Uint8Array<ArrayBuffer>, format: ObservationFormat): Response {
  return c.body(body, 200, { 'Content-Type': CONTENT_TYPE[format] });
}

function intParam(c: Context, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) > max) throw new FictionError('BAD_INPUT', `?${name}= must be an integer from 0 to ${max}`);
  return Number(raw);
}

const newSessionId = () => `s_${randomBytes(18).toString('base64url')}`;

export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  app.use('*', accounting(ctx));
  app.use('*', rateLimit(ctx));

  app.onError((e, c) => {
    const r = replyForError(e, ctx.log, { method: c.req.method, path: c.req.path.slice(0, 200) });
    ctx.metrics.count('fictionworld_errors_total', 'Requests answered with an error, by code.', { code: r.body.error.code });
    return c.json(r.body, r.status as 400, r.headers);
  });
  app.notFound((c) => replyError(c, 'NOT_FOUND', `no route ${c.req.method} ${c.req.path.slice(0, 100)}`));

  app.get('/health', async (c) => {
    await ctx.compute?.refresh();
    return c.json({ status: ctx.draining ? 'draining' : 'ok', sessions: ctx.sessionCount(), openWorlds: ctx.openWorldCount(), inFlight: ctx.inFlight }, ctx.draining ? 503 : 200);
  });

  app.get('/metrics', async (c) => {
    await ctx.compute?.refresh();
    return c.text(ctx.metrics.render(), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
  });

  app.get('/v1/worlds', (c) => {
    const all = ctx.pool.list();
    const offset = intParam(c, 'offset', 0, 1e9);
    const limit = intParam(c, 'limit', 1000, 10_000);
    return c.json({ total: all.length, offset, worlds: all.slice(offset, offset + limit) });
  });

  app.get('/v1/worlds/:world/tasks', (c) => {
    requireAdmin(ctx.adminToken, c.req.header('authorization'));
    const handle = ctx.pool.acquire(c.req.param('world'));
    try {
      const tasks = handle.world.taskIds().map((id) => {
        const t = handle.world.task(id)!;
        return { id: t.id, kind: t.kind, question: t.question, answerType: t.answerType, difficulty: t.difficulty };
      });
      return c.json({ world: handle.world.id, tasks });
    } finally {
      handle.release();
    }
  });

  app.get('/v1/worlds/:world/tasks/:task', (c) => {
    requireAdmin(ctx.adminToken, c.req.header('authorization'));
    const handle = ctx.pool.acquire(c.req.param('world'));
    try {
      const task = handle.world.task(c.req.param('task').slice(0, 64));
      if (!task) throw new FictionError('NOT_FOUND', `no task ${c.req.param('task').slice(0, 40)} in world ${handle.world.id}`);
      return c.json({ world: handle.world.id, task });
    } finally {
      handle.release();
    }
  });

  app.post('/v1/sessions', async (c) => {
    const body = await readJsonObject(bodyOf(c), ctx.limits.maxBodyBytes);
    if (body.task !== undefined && body.task !== null) requireAdmin(ctx.adminToken, c.req.header('authorization'));
    const spec = { world: body.world, task: body.task, seed: body.seed, profile: body.profile };
    let described: SessionDescription;
    if (ctx.compute) {
      // The limit is the server's, not each worker's share: counted here, over the workers' latest
      // counts (asked again, expired sessions swept, before refusing) and the creates under way.
      if (ctx.compute.heldSessions >= ctx.limits.maxSessions) await ctx.compute.refresh();
      if (ctx.compute.heldSessions >= ctx.limits.maxSessions) throw sessionLimitReached(ctx.limits.maxSessions);
      const { id, index } = ctx.compute.placeSession(newSessionId);
      described = await ctx.compute.create<SessionDescription>(index, { op: 'create', id, spec });
    } else {
      described = ctx.sessions.describe(ctx.sessions.create(spec));
    }
    ctx.metrics.count('fictionworld_sessions_created_total', 'Sessions created.');
    return c.json(described, 201);
  });

  /** A session operation, in this thread or in the worker that owns the session. */
  const sessionOp = <T>(op: 'get' | 'close' | 'trajectory', id: string, local: () => T): Promise<T> | T =>
    ctx.compute ? ctx.compute.request<T>(ctx.compute.indexOf(id), { op, id }) : local();

  app.get('/v1/sessions/:id', async (c) => {
    const id = c.req.param('id');
    return c.json(await sessionOp('get', id, () => ctx.sessions.describe(ctx.sessions.get(id))));
  });

  app.delete('/v1/sessions/:id', async (c) => {
    const id = c.req.param('id');
    if (!(await sessionOp('close', id, () => ctx.sessions.close(id)))) throw new FictionError('NOT_FOUND', 'no such session (it may have expired)');
    return c.json({ closed: true });
  });

  app.get('/v1/sessions/:id/trajectory', async (c) => {
    const id = c.req.param('id');
    const jsonl = await sessionOp('trajectory', id, () => ctx.sessions.get(id).session.trajectoryJsonl());
    return c.body(jsonl, 200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
  });

  const toolRoute = (toCall: (body: Record<string, unknown>) => ToolCall) => async (c: Context) => {
    const format = formatOf(c);
    const spec = targetOf(c);
    const body = await readJsonObject(bodyOf(c), ctx.limits.maxBodyBytes);
    return observation(c, await callForBody(ctx, spec, toCall(body), format), format);
  };
  app.post('/v1/search', toolRoute((body) => ({ name: 'web_search', arguments: body })));
  app.post('/v1/open', toolRoute((body) => ({ name: 'web_extractor', arguments: body })));
  app.post('/v1/call', toolRoute((body) => ({ name: typeof body.name === 'string' ? body.name : '', arguments: body.arguments })));

  app.post('/retrieve', async (c) => {
    const body = await readJsonObject(bodyOf(c), ctx.limits.maxRetrieveBodyBytes);
    return c.json(await retrieve(ctx, await checkRetrieveTargets(ctx, parseRetrieve(ctx, body, targetOf(c)))));
  });

  app.all('/mcp', (c) => handleMcp(ctx, bodyOf(c), targetOf(c)));

  return app;
}
