/**
 * `POST /retrieve`, answered like the Search-R1 retrieval server, so a trainer built on it switches by
 * changing one URL:
 *
 *   {"queries": ["..."], "topk": 3, "return_scores": true}
 *   → {"result": [[{"document": {"id": "<url>", "contents": "\"<title>\"\n<passage text>"}, "score": 1}, ...], ...],
 *      "meta": {"queries": 1, "topk": 3, "cut": [], "failed": []}}
 *
 * (`return_scores: false` gives the documents alone, as Search-R1 does.) Each query is one web_search
 * call through the core, so the guard and perturbations of a session apply; more pages are fetched
 * while `topk` is not reached. The target is `?world=` or `?session=` for every query, or `worlds` /
 * `sessions` arrays parallel to `queries`. A query with no session has no task, hence no guard. The
 * passage text is the result's snippet; `id` is the page URL (open it with web_extractor); `score` is
 * 1/rank (the engine's raw scores are not exposed).
 *
 * Trainers post every rollout's query in one call and read `result` without looking at the status, so
 * a batch never fails whole for one query: every answer with a queries list of at most
 * `maxRetrieveQueries` is a 200 whose `result` holds exactly one list per query. `topk` missing, null
 * or 0 is the default (as Search-R1's server does), above `maxTopk` it is `maxTopk`; a query longer
 * than `maxQueryChars` is cut to it and listed in `meta.cut`. A query's own problem (not a string, an
 * unknown or expired session or world, a simulated fault, a failure in its call) answers one
 * pseudo-document in that query's slot, `{"id": "error:<type>", "contents": "\"Error\"\n<message>"}`
 * with score 0; `errors` (parallel to `queries`, null where none) says what it was and `meta.failed`
 * lists the slots. A problem of the whole request other than its queries list (a bad `topk` or
 * `return_scores`, the target named twice or not at all) is every slot's problem, said the same way.
 * Only a body that is not an object with a `queries` list, or one over `maxRetrieveQueries`, is a 400.
 */
import { FictionError, type ErrorCode } from '../errors.js';
import type { FaultType, SearchObservationJson } from '../render/observation.js';
import type { ToolResult } from '../search/call-tool.js';
import { MAX_PAGE, type ToolCall } from '../search/tool-args.js';
import type { ServerContext } from './context.js';
import { replyForError } from './http-errors.js';
import { cutQuery } from './limits.js';
import type { TargetSpec } from './search-core.js';

export const DEFAULT_TOPK = 3;

export interface RetrievedDocument {
  id: string;
  contents: string;
}

export interface ScoredDocument {
  document: RetrievedDocument;
  score: number;
}

/** What went wrong for one query: a simulated fault, or the request's own problem (an error code, lower case). */
export interface RetrieveError {
  type: FaultType | Lowercase<ErrorCode>;
  message: string;
}

/** A query cut to the length cap: its slot, its length and the characters kept. */
export interface RetrieveCut {
  query: number;
  length: number;
  kept: number;
}

export interface RetrieveMeta {
  /** Queries in the call (= lists in `result`). */
  queries: number;
  /** The `topk` used. */
  topk: number;
  cut: RetrieveCut[];
  /** Slots answered with an error document instead of results. */
  failed: number[];
}

export interface RetrieveResponse {
  result: (ScoredDocument[] | RetrievedDocument[])[];
  meta: RetrieveMeta;
  /** Present when some query failed: one entry per query, null where none. */
  errors?: (RetrieveError | null)[];
}

/** One query, ready to run at its target, or the reason it cannot run. */
type Slot = { query: string; target: TargetSpec } | { error: RetrieveError };

export interface RetrieveRequest {
  slots: Slot[];
  topk: number;
  returnScores: boolean;
  cut: RetrieveCut[];
}

const problem = (message: string): RetrieveError => ({ type: 'bad_input', message });

function topkOf(value: unknown, max: number): number | RetrieveError {
  if (value === undefined || value === null || value === 0) return DEFAULT_TOPK;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    return problem(`"topk" must be an integer from 1 to ${max} (0 or null: ${DEFAULT_TOPK})`);
  return Math.min(value, max);
}

/** The target of every slot: one URL target, or an array parallel to the queries. */
function targetsOf(body: Record<string, unknown>, url: TargetSpec, count: number): (TargetSpec | RetrieveError)[] {
  const given = [url.world !== undefined, url.session !== undefined, body.worlds != null, body.sessions != null].filter(Boolean).length;
  if (given !== 1) return Array(count).fill(problem('name the target once: ?world=, ?session=, "worlds" or "sessions"'));
  const field = body.worlds != null ? 'worlds' : body.sessions != null ? 'sessions' : undefined;
  if (field === undefined) return Array(count).fill({ ...url });
  const list = body[field];
  if (!Array.isArray(list)) return Array(count).fill(problem(`"${field}" must be a list parallel to "queries"`));
  const key = field === 'worlds' ? 'world' : 'session';
  return Array.from({ length: count }, (_, i) => {
    const id: unknown = list[i];
    if (typeof id !== 'string') return problem(i < list.length ? `"${field}" item ${i} is not a string` : `"${field}" has no item ${i} (one per query)`);
    return { [key]: id };
  });
}

/**
 * Read a /retrieve body: throws (a 400) only when it has no `queries` list or too many queries; every
 * other problem becomes the problem of the slots it touches.
 */
export function parseRetrieve(ctx: ServerContext, body: Record<string, unknown>, url: TargetSpec): RetrieveRequest {
  const { maxRetrieveQueries, maxTopk, maxQueryChars } = ctx.limits;
  const queries = body.queries;
  if (!Array.isArray(queries)) throw new FictionError('BAD_INPUT', 'the body must be a JSON object with "queries", a list of strings');
  if (queries.length > maxRetrieveQueries) throw new FictionError('BAD_INPUT', `at most ${maxRetrieveQueries} queries per call, got ${queries.length}`);
  const topk = topkOf(body.topk, maxTopk);
  const rs = body.return_scores ?? false;
  const returnScores: boolean | RetrieveError = typeof rs === 'boolean' ? rs : problem('"return_scores" must be true or false');
  const whole = typeof topk === 'object' ? topk : typeof returnScores === 'object' ? returnScores : undefined;
  const targets = targetsOf(body, url, queries.length);
  const cut: RetrieveCut[] = [];
  const slots = queries.map((raw: unknown, i): Slot => {
    if (whole) return { error: whole };
    if (typeof raw !== 'string') return { error: problem(`query ${i} is not a string`) };
    const target = targets[i]!;
    if ('message' in target) return { error: target };
    const query = cutQuery(raw, maxQueryChars);
    if (query.length < raw.length) cut.push({ query: i, length: raw.length, kept: query.length });
    return { query, target };
  });
  return { slots, topk: typeof topk === 'number' ? topk : DEFAULT_TOPK, returnScores: returnScores === true, cut };
}

const contentsOf = (title: string, text: string) => `"${title}"\n${text}`;

/** The pseudo-document a failed query answers in its slot. */
const errorDocument = (error: RetrieveError): ScoredDocument => ({
  document: { id: `error:${error.type}`, contents: contentsOf('Error', error.message) },
  score: 0,
});

export interface RetrievedQuery {
  docs: ScoredDocument[];
  error: RetrieveError | null;
}

/** One query's documents, `run` making the web_search calls at one open target (search-core.ts). */
export async function retrieveAt(run: (call: ToolCall) => Promise<ToolResult>, query: string, topk: number): Promise<RetrievedQuery> {
  const docs: ScoredDocument[] = [];
  for (let page = 1; page <= MAX_PAGE && docs.length < topk; page++) {
    const r = await run({ name: 'web_search', arguments: { query, page } });
    const block = (r.json as SearchObservationJson).queries[0];
    const error = r.error ?? block?.error;
    if (error) {
      if (docs.length === 0) docs.push(errorDocument(error));
      return { docs, error };
    }
    if (!block || block.results.length === 0) break;
    for (const res of block.results) {
      if (docs.length >= topk) break;
      docs.push({ document: { id: res.url, contents: contentsOf(res.title, res.snippet ?? '') }, score: Number((1 / res.rank).toFixed(6)) });
    }
    if (!block.hasMore) break;
  }
  return { docs, error: null };
}

/** Let other requests in at most this often while a batch runs (ms). */
const YIELD_EVERY_MS = 10;

export async function retrieve(ctx: ServerContext, req: RetrieveRequest): Promise<RetrieveResponse> {
  const result: RetrieveResponse['result'] = [];
  const errors: (RetrieveError | null)[] = [];
  const failed: number[] = [];
  let since = performance.now();
  for (let i = 0; i < req.slots.length; i++) {
    // A big batch is many searches: let other requests in now and then rather than hold the event loop.
    if (performance.now() - since > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
    const { docs, error } = await runSlot(ctx, req.slots[i]!, req.topk);
    result.push(req.returnScores ? docs : docs.map((d) => d.document));
    errors.push(error);
    if (error) failed.push(i);
  }
  const meta: RetrieveMeta = { queries: req.slots.length, topk: req.topk, cut: req.cut, failed };
  return failed.length > 0 ? { result, meta, errors } : { result, meta };
}

/** One slot's documents: its results, or its one error document (whatever the call threw, as a client may see it). */
async function runSlot(ctx: ServerContext, slot: Slot, topk: number): Promise<RetrievedQuery> {
  let error: RetrieveError;
  if ('error' in slot) error = slot.error;
  else {
    try {
      return await ctx.core.retrieve(slot.target, slot.query, topk);
    } catch (e) {
      const { code, message } = replyForError(e, ctx.log, { route: '/retrieve' }).body.error;
      error = { type: code.toLowerCase() as Lowercase<ErrorCode>, message };
    }
  }
  return { docs: [errorDocument(error)], error };
}
