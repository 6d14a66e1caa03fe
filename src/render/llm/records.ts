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
import { collapseSpaces } from '../../text.js';

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

/** A page's passages by id (kept per passage list: worlds hand out the same list for a page every time). */
const byIdMemo = new WeakMap<readonly PassageRecord[], Map<number, PassageRecord>>();

function passagesById(list: readonly PassageRecord[]): Map<number, PassageRecord> {
  let m = byIdMemo.get(list);
  if (!m) byIdMemo.set(list, (m = new Map(list.map((p) => [p.id, p]))));
  return m;
}

const inPageOrder = (a: PassageRecord, b: PassageRecord) => a.ord - b.ord || a.id - b.id;

function choosePassages(input: RenderSearchInput, hitIndex: number, limit: number, allowed: (p: PassageRecord) => boolean): PassageRecord[] {
  const hit = input.hits[hitIndex]!;
  const list = input.world.passagesOf(hit.candidate.page.id);
  const byId = passagesById(list);
  // In order of preference: the passages the snippet came from, the query's other matches on the page,
  // then the page in order; each once, within the budget of characters, until `limit` are chosen.
  // (Pages have a handful of passages: plain arrays beat sets here.)
  const chosen: PassageRecord[] = [];
  const seen: number[] = [];
  let chars = 0;
  const consider = (p: PassageRecord | undefined) => {
    if (p === undefined || p.ord <= 0 || seen.includes(p.id) || !allowed(p)) return;
    seen.push(p.id);
    if (chosen.length > 0 && chars + p.text.length > RECORD_CHARS) return;
    chosen.push(p);
    chars += p.text.length;
  };
  const ids = hit.snippet.passageIds;
  for (let i = 0; i < ids.length && chosen.length < limit; i++) consider(byId.get(ids[i]!));
  const matches = hit.candidate.passages;
  for (let i = 0; i < matches.length && chosen.length < limit; i++) consider(byId.get(matches[i]!.id));
  for (let i = 0; i < list.length && chosen.length < limit; i++) consider(list[i]);
  for (let i = 1; i < chosen.length; i++) if (inPageOrder(chosen[i - 1]!, chosen[i]!) > 0) return chosen.sort(inPageOrder);
  return chosen;
}

export function buildRecords(input: RenderSearchInput, passagesPerPage: number): RecordSet {
  const related = queryRelatedness(input);
  const withheld = related === false ? guardContext(input.world, input.taskId!) : null;
  const allowed = withheld ? (p: PassageRecord) => !withheld.blocked(p) : () => true;
  const records = input.hits.map((hit, i): PromptRecord => {
    const page = hit.candidate.page;
    return {
      rank: input.firstRank + i,
      pageId: page.id,
      url: page.url,
      title: page.title,
      site: page.site,
      date: formatShortDate(page.published),
      passages: choosePassages(input, i, passagesPerPage, allowed),
      irrelevant: hit.candidate.irrelevant === true,
    };
  });
  let answer: string | null = null;
  if (related === true) {
    const task = input.world.task(input.taskId!);
    if (task) answer = task.answerText.length > ANSWER_CHARS ? `${task.answerText.slice(0, ANSWER_CHARS)} ...` : task.answerText;
  }
  return { records, related, answer, withheld };
}

/** A passage as the prompt lists it, on one line (kept per passage: the same passages come again and again). */
const lineMemo = new WeakMap<PassageRecord, string>();

function passageLine(p: PassageRecord): string {
  let line = lineMemo.get(p);
  if (line === undefined) lineMemo.set(p, (line = `- ${collapseSpaces(p.text)}`));
  return line;
}

/** The records as the prompt shows them. */
export function formatRecords(records: readonly PromptRecord[]): string {
  return records
    .map((r) => {
      const lines = [`<record rank="${r.rank}">`, `URL: ${r.url}`, `Title: ${r.title}`, `Site: ${r.site}`, `Date: ${r.date}`];
      if (r.irrelevant) lines.push('Note: this page is only loosely related to the query; describe it plainly.');
      lines.push('Passages:', ...r.passages.map(passageLine), '</record>');
      return lines.join('\n');
    })
    .join('\n\n');
}
