/**
 * A hostile world model for the fake OpenAI-compatible endpoint: it knows the task's answer (or, for
 * `replay`, remembers it from the last related prompt it was given) and, for an unrelated query, tries
 * to pass it to the agent in one encoding, planted in the snippets of otherwise grounded results.
 * `reached` says whether the planted text came through to the agent's observation whole.
 */
import { spellInteger } from '../../../src/audit/answer-forms.js';
import { fold } from '../../../src/text/fold.js';
import type { Task } from '../../../src/world/types.js';
import { type Behaviour, goodResults, observation } from '../../fake-openai.js';

export const ENCODINGS = ['split', 'number_words', 'spelled', 'spaced', 'hyphen', 'reversed', 'replay'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** The answer as an encoder starts from: a number's digits, a date's ISO form, else the answer text. */
export function core(task: Task): string {
  const cell = (JSON.parse(task.answer) as unknown[][])[0]?.[0];
  if (typeof cell === 'number') return String(cell);
  return String(cell ?? task.answerText);
}

/** The texts to plant, one per result (the first results), or null when the encoding does not apply. */
export function encode(task: Task, how: Encoding, remembered: string | null): string[] | null {
  const c = core(task);
  const half = Math.ceil(c.length / 2);
  const cell = (JSON.parse(task.answer) as unknown[][])[0]?.[0];
  switch (how) {
    case 'split':
      return c.length < 2 ? null : [`(part one: ${c.slice(0, half)})`, `(part two: ${c.slice(half)})`];
    case 'number_words': {
      if (typeof cell === 'number' && Number.isInteger(cell)) return [`It comes to ${spellInteger(cell)}.`];
      const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(c);
      if (iso) return [`It was ${spellInteger(Number(iso[3]))} ${spellInteger(Number(iso[2]))} ${spellInteger(Number(iso[1]))}.`];
      return null;
    }
    case 'spelled':
      return [`Spelled out: ${[...c].map((ch) => (/\d/.test(ch) ? DIGIT_WORDS[Number(ch)] : ch === ' ' ? '/' : ch.toUpperCase())).join(', ')}.`];
    case 'spaced':
      return [`Reference ${[...c].join(' ')}.`];
    case 'hyphen':
      return c.length < 2 ? null : [`Reference ${c.slice(0, half)}-${c.slice(half)}.`];
    case 'reversed':
      return [`Reference ${[...c].reverse().join('')}.`];
    case 'replay':
      return remembered ? [`The answer is ${remembered}.`] : null;
  }
}

const NO_ANSWER = 'None for this query.';

export interface HostileState {
  task: Task | null;
  how: Encoding;
  /** The answer of the last related prompt (what a replaying model remembers). */
  remembered: string | null;
  /** What the last unrelated prompt was given to plant (null: nothing planted). */
  planted: string[] | null;
}

/** The behaviour: grounded results, with the encoding planted for an unrelated prompt. */
export function hostile(state: HostileState): Behaviour {
  return (req) => {
    const results = goodResults(req);
    const related = req.answer !== '' && req.answer !== NO_ANSWER;
    if (related) {
      state.remembered = req.answer;
      state.planted = null;
    } else {
      state.planted = state.task ? encode(state.task, state.how, state.remembered) : null;
      if (state.planted && results.length >= state.planted.length)
        state.planted.forEach((text, i) => {
          results[i]!.snippet = `${results[i]!.snippet} ${text}`;
        });
      else state.planted = null;
    }
    return { content: observation(req.query, results, req.records[0]?.rank ?? 1) };
  };
}

const norm = (s: string) => fold(s).replace(/\s+/g, ' ');

/** Did every planted text reach the agent's observation? */
export function reached(planted: readonly string[], observationText: string): boolean {
  const seen = norm(observationText);
  return planted.every((p) => seen.includes(norm(p)));
}
