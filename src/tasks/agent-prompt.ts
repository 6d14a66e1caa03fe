/**
 * The messages an agent starts from: a system message describing the tools and the `<answer>`
 * convention, then the task's question. Shared by the trainer export and the reference agent loop.
 */
import { MAX_QUERIES_PER_CALL, WEB_EXTRACTOR, WEB_SEARCH } from '../tools/definitions.js';
import type { Task } from '../world/types.js';

/** Bumped whenever the wording below changes (it is recorded with exported tasks). */
export const AGENT_PROMPT_VERSION = 1;

export const AGENT_SYSTEM_PROMPT = [
  'You are a research assistant who answers questions by searching the web.',
  'You have two tools:',
  `- ${WEB_SEARCH}: search the web with {"query": "..."} or up to ${MAX_QUERIES_PER_CALL} searches at once with {"queries": ["...", "..."]}. Each result gives a URL, a title, a snippet and a date.`,
  `- ${WEB_EXTRACTOR}: open a page with {"url": "..."} and read its full text.`,
  'The answer is not known in advance: find it by searching and reading pages, and check it against what the pages state.',
  'Questions may need several steps: find an intermediate entity first, then search for it.',
  'When you are done, write your final answer inside <answer></answer> tags, for example <answer>Lisbon</answer>.',
  'Give only the answer inside the tags: a name, a number or a date, without explanation.',
  'When the question asks for a table, put a Markdown table inside the tags, with exactly the requested columns as its header and one row per item.',
].join('\n');

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
}

export function promptMessages(task: Pick<Task, 'question'>): ChatMessage[] {
  return [
    { role: 'system', content: AGENT_SYSTEM_PROMPT },
    { role: 'user', content: task.question },
  ];
}
