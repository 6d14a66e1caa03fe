/**
 * `POST /retrieve`, answered like the Search-R1 retrieval server, so a trainer built on it switches by
 * changing one URL:
 *
 *   {"queries": ["..."], "topk": 3, "return_scores": true}
 *   → {"result": [[{"document": {"id": "<url>", "contents": "\"<title>\"\n<passage text>"}, "score": 1}, ...], ...]}
 *
 * (`return_scores: false` gives the documents alone, as Search-R1 does.) Each query is one web_search
 * call through the core, so the guard and perturbations of a session apply; more pages are fetched
 * while `topk` is not reached. The target is `?world=` or `?session=` for every query, or `worlds` /
 * `sessions` arrays parallel to `queries`. A query with no session has no task, hence no guard. The
 * passage text is the result's snippet; `id` is the page URL (open it with web_extractor); `score` is
 * 1/rank (the engine's raw scores are not exposed). A simulated fault answers one pseudo-document whose
 * contents carry the fault's message (`"id": "error:<type>"`, score 0), and `errors` lists the faults.
 */
import { FictionError } from '../errors.js';
import type { ObservationError, SearchObservationJson } from '../render/observation.js';
import { MAX_PAGE } from '../search/tool-args.js';
import type { ToolResult } from '../search/call-tool.js';
import type { ToolCall } from '../search/tool-args.js';
import type { ServerContext } from './context.js';
import { checkQueryLength } from './limits.js';
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

export interface RetrieveResponse {
  result: (ScoredDocument[] | RetrievedDocument[])[];
  /** Present when some query met a simulated fault: one entry per query, null where none. */
  errors?: (ObservationError | null)[];
}

interface RetrieveRequest {
  queries: string[];
  topk: number;
  returnScores: boolean;
  targets: TargetSpec[];
}

const bad = (msg: string) => new FictionError('BAD_INPUT', msg);

function stringList(value: unknown, field: string, length?: number): string[] {
  if (!Array.isArray(value)) throw bad(`"${field}" must be a list of strings`);
  if (value.some((v) => typeof v !== 'string')) throw bad(`every item of "${field}" must be a string`);
  if (length !== undefined && value.length !== length) throw bad(`"${field}" must have one item per query (${length})`);
  return value as string[];
}

/** Check a /retrieve body and its targets (that they exist too); throws with a one-line message. */
export function parseRetrieve(ctx: ServerContext, body: Record<string, unknown>, url: TargetSpec): RetrieveRequest {
  const queries = stringList(body.queries, 'queries');
  if (queries.length === 0) throw bad('"queries" must not be empty');
  if (queries.length > ctx.limits.maxRetrieveQueries) throw bad(`at most ${ctx.limits.maxRetrieveQueries} queries per call, got ${queries.length}`);
  for (const q of queries) checkQueryLength(q, ctx.limits);
  let topk = DEFAULT_TOPK;
  if (body.topk !== undefined && body.topk !== null) {
    if (typeof body.topk !== 'number' || !Number.isInteger(body.topk) || body.topk < 1 || body.topk > ctx.limits.maxTopk)
      throw bad(`"topk" must be an integer from 1 to ${ctx.limits.maxTopk}`);
    topk = body.topk;
  }
  const rs = body.return_scores ?? false;
  if (typeof rs !== 'boolean') throw bad('"return_scores" must be true or false');
  const given = [url.world !== undefined, url.session !== undefined, body.worlds !== undefined, body.sessions !== undefined].filter(Boolean).length;
  if (given !== 1) throw bad('name the target once: ?world=, ?session=, "worlds" or "sessions"');
  let targets: TargetSpec[];
  if (body.worlds !== undefined) targets = stringList(body.worlds, 'worlds', queries.length).map((world) => ({ world }));
  else if (body.sessions !== undefined) targets = stringList(body.sessions, 'sessions', queries.length).map((session) => ({ session }));
  else targets = queries.map(() => ({ ...url }));
  for (const t of new Set(targets.map((t) => JSON.stringify(t)))) ctx.core.checkTarget(JSON.parse(t) as TargetSpec);
  return { queries, topk, returnScores: rs, targets };
}

const contentsOf = (title: string, text: string) => `"${title}"\n${text}`;

export interface RetrievedQuery {
  docs: ScoredDocument[];
  error: ObservationError | null;
}

/** One query's documents, `run` making the web_search calls at one open target (search-core.ts). */
export async function retrieveAt(run: (call: ToolCall) => Promise<ToolResult>, query: string, topk: number): Promise<RetrievedQuery> {
  const docs: ScoredDocument[] = [];
  for (let page = 1; page <= MAX_PAGE && docs.length < topk; page++) {
    const r = await run({ name: 'web_search', arguments: { query, page } });
    const block = (r.json as SearchObservationJson).queries[0];
    const error = r.error ?? block?.error;
    if (error) {
      if (docs.length === 0) docs.push({ document: { id: `error:${error.type}`, contents: contentsOf('Error', error.message) }, score: 0 });
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

export async function retrieve(ctx: ServerContext, req: RetrieveRequest): Promise<RetrieveResponse> {
  const result: RetrieveResponse['result'] = [];
  const errors: (ObservationError | null)[] = [];
  // One fresh session per query for worlds (each is its own call, as from the CLI); sessions are shared.
  for (let i = 0; i < req.queries.length; i++) {
    // A big batch is many searches: let other requests in between queries rather than hold the event loop.
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const { docs, error } = await ctx.core.retrieve(req.targets[i]!, req.queries[i]!, req.topk);
    result.push(req.returnScores ? docs : docs.map((d) => d.document));
    errors.push(error);
  }
  return errors.some((e) => e !== null) ? { result, errors } : { result };
}
