/**
 * One web_search call, in three stages so a synchronous and an asynchronous renderer share the same
 * code: `startSearch` (perturbation plan, the guard's choice of world, retrieval, irrelevant pages,
 * the page of results), the renderer, then `finishSearch` (snippet perturbations, guard backstop,
 * observation). A guarded query and an unguarded one differ only in the world they search.
 */
import { mixIrrelevant, perturbSnippets } from '../perturb/apply.js';
import { pageSizeFor, planPartialFailures, queryRng, type CallPlan } from '../perturb/draw.js';
import { isProfileOff } from '../perturb/profile.js';
import { formatSearch, type ObservationError, type QueryBlock, type SearchObservationJson } from '../render/observation.js';
import type { RenderSearchInput, RenderSearchOutput } from '../render/renderer.js';
import type { Rng } from '../rng.js';
import { selectDefault, type GuardDecision, type GuardSelection } from './guard-hook.js';
import type { SearchWorld } from './world-index.js';
import { prepareQuery, type PreparedQuery } from './query.js';
import type { Session } from './session.js';
import { createSnippetBuilder } from './snippet.js';
import type { SearchArgs } from './tool-args.js';
import type { Candidate, RenderedResult, SnippetBuilder } from './types.js';

/** Results per page. */
export const RESULTS_PER_PAGE = 10;
/** Candidates retrieved beyond the page, so the guard's backstop can take the next result and keep the count. */
export const SPARE_RESULTS = 5;

interface QueryJob {
  index: number;
  query: PreparedQuery;
  /** The world the query searched: the session's, or the guard's smaller view of it. */
  world: SearchWorld;
  error?: ObservationError;
  firstRank: number;
  hasMore: boolean;
  buildSnippet: SnippetBuilder;
  selection: GuardSelection;
  spares: Candidate[];
  rng?: Rng;
}

export interface SearchRun {
  args: SearchArgs;
  callIndex: number;
  plan: CallPlan;
  jobs: QueryJob[];
  guardLog: GuardDecision[];
  perturbations: string[];
  retrieveMs: number;
}

const now = () => performance.now();

/** The guard's log for one query of a run: each decision (the guard's own new object) tagged with the query. */
const logFor = (run: SearchRun, queryIndex: number) => (d: GuardDecision) => {
  d.queryIndex = queryIndex;
  run.guardLog.push(d);
};

export function startSearch(session: Session, args: SearchArgs, callIndex: number, plan: CallPlan): SearchRun {
  const t0 = now();
  const run: SearchRun = { args, callIndex, plan, jobs: [], guardLog: [], perturbations: [], retrieveMs: 0 };
  if (plan.error) {
    run.perturbations.push(`error:${plan.error.type}`);
    return run;
  }
  const { world, profile, guard, seed } = session;
  const perturbing = !isProfileOff(profile);
  const rngs = perturbing ? args.queries.map((_, i) => queryRng(seed, callIndex, i)) : [];
  const failures = perturbing ? planPartialFailures(profile, rngs) : [];
  args.queries.forEach((raw, index) => {
    const query = prepareQuery(raw);
    const failure = failures[index];
    const view = guard && !failure ? guard.view({ world, taskId: session.taskId, query, log: logFor(run, index) }) : { world };
    const searched = view.world;
    const buildSnippet = createSnippetBuilder(searched, query);
    const job: QueryJob = { index, query, world: searched, firstRank: 1, hasMore: false, buildSnippet, selection: { hits: [] }, spares: [], rng: rngs[index] };
    run.jobs.push(job);
    if (failure) {
      job.error = failure;
      run.perturbations.push(`query_failed:${index}`);
      return;
    }
    const size = perturbing ? pageSizeFor(profile, seed, query.text) : null;
    const pageSize = size ?? RESULTS_PER_PAGE;
    if (size !== null) run.perturbations.push(`page_size:${index}:${size}`);
    const offset = (args.page - 1) * pageSize;
    job.firstRank = offset + 1;
    const ranked = searched.retrieve(query, offset + pageSize + SPARE_RESULTS);
    job.hasMore = ranked.length > offset + pageSize;
    let window = ranked.slice(offset);
    if (perturbing && profile.irrelevantRate > 0) {
      const mixed = mixIrrelevant(window, pageSize, ranked, searched, profile, job.rng!.fork('irrelevant'));
      window = mixed.candidates;
      if (mixed.inserted > 0) run.perturbations.push(`irrelevant:${index}:${mixed.inserted}`);
    }
    job.selection = selectDefault({ candidates: window, count: pageSize, buildSnippet });
    if (view.note) job.selection.note = view.note;
    const shown = new Set(job.selection.hits.map((h) => h.candidate));
    job.spares = window.filter((c) => !shown.has(c));
  });
  run.retrieveMs = now() - t0;
  return run;
}

/** What the renderer gets for each query that has no error (undefined for the others). */
export function renderInputs(session: Session, run: SearchRun): (RenderSearchInput | undefined)[] {
  return run.jobs.map((job) =>
    job.error
      ? undefined
      : {
          world: job.world,
          taskId: session.taskId,
          seed: session.seed,
          callIndex: run.callIndex,
          queryIndex: job.index,
          query: job.query,
          hits: job.selection.hits,
          firstRank: job.firstRank,
          history: session,
          guardNote: job.selection.note,
        },
  );
}

export interface SearchOutcome {
  text: string;
  json: SearchObservationJson;
  error?: ObservationError;
  renderer: string;
}

export function finishSearch(session: Session, run: SearchRun, outputs: readonly (RenderSearchOutput | undefined)[]): SearchOutcome {
  const { profile, guard, world } = session;
  const perturbing = !isProfileOff(profile);
  const renderers = new Set<string>();
  const blocks: QueryBlock[] = run.jobs.map((job, i) => {
    const block: QueryBlock = { query: job.query.text, page: run.args.page, firstRank: job.firstRank, results: [], hasMore: false };
    if (job.error) return { ...block, error: job.error };
    const output = outputs[i];
    let results: RenderedResult[] = output?.results ?? [];
    if (output) renderers.add(output.renderer);
    if (perturbing && (profile.snippetMissingRate > 0 || profile.snippetTruncateRate > 0)) {
      const p = perturbSnippets(results, profile, job.rng!.fork('snippets'));
      results = p.results;
      if (p.truncated > 0) run.perturbations.push(`snippet_truncated:${job.index}:${p.truncated}`);
      if (p.missing > 0) run.perturbations.push(`snippet_missing:${job.index}:${p.missing}`);
    }
    if (guard) {
      const log = logFor(run, job.index);
      results = guard.backstop({
        world,
        taskId: session.taskId,
        query: job.query,
        buildSnippet: job.buildSnippet,
        log,
        results,
        selection: job.selection,
        spares: job.spares,
      });
    }
    return { ...block, results, hasMore: job.hasMore };
  });
  const error = run.plan.error;
  return {
    ...formatSearch(blocks, error),
    ...(error ? { error } : {}),
    renderer: renderers.size > 0 ? [...renderers].join(',') : session.renderer.name,
  };
}
