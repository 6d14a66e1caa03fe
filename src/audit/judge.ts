/**
 * The audit's judge: does a result, exactly as the agent read it (the JSON observation: title,
 * snippet, formatted date line), show the answer? It works from the observation alone, not from the
 * guard's bookkeeping (which passages a snippet came from), so it also checks whatever happened after
 * the guard decided, and whichever renderer wrote the text:
 *
 * - provenance: a passage of the result's page that states an answer fact and whose shown part (whole,
 *   or cut) writes that fact's value;
 * - text: the answer detector over title, snippet and date line, each form judged in the passage it
 *   came from (the exemption), or against the facts of the page when no passage accounts for it.
 */
import type { SearchResultJson } from '../render/observation.js';
import { exposes, type GuardContext } from '../leakage/guard-context.js';

export interface LeakFinding {
  rank: number;
  url: string;
  title: string;
  snippet: string | null;
  date: string;
  /** Answer facts whose value a shown passage writes. */
  factIds: number[];
  /** Matched forms, as "how:form" (e.g. "rounded:1.2 million", "month_year:march 2029"). */
  forms: string[];
  partialOnly: boolean;
}

/** The leak findings of one query's results (empty when nothing shows the answer). */
export function judgeResults(ctx: GuardContext, results: readonly SearchResultJson[]): LeakFinding[] {
  const out: LeakFinding[] = [];
  for (const r of results) {
    const page = ctx.world.pageAt(r.url);
    // The date line is judged as written (no fact states it, so nothing exempts it).
    const exposure = ctx.resultExposure({ documentId: page?.id ?? -1, title: r.title, snippet: r.snippet, passageIds: [], date: null });
    if (r.date && r.date !== 'N/A') exposure.detections.push(...ctx.detector.scan(r.date).detections);
    if (!exposes(exposure)) continue;
    out.push({
      rank: r.rank,
      url: r.url,
      title: r.title,
      snippet: r.snippet,
      date: r.date,
      factIds: exposure.factIds,
      forms: exposure.detections.map((d) => `${d.how}:${d.form}`),
      partialOnly: exposure.factIds.length === 0 && exposure.detections.every((d) => d.strength === 'partial'),
    });
  }
  return out;
}
