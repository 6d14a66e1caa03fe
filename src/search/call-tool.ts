/**
 * The one entry point every edge calls: `callTool(session, { name, arguments })` runs web_search or
 * web_extractor in the session and returns the observation as text and JSON, plus metadata (renderer,
 * perturbations, guard decisions, timings) that is never part of what the agent reads.
 * `callToolSync` is the same for synchronous renderers (the template renderer); it never sleeps.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { FictionError } from '../errors.js';
import { planCall, type CallPlan } from '../perturb/draw.js';
import type { ToolName } from '../tools/definitions.js';
import type { ObservationError, PageObservationJson, SearchObservationJson } from '../render/observation.js';
import type { RenderSearchOutput } from '../render/renderer.js';
import type { GuardDecision } from './guard-hook.js';
import { normaliseQueryText } from './query.js';
import type { HistoryEntry, Session } from './session.js';
import { parseExtractorArgs, parseSearchArgs, resolveCall, toolName, type SearchArgs, type ToolCall } from './tool-args.js';
import { openPage } from './web-extractor.js';
import { finishSearch, renderInputs, startSearch, type SearchOutcome } from './web-search.js';

export interface ToolMeta {
  tool: ToolName;
  callIndex: number;
  /** The renderer that answered ("template", or a world model, or a fallback). */
  renderer: string;
  /** Why a world model fell back to the template, when it did (its renderer's `fallbackReason`). */
  fallbackReason?: string;
  /** Simulated latency (ms) drawn for this call; `slept` says whether it was really waited. */
  latencyMs: number;
  slept: boolean;
  /** Perturbations applied, e.g. "error:timeout", "page_size:0:4", "irrelevant:0:1". */
  perturbations: string[];
  /** The guard's decisions (for the audit log). */
  guard: GuardDecision[];
  timings: { totalMs: number; retrieveMs: number; renderMs: number };
}

/** Several pages opened by one call (an alias such as `visit` with a list of URLs), in order. */
export interface PagesObservationJson {
  tool: 'web_extractor';
  pages: PageObservationJson[];
}

export interface ToolResult {
  text: string;
  json: SearchObservationJson | PageObservationJson | PagesObservationJson;
  /** Set when the whole call is a (simulated) fault or the page is not accessible. */
  error?: ObservationError;
  meta: ToolMeta;
}

export interface CallOptions {
  /** Really wait for simulated latency (default: the profile's `sleep`). */
  sleep?: boolean;
  /** Ends the wait early (a server stopping): the call then fails with UNAVAILABLE. */
  signal?: AbortSignal;
}

/** Wait `ms` of simulated latency, unless `signal` ends the wait first. */
async function waitLatency(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, signal ? { signal } : undefined);
  } catch (e) {
    if (signal?.aborted) throw new FictionError('UNAVAILABLE', 'the server stopped before the call finished: retry on another replica');
    throw e;
  }
}

interface Prepared {
  name: ToolName;
  callIndex: number;
  plan: CallPlan;
  started: number;
  search?: { args: SearchArgs; run: ReturnType<typeof startSearch> };
  url?: string;
}

const now = () => performance.now();

function prepare(session: Session, call: ToolCall): Prepared {
  const started = now();
  const name = toolName(call);
  // Arguments are checked before the call index is taken: a rejected call draws nothing.
  const searchArgs = name === 'web_search' ? parseSearchArgs(call.arguments) : undefined;
  const url = name === 'web_extractor' ? parseExtractorArgs(call.arguments).url : undefined;
  const callIndex = session.nextCallIndex();
  const plan = planCall(session.profile, session.seed, callIndex, name);
  const prepared: Prepared = { name, callIndex, plan, started, url };
  if (searchArgs) prepared.search = { args: searchArgs, run: startSearch(session, searchArgs, callIndex, plan) };
  return prepared;
}

function complete(session: Session, p: Prepared, outputs: readonly (RenderSearchOutput | undefined)[], renderMs: number, slept: boolean): ToolResult {
  let outcome: SearchOutcome | ReturnType<typeof openPage>;
  let renderer = session.renderer.name;
  let args: Record<string, unknown>;
  let retrieveMs = 0;
  const perturbations: string[] = [];
  let guard: GuardDecision[] = [];
  if (p.search) {
    const search = finishSearch(session, p.search.run, outputs);
    outcome = search;
    session.noteResults(search.json);
    renderer = search.renderer;
    const queries = p.search.run.jobs.length > 0 ? p.search.run.jobs.map((j) => j.query.text) : p.search.args.queries.map(normaliseQueryText);
    args = { queries, page: p.search.args.page };
    retrieveMs = p.search.run.retrieveMs;
    perturbations.push(...p.search.run.perturbations);
    guard = p.search.run.guardLog;
  } else {
    const page = openPage(session.world, p.url!, p.plan, (candidate) => session.mayOpen(candidate));
    outcome = page;
    if (page.page) session.noteOpened(page.page);
    renderer = 'world';
    args = { url: p.url! };
    if (p.plan.error) perturbations.push(`error:${p.plan.error.type}`);
  }
  if (p.plan.latencyMs > 0) perturbations.push(`latency:${p.plan.latencyMs}`);
  const entry: HistoryEntry = { callIndex: p.callIndex, name: p.name, arguments: args, text: outcome.text, error: outcome.error, renderer };
  const opened = p.name === 'web_extractor' && !outcome.error ? (outcome.json as PageObservationJson) : undefined;
  if (opened?.title) entry.page = { url: opened.url, title: opened.title };
  session.record(entry);
  const meta: ToolMeta = {
    tool: p.name,
    callIndex: p.callIndex,
    renderer,
    latencyMs: p.plan.latencyMs,
    slept,
    perturbations,
    guard,
    timings: { totalMs: now() - p.started, retrieveMs, renderMs },
  };
  const reasons = new Set(outputs.map((o) => o?.fallbackReason).filter((r): r is string => r !== undefined));
  if (reasons.size > 0) meta.fallbackReason = [...reasons].join('; ');
  return outcome.error ? { text: outcome.text, json: outcome.json, error: outcome.error, meta } : { text: outcome.text, json: outcome.json, meta };
}

/**
 * One observation for the calls one aliased call stands for (a `visit` of several URLs): the pages'
 * texts in order, their JSON as `pages`, a fault only when every page failed.
 */
function merge(results: ToolResult[]): ToolResult {
  if (results.length === 1) return results[0]!;
  const first = results[0]!;
  const json: PagesObservationJson = { tool: 'web_extractor', pages: results.map((r) => r.json as PageObservationJson) };
  const meta: ToolMeta = {
    ...first.meta,
    latencyMs: results.reduce((n, r) => n + r.meta.latencyMs, 0),
    slept: results.some((r) => r.meta.slept),
    perturbations: results.flatMap((r) => r.meta.perturbations),
    guard: results.flatMap((r) => r.meta.guard),
    timings: {
      totalMs: results.reduce((n, r) => n + r.meta.timings.totalMs, 0),
      retrieveMs: results.reduce((n, r) => n + r.meta.timings.retrieveMs, 0),
      renderMs: results.reduce((n, r) => n + r.meta.timings.renderMs, 0),
    },
  };
  const text = results.map((r) => r.text).join('\n\n');
  return results.every((r) => r.error) ? { text, json, error: first.error!, meta } : { text, json, meta };
}

/** Run a call under any of its names (aliases resolved by resolveCall): each resolved call in turn, one observation. */
export async function callTool(session: Session, call: ToolCall, opts: CallOptions = {}): Promise<ToolResult> {
  const calls = resolveCall(call);
  const results: ToolResult[] = [];
  for (const c of calls) results.push(await callOne(session, c, opts));
  return merge(results);
}

export function callToolSync(session: Session, call: ToolCall): ToolResult {
  return merge(resolveCall(call).map((c) => callOneSync(session, c)));
}

async function callOne(session: Session, call: ToolCall, opts: CallOptions): Promise<ToolResult> {
  const p = prepare(session, call);
  const t = now();
  const outputs = p.search
    ? await Promise.all(renderInputs(session, p.search.run).map((input) => (input ? session.renderer.renderSearch(input) : undefined)))
    : [];
  const renderMs = now() - t;
  const slept = (opts.sleep ?? session.profile.sleep) && p.plan.latencyMs > 0;
  if (slept) await waitLatency(p.plan.latencyMs, opts.signal);
  return complete(session, p, outputs, renderMs, slept);
}

function callOneSync(session: Session, call: ToolCall): ToolResult {
  const p = prepare(session, call);
  const t = now();
  const outputs = p.search
    ? renderInputs(session, p.search.run).map((input) => {
        if (!input) return undefined;
        const out = session.renderer.renderSearch(input);
        if (out instanceof Promise) {
          out.catch(() => {});
          throw new FictionError('BAD_INPUT', `renderer ${session.renderer.name} is asynchronous: use callTool`);
        }
        return out;
      })
    : [];
  return complete(session, p, outputs, now() - t, false);
}
