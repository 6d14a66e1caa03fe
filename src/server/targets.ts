/**
 * Where a tool call runs: a live session (`?session=`), or a fresh session over a world (`?world=`),
 * which is what a CLI call is: no task, seed 0, no perturbation, so no guard. Every edge (HTTP tool
 * routes, /retrieve, /mcp) resolves its target here and runs the call through the one core, callTool.
 */
import { FictionError } from '../errors.js';
import { callTool, type ToolResult } from '../search/call-tool.js';
import { createSession, type Session } from '../compose.js';
import type { ToolCall } from '../search/tool-args.js';
import type { ServerContext } from './context.js';
import { checkCallLimits } from './limits.js';
import { checkSessionId, type StoredSession } from './session-store.js';
import { checkWorldId } from './world-pool.js';

export interface TargetSpec {
  session?: string | undefined;
  world?: string | undefined;
}

export interface CallTarget {
  readonly session: Session;
  readonly stored?: StoredSession;
  release(): void;
}

/** Check that a target names a session or a world, and that its id is well formed (no lookup). */
export function checkTargetForm(spec: TargetSpec): void {
  if (spec.session !== undefined && spec.world !== undefined) throw new FictionError('BAD_INPUT', 'name a session or a world, not both');
  if (spec.session !== undefined) checkSessionId(spec.session);
  else if (spec.world !== undefined) checkWorldId(spec.world);
  else throw new FictionError('BAD_INPUT', 'name a world (?world=<id>) or a session (?session=<id>)');
}

/** Check a target's ids (and that they exist) without opening anything. */
export function checkTarget(ctx: ServerContext, spec: TargetSpec): void {
  checkTargetForm(spec);
  if (spec.session !== undefined) ctx.sessions.get(spec.session);
  else ctx.pool.require(spec.world);
}

export function openTarget(ctx: ServerContext, spec: TargetSpec): CallTarget {
  checkTarget(ctx, spec);
  if (spec.session !== undefined) {
    const stored = ctx.sessions.get(spec.session);
    // The call holds its world itself: a session closed or expired while the call runs (asleep in its
    // simulated latency, or waiting on a world model) gives up the session's hold, and the pool must not
    // close the world under the call. While the session lives its hold keeps this the same open world.
    const handle = ctx.pool.acquire(stored.worldId);
    return { session: stored.session, stored, release: handle.release };
  }
  const handle = ctx.pool.acquire(spec.world);
  try {
    return { session: createSession(handle.world, { renderer: ctx.renderer, historyLimit: 0 }), release: handle.release };
  } catch (e) {
    handle.release();
    throw e;
  }
}

/** Run one tool call at a target through the core (edge limits first), counting it. */
export async function runToolCall(ctx: ServerContext, target: CallTarget, call: ToolCall): Promise<ToolResult> {
  checkCallLimits(call, ctx.limits);
  const result = await callTool(target.session, call, { signal: ctx.stopping });
  ctx.metrics.count('fictionworld_tool_calls_total', 'Tool calls answered, by tool and outcome (ok, or the simulated fault).', {
    tool: result.meta.tool, outcome: result.error?.type ?? 'ok',
  });
  return result;
}

/** Open a target, run `fn`, and release the target whatever happens. */
export async function withTarget<T>(ctx: ServerContext, spec: TargetSpec, fn: (t: CallTarget) => Promise<T>): Promise<T> {
  const target = openTarget(ctx, spec);
  try {
    return await fn(target);
  } finally {
    target.release();
  }
}

/** checkTarget, wherever the core runs (in a worker thread it is the owning worker that knows). */
export async function checkTargetAnywhere(ctx: ServerContext, spec: TargetSpec): Promise<void> {
  if (ctx.compute) await ctx.compute.at(spec, { op: 'check', spec });
  else checkTarget(ctx, spec);
}

/** What an HTTP tool route sends back: the observation's text, or its JSON. */
export type ObservationFormat = 'text' | 'json';

/** The HTTP body of a result's observation. */
export function observationBody(r: ToolResult, format: ObservationFormat): string {
  return format === 'json' ? JSON.stringify(r.json) : r.text;
}

/**
 * One tool call at a target, as an HTTP body: with worker threads the worker that ran the call writes
 * the body, and only its UTF-8 bytes cross to the HTTP thread (moved, not copied; not the whole result).
 */
export async function callForBody(ctx: ServerContext, spec: TargetSpec, call: ToolCall, format: ObservationFormat): Promise<string | Uint8Array<ArrayBuffer>> {
  if (ctx.compute) return ctx.compute.at<Uint8Array<ArrayBuffer>>(spec, { op: 'call', spec, call, body: format });
  return observationBody(await withTarget(ctx, spec, (t) => runToolCall(ctx, t, call)), format);
}

/** One tool call at a target, wherever the core runs: the same checks, result and metrics either way. */
export function callAt(ctx: ServerContext, spec: TargetSpec, call: ToolCall): Promise<ToolResult> {
  if (ctx.compute) return ctx.compute.at<ToolResult>(spec, { op: 'call', spec, call });
  return withTarget(ctx, spec, (t) => runToolCall(ctx, t, call));
}
