/**
 * The session's earlier calls as the world model reads them (the "Historical Context"), so repeated
 * queries and opened pages stay consistent. Only the last few calls are given, each observation capped.
 * Opened pages are named (URL and title), never repeated whole: a page may state the answer. For a query
 * that is not related to the task, an earlier observation is left out as the prompt's passages are (its
 * call is still listed): one that shows the answer in any form the guard's detector knows, or states a
 * fact the task's family policy protects (a candidate's value, a final hop's fact).
 */
import type { GuardContext } from '../../leakage/guard-context.js';
import type { HistoryEntry } from '../../search/session.js';

/** Characters of one earlier observation given at most. */
export const HISTORY_OBSERVATION_CHARS = 1500;

function cap(text: string): string {
  return text.length > HISTORY_OBSERVATION_CHARS ? `${text.slice(0, HISTORY_OBSERVATION_CHARS)} ...` : text;
}

/** What identifies the history for the cache key (cheap: no detector run). */
export function historyKey(entries: readonly HistoryEntry[]): unknown[] {
  return entries.map((e) => [e.callIndex, e.name, e.arguments, cap(e.text)]);
}

function describe(e: HistoryEntry, withheld: GuardContext | null): string {
  const call = `Call ${e.callIndex + 1}: ${e.name} ${JSON.stringify(e.arguments)}`;
  if (e.name === 'web_extractor') {
    if (e.error || !e.page) return `${call}\nObservation: ${cap(e.text)}`;
    return `${call}\nObservation: the page "${e.page.title}" (${e.page.url}) opened; its content is not repeated here.`;
  }
  const text = cap(e.text);
  if (withheld?.statesProtected(text)) return `${call}\nObservation: (not repeated here)`;
  return `${call}\nObservation:\n${text}`;
}

export function formatHistory(entries: readonly HistoryEntry[], withheld: GuardContext | null): string {
  if (entries.length === 0) return 'None (this is the first call of the session).';
  return entries.map((e) => describe(e, withheld)).join('\n\n');
}
