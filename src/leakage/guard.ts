/**
 * The leakage guard: the last step before search results reach an agent in a session bound to a task.
 * For a query related to the task (relatedness.ts) results pass unchanged. For an unrelated query no
 * title, snippet or date line states an answer fact or shows the answer in any surface form:
 *
 * - selection: a result whose title or date line shows the answer is skipped for the next candidate;
 *   a snippet that would show a blocked passage (one stating an answer fact, or showing the answer
 *   where no non-answer fact of the passage exempts it) is rebuilt from the page's other passages,
 *   to its usual length (a passage shown cut is judged on the part shown, and left out too when that
 *   part shows the answer); a page with nothing safe to show is skipped for the next candidate;
 * - backstop: the final results, whichever renderer wrote them, are checked again (provenance, then
 *   the text detector with the exemption); a failing result is rebuilt from its page or replaced by
 *   the next safe candidate.
 *
 * Nothing visible marks a change: no "[redacted]", the same number of results while candidates last,
 * snippets cut by the same builder. Every decision is logged to the call's metadata, never to the agent.
 */
import type { GuardBackstopInput, GuardDecision, GuardSelectInput, GuardSelection, SearchGuard } from '../search/guard-hook.js';
import { selectDefault } from '../search/guard-hook.js';
import type { Candidate, Hit, RenderedResult, SnippetBuilder } from '../search/types.js';
import type { SearchWorld } from '../search/world-index.js';
import { resultFromHit } from '../search/result.js';
import { exposes, guardContext, type Exposure, type GuardContext } from './guard-context.js';
import { classifyQuery } from './relatedness.js';

/** One result the guard changed, as logged for the audit. */
export interface GuardChange {
  documentId: number;
  /** refilled: same page, another snippet; skipped: the page gave way to the next candidate. */
  action: 'refilled' | 'skipped' | 'replaced' | 'dropped';
  reason: 'provenance' | 'text' | 'title' | 'date' | 'no_safe_snippet' | 'backstop';
  /** Whether the guard found the answer in what it withheld (the audit judges this independently). */
  showedAnswer: boolean;
}

/** Summary of an exposure for the log: answer fact ids and how forms matched, never the forms themselves. */
function describe(e: Exposure): { factIds: number[]; matches: string[] } {
  return { factIds: e.factIds, matches: e.detections.map((d) => `${d.kind}:${d.how}:${d.strength}`) };
}

/** Refills of one page's snippet at most, each leaving out more passages, before the page is skipped. */
const MAX_REFILLS = 8;

/** A passage of the world that the guard may show whole. */
function safePassage(ctx: GuardContext, id: number): boolean {
  const known = ctx.blockedVerdict(id);
  if (known !== undefined) return !known;
  const p = ctx.world.passage(id);
  return p !== undefined && !ctx.blocked(p);
}

/** Is every passage of `ids` one the guard may show whole? */
function allSafe(ctx: GuardContext, ids: readonly number[]): boolean {
  for (let i = 0; i < ids.length; i++) if (!safePassage(ctx, ids[i]!)) return false;
  return true;
}

/** A hit for `candidate` that shows nothing of the answer, or null when the page cannot give one. */
function safeHit(ctx: GuardContext, candidate: Candidate, buildSnippet: SnippetBuilder): { hit: Hit | null; change?: GuardChange } {
  const { page } = candidate;
  const line = ctx.pageShows(page);
  if (line) return { hit: null, change: { documentId: page.id, action: 'skipped', reason: line, showedAnswer: true } };
  const snippet = buildSnippet(candidate);
  // Fast path: a snippet of whole passages that are each safe is safe. A passage shown cut (the
  // builder says which) is judged on the part shown: a cut can keep a form of the answer (the first
  // word of a name) and drop the words of the fact that exempted it.
  if (snippet.cutIds.length === 0 && allSafe(ctx, snippet.passageIds)) return { hit: { candidate, snippet } };
  const exposure = ctx.snippetExposure(snippet.text, snippet.passageIds, page.id);
  if (!exposes(exposure)) return { hit: { candidate, snippet } };
  const reason = exposure.factIds.length > 0 ? 'provenance' : 'text';
  // Refill without the blocked passages; while the refill still shows the answer through a passage it
  // cut, leave that passage out too.
  const left = new Set<number>();
  for (let round = 0; round < MAX_REFILLS; round++) {
    const safe = buildSnippet(candidate, (p) => left.has(p.id) || ctx.blocked(p));
    if (safe.text.length === 0) break;
    if (!exposes(ctx.snippetExposure(safe.text, safe.passageIds, page.id))) {
      return { hit: { candidate, snippet: safe }, change: { documentId: page.id, action: 'refilled', reason, showedAnswer: true } };
    }
    const cut = safe.cutIds.filter((id) => !left.has(id));
    if (cut.length === 0) break;
    for (const id of cut) left.add(id);
  }
  return { hit: null, change: { documentId: page.id, action: 'skipped', reason: 'no_safe_snippet', showedAnswer: true } };
}

function selectResults(input: GuardSelectInput): GuardSelection {
  const { world, taskId, query, candidates, count, buildSnippet, log } = input;
  if (!taskId) return selectDefault(input);
  const ctx = guardContext(world, taskId);
  const rel = classifyQuery(ctx, query.text);
  const decision = (changes: GuardChange[]): GuardDecision => ({
    stage: 'select',
    taskId,
    related: rel.related,
    named: rel.named,
    answerInTop: rel.answerInTop,
    removedForms: rel.removed,
    changes,
  });
  if (rel.related) {
    log(decision([]));
    return { ...selectDefault(input), note: { related: true } };
  }
  const hits: Hit[] = [];
  const changes: GuardChange[] = [];
  for (const candidate of candidates) {
    if (hits.length >= count) break;
    const { hit, change } = safeHit(ctx, candidate, buildSnippet);
    if (change) changes.push(change);
    if (hit) hits.push(hit);
  }
  const logged = decision(changes);
  logged.shown = hits.length;
  logged.wanted = Math.min(count, candidates.length);
  log(logged);
  const checked: (number | string)[] = [];
  for (const h of hits) checked.push(h.candidate.page.id, h.snippet.text);
  const selection: CheckedSelection = { hits, note: { related: false }, [CHECKED]: checked };
  return selection;
}

/**
 * What the selection checked, as it was (page id, snippet text, ...): the backstop re-checks only what
 * a renderer changed. Under a symbol only this module holds, so no other selection can claim it.
 */
const CHECKED = Symbol('checked snippets');
type CheckedSelection = GuardSelection & { [CHECKED]?: readonly (number | string)[] };

/** Is `r` exactly a result the selection checked (the page's own title, date line and checked snippet)? */
function unchanged(world: SearchWorld, r: RenderedResult, selection: CheckedSelection): boolean {
  const checked = selection[CHECKED];
  if (!checked) return false;
  let snippet: unknown;
  for (let i = 0; i < checked.length && snippet === undefined; i += 2) if (checked[i] === r.documentId) snippet = checked[i + 1];
  if (snippet === undefined) return false;
  const page = world.page(r.documentId);
  return page !== undefined && r.title === page.title && r.date === page.published && r.url === page.url && (r.snippet === null || r.snippet === snippet);
}

function backstop(input: GuardBackstopInput): RenderedResult[] {
  const { world, taskId, query, results, selection, spares, buildSnippet, log } = input;
  if (!taskId) return [...results];
  // The common case, the template's results as this guard selected them for this unrelated query:
  // nothing to re-check or rebuild.
  if (results.every((r) => unchanged(world, r, selection))) return [...results];
  const ctx = guardContext(world, taskId);
  if (classifyQuery(ctx, query.text).related) return [...results];
  const byPage = new Map<number, Candidate>();
  for (const h of selection.hits) byPage.set(h.candidate.page.id, h.candidate);
  const shown = new Set(results.map((r) => r.documentId));
  const queue = spares.filter((c) => !shown.has(c.page.id));
  const out: RenderedResult[] = [];
  const changes: (GuardChange & { exposure: ReturnType<typeof describe> })[] = [];
  for (const r of results) {
    if (unchanged(world, r, selection)) {
      out.push(r);
      continue;
    }
    const exposure = ctx.resultExposure(r);
    if (!exposes(exposure)) {
      out.push(r);
      continue;
    }
    const own = byPage.get(r.documentId);
    const rebuilt = own ? safeHit(ctx, own, buildSnippet).hit : null;
    if (rebuilt && !exposes(ctx.resultExposure(resultFromHit(rebuilt)))) {
      out.push(resultFromHit(rebuilt));
      changes.push({ documentId: r.documentId, action: 'refilled', reason: 'backstop', showedAnswer: true, exposure: describe(exposure) });
      continue;
    }
    let replaced = false;
    while (queue.length > 0 && !replaced) {
      const next = queue.shift()!;
      const hit = safeHit(ctx, next, buildSnippet).hit;
      if (hit && !exposes(ctx.resultExposure(resultFromHit(hit)))) {
        out.push(resultFromHit(hit));
        replaced = true;
      }
    }
    changes.push({ documentId: r.documentId, action: replaced ? 'replaced' : 'dropped', reason: 'backstop', showedAnswer: true, exposure: describe(exposure) });
  }
  if (changes.length > 0) log({ stage: 'backstop', taskId, changes });
  return out;
}

/** The leakage guard. Stateless: per-task knowledge is cached on the open world. */
export function createLeakGuard(): SearchGuard {
  return { selectResults, backstop, prepare: (world, taskId) => void guardContext(world, taskId) };
}

/** Whether a guard-on call changed any result, from the decisions it logged. */
export function guardChanges(decisions: readonly GuardDecision[]): GuardChange[] {
  return decisions.flatMap((d) => (Array.isArray(d.changes) ? (d.changes as GuardChange[]) : []));
}
