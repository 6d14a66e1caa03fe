/**
 * One world-model request: its cache key, its canary and, only when the cache misses, its messages.
 *
 * The key is a sha256 over everything the request depends on: prompt id, version and file hash, world
 * id and generator version, model and sampling settings, the task binding and whether the query is
 * related, the session seed, call and query index, the query, the first rank, the pages and passages
 * given, and the history given. It is computed from ids and raw text, without building the prompt, so a
 * cache hit stays cheap. The canary is derived from the key: deterministic (replays are byte-identical)
 * and different for every request.
 */
import { hash } from 'node:crypto';
import { hash32 } from '../../rng.js';
import type { HistoryEntry } from '../../search/session.js';
import type { RenderSearchInput } from '../renderer.js';
import { formatHistory, historyKey } from './history.js';
import { fillPrompt, type PromptTemplate } from './prompt-file.js';
import { buildRecords, formatRecords, type RecordSet } from './records.js';
import type { LlmSettings } from './settings.js';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface PreparedRequest {
  key: string;
  canary: string;
  /** The `seed` sent to the endpoint (from the session seed, call and query index). */
  seed: number;
  set: RecordSet;
  history: readonly HistoryEntry[];
}

type ModelSettings = Pick<LlmSettings, 'model' | 'temperature' | 'topP' | 'maxTokens' | 'passagesPerPage' | 'historyCalls'>;

export function prepareRequest(input: RenderSearchInput, prompt: PromptTemplate, settings: ModelSettings): PreparedRequest {
  const set = buildRecords(input, settings.passagesPerPage);
  const history = input.history.recentHistory(settings.historyCalls);
  const material = JSON.stringify([
    prompt.key,
    input.world.id,
    input.world.world.meta.generator_version ?? '',
    settings.model,
    settings.temperature,
    settings.topP,
    settings.maxTokens,
    input.taskId,
    set.related,
    input.seed,
    input.callIndex,
    input.queryIndex,
    input.query.text,
    input.firstRank,
    set.records.map((r) => [r.pageId, r.passages.map((p) => p.id), r.irrelevant ? 1 : 0]),
    historyKey(history),
  ]);
  const key = hash('sha256', material, 'hex');
  const seed = hash32(`llm-seed|${input.seed}|${input.callIndex}|${input.queryIndex}`) & 0x7fffffff;
  return { key, canary: `FWC-${key.slice(0, 20)}`, seed, set, history };
}

/** The "Task Instruction": what to write, in plain words, including the perturbations to honour. */
function instructions(input: RenderSearchInput, req: PreparedRequest): string {
  const { records, related } = req.set;
  const out: string[] = [];
  const first = input.firstRank;
  out.push(
    `Simulate the search engine's answer to the agent's web_search call below: ${records.length} result${records.length === 1 ? '' : 's'}, ` +
      `numbered from [${first}]${first > 1 ? ' (a later page of results)' : ''}, one per world record, in the order given.`,
  );
  const loose = records.filter((r) => r.irrelevant).map((r) => `[${r.rank}]`);
  if (loose.length > 0)
    out.push(
      `Result${loose.length === 1 ? '' : 's'} ${loose.join(', ')} ${loose.length === 1 ? 'is a page' : 'are pages'} only loosely related to the query, as real engines sometimes return: describe ${loose.length === 1 ? 'it' : 'them'} plainly, without presenting ${loose.length === 1 ? 'it' : 'them'} as an answer.`,
    );
  const asked = req.history.filter((e) => e.name === 'web_search' && JSON.stringify(e.arguments).includes(JSON.stringify(input.query.text)));
  if (asked.length > 0)
    out.push(`The agent made this query before (call ${asked[asked.length - 1]!.callIndex + 1}): results for the same pages must agree with what it saw.`);
  out.push('Vary the wording of snippets as a real search engine would, but keep each one faithful to its own record.');
  if (related === true)
    out.push("This query is related to the target answer: where a record states it, that record's snippet should show it exactly as the record writes it.");
  return out.join('\n');
}

/** The messages of a request (built only when the cache misses). */
export function buildMessages(input: RenderSearchInput, req: PreparedRequest, prompt: PromptTemplate): ChatMessage[] {
  const action = `web_search ${JSON.stringify({ query: input.query.text })}`;
  const user = fillPrompt(prompt.user, {
    turn: String(input.callIndex + 1),
    canary: req.canary,
    instructions: instructions(input, req),
    history: formatHistory(req.history, req.set.withheld),
    records: formatRecords(req.set.records),
    answer: req.set.answer === null ? 'None for this query.' : req.set.answer,
    action,
    query: JSON.stringify(input.query.text),
  });
  return [
    { role: 'system', content: prompt.system },
    { role: 'user', content: user },
  ];
}

/** A note appended to the user message when the first answer could not be read. */
export const FORMAT_REMINDER =
  'Your previous answer could not be read. Answer again with the observation inside <predicted_observation></predicted_observation> tags, ' +
  'each result as "[rank] URL", then "Title: ...", "Snippet: ...", "Date: ..." lines.';
