/**
 * The ground truth a world model gets for one query: for each result the pipeline chose, that page's
 * URL, title, site, date and some of its passages (those the snippet came from, then the query's other
 * matches on the page, then the page in order), and the target answer only for a related query.
 *
 * Relatedness is the leakage guard's: the note its selection passes to renderers, or (a session bound
 * to a task with the guard off, as in audits) the guard's own classifier. For a query that is not
 * related, passages the guard would block (stating an answer fact, or showing the answer) are never
 * given, and no answer is given: the world model cannot write what it never saw.
 */
import { formatShortDate } from '../../format.js';
import { guardContext, type GuardContext } from '../../leakage/guard-context.js';
import { classifyQuery } from '../../leakage/relatedness.js';
import type { PassageRecord } from '../../search/types.js';
import type { RenderSearchInput } from '../renderer.js';

/** Characters of passages given per page at most (the first passage is always given). */
export const RECORD_CHARS = 1600;
/** Characters of the target answer given at most. */
export const ANSWER_CHARS = 2000;

export interface PromptRecord {
  rank: number;
  pageId: number;
  url: string;
  title: string;
  site: string;
  /** The date line: "Mar 4, 2029" or "N/A". */
  date: string;
  /** The passages given, in page order. */
  passages: readonly PassageRecord[];
  /** A page mixed in by a perturbation (not a match for the query). */
  irrelevant: boolean;
}

export interface RecordSet {
  records: PromptRecord[];
  /** null: the session is bound to no task (there is no answer to give or withhold). */
  related: boolean | null;
  /** The target answer, for a related query only. */
  answer: string | null;
  /** The task's guard context when the query is not related (history is filtered with it). */
  withheld: GuardContext | null;
}

/** Is the query related to the session's task? null when there is no task. */
export function queryRelatedness(input: RenderSearchInput): boolean | null {
  if (!input.taskId) return null;
  const noted = input.guardNote?.related;
  if (typeof noted === 'boolean') return noted;
  return classifyQuery(guardContext(input.world, input.taskId), input.query.text).related;
}

function choosePassages(input: RenderSearchInput, hitIndex: number, limit: number, allowed: (p: PassageRecord) => boolean): PassageRecord[] {
  const hit = input.hits[hitIndex]!;
  const page = hit.candidate.page;
  const all = input.world.passagesOf(page.id).filter((p) => p.ord > 0 && allowed(p));
  const byId = new Map(all.map((p) => [p.id, p]));
  const order: PassageRecord[] = [];
  const seen = new Set<number>();
  const take = (p: PassageRecord | undefined) => {
    if (p && !seen.has(p.id)) {
      seen.add(p.id);
      order.push(p);
    }
  };
  for (const id of hit.snippet.passageIds) take(byId.get(id));
  for (const m of hit.candidate.passages) take(byId.get(m.id));
  for (const p of all) take(p);
  const chosen: PassageRecord[] = [];
  let chars = 0;
  for (const p of order) {
    if (chosen.length >= limit) break;
    if (chosen.length > 0 && chars + p.text.length > RECORD_CHARS) continue;
    chosen.push(p);
    chars += p.text.length;
  }
  return chosen.sort((a, b) => a.ord - b.ord || a.id - b.id);
}

export function buildRecords(input: RenderSearchInput, passagesPerPage: number): RecordSet {
  const related = queryRelatedness(input);
  const withheld = related === false ? guardContext(input.world, input.taskId!) : null;
  const allowed = withheld ? (p: PassageRecord) => !withheld.blocked(p) : () => true;
  const records = input.hits.map((hit, i): PromptRecord => {
    const page = hit.candidate.page;
    return {
      rank: input.firstRank + i, pageId: page.id, url: page.url, title: page.title, site: page.site, date: formatShortDate(page.published),
      passages: choosePassages(input, i, passagesPerPage, allowed), irrelevant: hit.candidate.irrelevant === true,
    };
  });
  let answer: string | null = null;
  if (related === true) {
    const task = input.world.task(input.taskId!);
    if (task) answer = task.answerText.length > ANSWER_CHARS ? `${task.answerText.slice(0, ANSWER_CHARS)} ...` : task.answerText;
  }
  return { records, related, answer, withheld };
}

/** The records as the prompt shows them. */
export function formatRecords(records: readonly PromptRecord[]): string {
  return records
    .map((r) => {
      const lines = [`<record rank="${r.rank}">`, `URL: ${r.url}`, `Title: ${r.title}`, `Site: ${r.site}`, `Date: ${r.date}`];
      if (r.irrelevant) lines.push('Note: this page is only loosely related to the query; describe it plainly.');
      lines.push('Passages:', ...r.passages.map((p) => `- ${p.text.replace(/\s+/g, ' ')}`), '</record>');
      return lines.join('\n');
    })
    .join('\n\n');
}
