/**
 * `themes draft`: a language model writes a theme spec for a topic, and the spec is accepted only when
 * every check of a built-in theme holds (check.ts). A refused draft goes back to the model with its
 * reasons, up to `repairs` times; the last reasons are the refusal. The model is needed only here: an
 * accepted spec is data, and generating from it is deterministic.
 */
import type { AgentMessage, ChatModel } from '../../agent/chat-model.js';
import { FictionError } from '../../errors.js';
import type { ThemeSpecInput } from '../spec/schema.js';
import { checkDraft, type DraftCheck, type DraftCheckOptions } from './check.js';
import { DEFAULT_REPAIRS } from './defaults.js';
import { draftMessages, repairMessages } from './prompt.js';

export interface DraftOptions extends DraftCheckOptions {
  topic: string;
  /** The theme's id (default: the topic as a slug). */
  id?: string;
  model: ChatModel;
  /** Corrections asked for after a refused draft (default 2). */
  repairs?: number;
  /** Called after each draft is checked. */
  onAttempt?: (attempt: DraftAttempt) => void;
}

export interface DraftAttempt {
  /** 1 for the first draft, 2 for the first correction, ... */
  n: number;
  ok: boolean;
  reasons: string[];
}

export interface DraftResult {
  ok: boolean;
  id: string;
  /** The accepted spec, or the last one drafted (null when no reply held a JSON object). */
  spec: ThemeSpecInput | null;
  attempts: DraftAttempt[];
  /** The last check run (null when the last reply held no spec to check). */
  check: DraftCheck | null;
}

const MAX_TOPIC = 200;
const MAX_ID = 40;

/** A theme id from a topic: "2031 e-scooter rental market" → "e-scooter-rental-market". */
export function themeIdOf(topic: string): string {
  const slug = topic
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .slice(0, MAX_ID)
    .replace(/-+$/, '');
  if (!slug) throw new FictionError('BAD_INPUT', `cannot make a theme id from topic "${topic.slice(0, 60)}": give --id`);
  return slug;
}

/** The JSON object of a reply: the whole reply, or inside a ``` fence, or from its first "{" to its last "}". */
export function replyObject(reply: string): unknown {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/.exec(reply)?.[1];
  for (const text of [reply, fenced, reply.slice(reply.indexOf('{'), reply.lastIndexOf('}') + 1)]) {
    if (!text?.trim()) continue;
    try {
      const v: unknown = JSON.parse(text);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v;
    } catch {
      // the next reading
    }
  }
  return undefined;
}

function checkTopic(topic: string, id: string | undefined): string {
  if (typeof topic !== 'string' || topic.trim() === '') throw new FictionError('BAD_INPUT', 'missing --topic TEXT');
  if (topic.length > MAX_TOPIC) throw new FictionError('BAD_INPUT', `--topic is ${topic.length} characters; at most ${MAX_TOPIC}`);
  if (id === undefined) return themeIdOf(topic);
  if (!/^[a-z][a-z0-9_-]*$/.test(id) || id.length > MAX_ID)
    throw new FictionError('BAD_INPUT', `--id must be lowercase letters, digits, - and _, starting with a letter, at most ${MAX_ID} characters`);
  return id;
}

/** Draft, check and repair a spec for `topic`. A failed model request is an UPSTREAM error; a refused spec is a result. */
export async function draftTheme(opts: DraftOptions): Promise<DraftResult> {
  const id = checkTopic(opts.topic, opts.id);
  const repairs = opts.repairs ?? DEFAULT_REPAIRS;
  const result: DraftResult = { ok: false, id, spec: null, attempts: [], check: null };
  let messages: AgentMessage[] = draftMessages(opts.topic.trim(), id);
  for (let n = 1; n <= repairs + 1; n++) {
    const turn = await opts.model.next(messages, []);
    const reply = turn.content ?? '';
    const raw = replyObject(reply);
    let reasons: string[];
    if (raw === undefined) {
      result.check = null;
      reasons = [
        turn.finishReason === 'length' ? 'the reply was cut off before its JSON object ended: write a shorter spec' : 'the reply holds no JSON object',
      ];
    } else {
      // The id is the caller's, whatever the model wrote.
      const spec = { ...(raw as object), id } as ThemeSpecInput;
      result.spec = spec;
      result.check = await checkDraft(spec, opts);
      reasons = result.check.reasons;
      result.ok = result.check.ok;
    }
    const attempt = { n, ok: result.ok, reasons };
    result.attempts.push(attempt);
    opts.onAttempt?.(attempt);
    if (result.ok) break;
    messages = repairMessages(messages, reply, reasons);
  }
  return result;
}
