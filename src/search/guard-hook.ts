/**
 * Where the leakage guard plugs into the search pipeline. A session may carry a `SearchGuard`; the
 * pipeline calls it twice per query:
 *
 *   retrieve → [perturb: irrelevant pages mixed in] → guard.selectResults → renderer
 *            → [perturb: snippets cut or dropped] → guard.backstop → observation
 *
 * `selectResults` chooses which candidates to show and builds their snippets (it may exclude passages
 * with the snippet builder's predicate, or skip a candidate and take a spare, keeping the count);
 * `backstop` sees the final results whichever renderer wrote them and may replace any of them.
 * Decisions go to `log` and end up in the call's metadata, never in what the agent reads.
 * With no guard, `selectDefault` is used and the results are unchanged.
 */
import type { PreparedQuery } from './query.js';
import type { Candidate, Hit, RenderedResult, SnippetBuilder } from './types.js';
import type { SearchWorld } from './world-index.js';

/** One logged guard decision (free-form beyond `stage`; kept out of the agent's observation). */
export interface GuardDecision {
  stage: 'select' | 'backstop';
  [key: string]: unknown;
}

interface GuardContext {
  world: SearchWorld;
  /** The task the session is bound to, or null. */
  taskId: string | null;
  query: PreparedQuery;
  /** The builder of snippets for this query; pass `exclude` to skip passages and refill. */
  buildSnippet: SnippetBuilder;
  /** Record a decision: a new object each time, which the log keeps (and tags with the query). */
  log(decision: GuardDecision): void;
}

export interface GuardSelectInput extends GuardContext {
  /**
   * Ranked candidates from the requested page's offset on (perturbation insertions included). The
   * first `count` are the default results; the rest are spares to take instead of a withheld one.
   */
  candidates: readonly Candidate[];
  /** How many results to return (fewer only when the candidates run out). */
  count: number;
}

export interface GuardSelection {
  hits: Hit[];
  /** Anything the guard wants the renderer and its own backstop to know (e.g. "query is related"). */
  note?: Readonly<Record<string, unknown>>;
}

export interface GuardBackstopInput extends GuardContext {
  /** The final results, after the renderer and the snippet perturbations, in display order. */
  results: readonly RenderedResult[];
  /** What `selectResults` returned. */
  selection: GuardSelection;
  /** Candidates offered but not shown, in rank order: replacements for a result the backstop drops. */
  spares: readonly Candidate[];
}

export interface SearchGuard {
  selectResults(input: GuardSelectInput): GuardSelection;
  backstop(input: GuardBackstopInput): RenderedResult[];
  /**
   * Build what the guard needs for a task before its first search: a session bound to the task calls
   * this when it is created, so a rollout's first search does not pay for it (a task's knowledge is
   * shared by every session bound to it).
   */
  prepare?(world: SearchWorld, taskId: string): void;
}

/** No guard: the first `count` candidates with their query-focused snippets. */
export function selectDefault(input: Pick<GuardSelectInput, 'candidates' | 'count' | 'buildSnippet'>): GuardSelection {
  return { hits: input.candidates.slice(0, input.count).map((candidate) => ({ candidate, snippet: input.buildSnippet(candidate) })) };
}
