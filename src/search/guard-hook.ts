/**
 * Where the leakage guard plugs into the search pipeline. A session may carry a `SearchGuard`; the
 * pipeline calls it twice per query:
 *
 *   guard.view → retrieve → [perturb: irrelevant pages mixed in] → first `count` results → renderer
 *              → [perturb: snippets cut or dropped] → guard.backstop → observation
 *
 * `view` runs before retrieval and says which world the query searches: the session's world, or a
 * smaller one (the world without the passages the guard must not show, `SearchWorld.without`, made
 * once per task when the session is created). Retrieval, ranking, snippets, pagination and the date
 * line then run on that world by the same code as an unguarded search, so what a guarded query shows
 * is what an unguarded search of the smaller world shows, with no mark of anything left out.
 * `backstop` sees the final results whichever renderer wrote them and may replace any of them.
 * Decisions go to `log` and end up in the call's metadata, never in what the agent reads.
 * With no guard, the session's world is searched and the results are unchanged.
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
  /** The session's world. */
  world: SearchWorld;
  /** The task the session is bound to, or null. */
  taskId: string | null;
  query: PreparedQuery;
  /** Record a decision: a new object each time, which the log keeps (and tags with the query). */
  log(decision: GuardDecision): void;
}

export type GuardViewInput = GuardContext;

/** The world one query searches, and what the renderer and the backstop may know of the decision. */
export interface GuardView {
  world: SearchWorld;
  /** Anything the guard wants the renderer and its own backstop to know (e.g. "query is related"). */
  note?: Readonly<Record<string, unknown>>;
}

export interface GuardSelection {
  hits: Hit[];
  /** The view's note. */
  note?: Readonly<Record<string, unknown>>;
}

export interface GuardBackstopInput extends GuardContext {
  /** The builder of snippets over the world the query searched; pass `exclude` to skip passages and refill. */
  buildSnippet: SnippetBuilder;
  /** The final results, after the renderer and the snippet perturbations, in display order. */
  results: readonly RenderedResult[];
  /** The results as retrieval chose them (hits with their snippets), with the view's note. */
  selection: GuardSelection;
  /** Candidates retrieved but not shown, in rank order: replacements for a result the backstop drops. */
  spares: readonly Candidate[];
}

export interface SearchGuard {
  view(input: GuardViewInput): GuardView;
  backstop(input: GuardBackstopInput): RenderedResult[];
  /**
   * Build what the guard needs for a task before its first search (its view of the world among it): a
   * session bound to the task calls this when it is created, so no search pays for it (a task's
   * knowledge is shared by every session bound to it).
   */
  prepare?(world: SearchWorld, taskId: string): void;
}

/** The first `count` candidates with their query-focused snippets: every search's selection. */
export function selectDefault(input: { candidates: readonly Candidate[]; count: number; buildSnippet: SnippetBuilder }): GuardSelection {
  return { hits: input.candidates.slice(0, input.count).map((candidate) => ({ candidate, snippet: input.buildSnippet(candidate) })) };
}
