/**
 * The leakage guard: the last step before search results reach an agent in a session bound to a task.
 * For a query related to the task (relatedness.ts) the session's world is searched and results pass
 * unchanged. For an unrelated query the guard's view is searched (guard-view.ts): the world as if the
 * passages stating protected facts, and the pages whose title or date shows the answer, did not exist.
 * Retrieval, bm25's statistics, ranking, snippets, pagination and date lines are that smaller world's,
 * by the same code as any search, so nothing is visibly withheld: no extra ellipses, no shorter
 * snippets, no short first page, and a right guess reads like a value the world does not state.
 *
 * The backstop checks the final results of an unrelated query again, whichever renderer wrote them
 * (provenance, then the text detector with the exemption): a result that is not the view's own
 * (a world model's, a perturbed snippet) or that shows a passage cut (a cut can keep a form of the
 * answer and drop the words that exempted it) is judged, and a failing one is rebuilt from its page or
 * replaced by the next safe candidate. Every decision is logged to the call's metadata, never to the agent.
 */
import type { GuardBackstopInput, GuardDecision, GuardView, GuardViewInput, SearchGuard } from '../search/guard-hook.js';
import type { Candidate, Hit, RenderedResult, SnippetBuilder } from '../search/types.js';
import type { SearchWorld } from '../search/world-index.js';
import { resultFromHit } from '../search/result.js';
import { exposes, guardContext, type Exposure, type GuardContext } from './guard-context.js';
import { guardView, hiddenFor } from './guard-view.js';
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

/** Which world a query searches: the session's for a related query, the task's view for any other. */
function view(input: GuardViewInput): GuardView {
  const { world, taskId, query, log } = input;
  if (!taskId) return { world };
  const ctx = guardContext(world, taskId);
  const rel = classifyQuery(ctx, query.text);
  const hidden = rel.related ? undefined : hiddenFor(ctx);
  log({
    stage: 'select',
    taskId,
    related: rel.related,
    named: rel.named,
    answerInTop: rel.answerInTop,
    removedForms: rel.removed,
    ...(hidden ? { hiddenPassages: hidden.passages.size, hiddenPages: hidden.pages.size } : {}),
    changes: [],
  });
  return rel.related ? { world, note: { related: true } } : { world: guardView(ctx), note: { related: false } };
}

/**
 * Is `r` the view's own result for `hit` (the page's title, date line and URL, the snippet retrieval
 * built) with every passage of its snippet shown whole? Then it shows nothing the view does not hold,
 * and the view holds nothing the guard blocks.
 */
function ownWhole(world: SearchWorld, r: RenderedResult, hit: Hit | undefined): boolean {
  if (!hit || hit.snippet.cutIds.length > 0) return false;
  const page = world.page(r.documentId);
  return (
    page !== undefined && r.title === page.title && r.date === page.published && r.url === page.url && (r.snippet === null || r.snippet === hit.snippet.text)
  );
}

function backstop(input: GuardBackstopInput): RenderedResult[] {
  const { world, taskId, results, selection, spares, buildSnippet, log } = input;
  if (!taskId || selection.note?.related !== false) return [...results];
  const hitOf = new Map<number, Hit>();
  for (const h of selection.hits) hitOf.set(h.candidate.page.id, h);
  // The common case, the template's results as the view gave them: nothing to re-check or rebuild.
  if (results.every((r) => ownWhole(world, r, hitOf.get(r.documentId)))) return [...results];
  const ctx = guardContext(world, taskId);
  const shown = new Set(results.map((r) => r.documentId));
  const queue = spares.filter((c) => !shown.has(c.page.id));
  const out: RenderedResult[] = [];
  const changes: (GuardChange & { exposure: ReturnType<typeof describe> })[] = [];
  for (const r of results) {
    if (ownWhole(world, r, hitOf.get(r.documentId))) {
      out.push(r);
      continue;
    }
    const exposure = ctx.resultExposure(r);
    if (!exposes(exposure)) {
      out.push(r);
      continue;
    }
    const own = hitOf.get(r.documentId)?.candidate;
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

/** The leakage guard. Stateless: per-task knowledge (its context and view) is cached on the open world. */
export function createLeakGuard(): SearchGuard {
  return { view, backstop, prepare: (world, taskId) => void guardView(guardContext(world, taskId)) };
}

/** Whether a guard-on call changed any result, from the decisions it logged. */
export function guardChanges(decisions: readonly GuardDecision[]): GuardChange[] {
  return decisions.flatMap((d) => (Array.isArray(d.changes) ? (d.changes as GuardChange[]) : []));
}
