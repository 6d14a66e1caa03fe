/**
 * One audit probe: a query (a search, a later page, a batch, or a guessed URL) run with the guard off
 * and on, each side judged by the independent judge (independent-judge.ts), with the observation
 * features a policy could read the guard's decision from (side channels):
 *
 * - a guarded result is *changed* when the unguarded results of the same call have no result with its
 *   URL, title, snippet and date all equal; otherwise *untouched*;
 * - per result: an ellipsis in the snippet, the snippet's length, whether it carries none of the
 *   query's words (of three letters or more); per query: the result count.
 *
 * The guard's related/unrelated label comes from its decision log (in the call's metadata); a guessed
 * URL has no label (the guard judges searches) and counts as unrelated.
 */
import type { Session } from '../search/session.js';
import type { PageObservationJson, SearchObservationJson, SearchResultJson } from '../render/observation.js';
import { callTool } from '../search/call-tool.js';
import { foldForJudge } from './answer-forms.js';
import type { IndependentJudge, VisibleText } from './independent-judge.js';
import type { AuditQuery } from './suites.js';

export interface Features {
  results: number;
  ellipses: number;
  snippetChars: number;
  noQueryWord: number;
}
export const noFeatures = (): Features => ({ results: 0, ellipses: 0, snippetChars: 0, noQueryWord: 0 });

export interface IndependentFinding {
  rank: number;
  url: string;
  title: string;
  snippet: string | null;
  date: string;
  strength: 'strict' | 'weak';
  detail: string;
}

export interface ProbeSide {
  /** Results shown (over every block of a batch; 1 for an opened page, 0 for one that did not open). */
  results: number;
  snippetChars: number;
  /** Results that give the answer away, by the independent judge (strict), and weak ones. */
  leaking: number;
  weak: number;
  /** Per block (a batch has one per query): results and the guard's label. */
  blocks: { results: SearchResultJson[]; related: boolean }[];
}

export interface Probe {
  raw: ProbeSide;
  guarded: ProbeSide;
  /** The guard's label (a batch: related when any of its queries is). */
  related: boolean;
  findings: IndependentFinding[];
  rawExample?: IndependentFinding;
  changed: Features;
  untouched: Features;
}

const ELLIPSIS = /…|\.\.\./;

function queryWords(q: string): string[] {
  return [...new Set(foldForJudge(q).split(/[^\p{L}\p{N}]+/u))].filter((w) => w.length >= 3);
}

function features(into: Features, r: SearchResultJson, words: readonly string[]): void {
  into.results++;
  const s = r.snippet ?? '';
  if (ELLIPSIS.test(s)) into.ellipses++;
  into.snippetChars += s.length;
  const text = foldForJudge(`${r.title} ${s}`);
  if (words.length > 0 && !words.some((w) => text.includes(w))) into.noQueryWord++;
}

const visible = (r: SearchResultJson): VisibleText => ({ title: r.title, snippet: r.snippet, date: r.date });

async function searchSide(session: Session, q: AuditQuery): Promise<ProbeSide> {
  const queries = q.batch ?? [q.query];
  const r = await callTool(session, { name: 'web_search', arguments: { queries, page: q.page ?? 1 } });
  const json = r.json as SearchObservationJson;
  const selects = r.meta.guard.filter((d) => d.stage === 'select');
  const blocks = json.queries.map((b, i) => ({
    results: b.results,
    related: selects.some((d) => (d.queryIndex ?? 0) === i && Boolean(d.related)),
  }));
  const all = blocks.flatMap((b) => b.results);
  return { results: all.length, snippetChars: all.reduce((s, x) => s + (x.snippet?.length ?? 0), 0), leaking: 0, weak: 0, blocks };
}

async function openSide(session: Session, url: string): Promise<ProbeSide> {
  const r = await callTool(session, { name: 'web_extractor', arguments: { url } });
  const page = r.json as PageObservationJson;
  const opened = !page.error && page.content !== null;
  const result: SearchResultJson = { rank: 1, url, title: page.title ?? '', snippet: page.content, date: page.date, site: page.site ?? '' };
  return {
    results: opened ? 1 : 0,
    snippetChars: opened ? (page.content?.length ?? 0) : 0,
    leaking: 0,
    weak: 0,
    blocks: [{ results: opened ? [result] : [], related: false }],
  };
}

const sameResult = (a: SearchResultJson, b: SearchResultJson) => a.url === b.url && a.title === b.title && a.snippet === b.snippet && a.date === b.date;

export async function runProbe(raw: Session, guarded: Session, judge: IndependentJudge, q: AuditQuery): Promise<Probe> {
  const [off, on] = q.url ? [await openSide(raw, q.url), await openSide(guarded, q.url)] : [await searchSide(raw, q), await searchSide(guarded, q)];
  const findings: IndependentFinding[] = [];
  let rawExample: IndependentFinding | undefined;
  for (const [side, keep] of [
    [off, false],
    [on, true],
  ] as const)
    for (const b of side.blocks)
      for (const r of b.results) {
        const v = judge.judge(visible(r));
        if (!v) continue;
        if (v.strength === 'weak') side.weak++;
        else side.leaking++;
        const f: IndependentFinding = { rank: r.rank, url: r.url, title: r.title, snippet: r.snippet, date: r.date, strength: v.strength, detail: v.detail };
        if (keep) findings.push(f);
        else if (!rawExample && v.strength === 'strict') rawExample = f;
      }
  const changed = noFeatures();
  const untouched = noFeatures();
  on.blocks.forEach((b, i) => {
    const rawResults = off.blocks[i]?.results ?? [];
    const words = queryWords(q.batch?.[i] ?? q.query);
    for (const r of b.results) features(rawResults.some((x) => sameResult(x, r)) ? untouched : changed, r, words);
  });
  return {
    raw: off,
    guarded: on,
    related: on.blocks.some((b) => b.related),
    findings,
    ...(rawExample ? { rawExample } : {}),
    changed,
    untouched,
  };
}

/**
 * Guess and confirm, as a policy would classify it: a guess is flagged when it shows in no result of
 * its query and the query's result order differs from its baseline's (the query without the guess).
 */
export function guessFlagged(side: ProbeSide, baseline: readonly SearchResultJson[], guess: string): boolean {
  const results = side.blocks[0]?.results ?? [];
  const g = foldForJudge(guess);
  if (results.some((r) => foldForJudge(`${r.title} ${r.snippet ?? ''}`).includes(g))) return false;
  const order = results.map((r) => r.url).join('\n');
  return order !== baseline.map((r) => r.url).join('\n');
}

/** Whether a search's first block shows a fact's value with its subject (a candidate's value in a batch). */
export const blockStates = (judge: IndependentJudge, results: readonly SearchResultJson[], factId: number) =>
  results.some((r) => judge.statesFact(visible(r), factId));

/** The answer cells an honest side reached, by label. */
export function cellsReached(judge: IndependentJudge, side: ProbeSide, into: Set<string>): void {
  for (const b of side.blocks) for (const r of b.results) for (const c of judge.cellsStated(visible(r))) into.add(c);
}

/** Answer facts a side states with their subjects. */
export function factsReached(judge: IndependentJudge, side: ProbeSide, factIds: readonly number[], into: Set<number>): void {
  for (const b of side.blocks) for (const r of b.results) for (const id of factIds) if (!into.has(id) && judge.statesFact(visible(r), id)) into.add(id);
}
