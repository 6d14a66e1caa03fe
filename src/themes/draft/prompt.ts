/**
 * The messages that ask a language model for a theme spec: what a theme is, the rules every theme
 * keeps, the spec's JSON Schema (derived from the zod schema, so it never drifts), every derivation and
 * invariant a spec may name with the JSON Schema of its arguments, one built-in spec as a worked
 * example, and the topic. A refused draft is answered with its reasons and a request for the whole
 * corrected spec.
 */
import { z } from 'zod';
import type { AgentMessage } from '../../agent/chat-model.js';
import { FACT_MAX, FACT_MIN } from '../../world/limits.js';
import { getTheme } from '../registry.js';
import { CHECKS } from '../spec/checks.js';
import { SPEC_OF } from '../spec/compile.js';
import { DERIVATIONS } from '../spec/derive/index.js';
import { ThemeSpec } from '../spec/schema.js';

/** The built-in theme shown as the worked example: small, with three tables, a chain of keys, derivations and invariants. */
export const EXAMPLE_THEME = 'cities';

const schemaOf = (s: z.ZodType) => z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' });

const named = (registry: Record<string, { args: z.ZodType }>) =>
  Object.fromEntries(Object.entries(registry).map(([name, entry]) => [name, schemaOf(entry.args)]));

const RULES = [
  'A theme describes one invented domain in a future year: invented companies, people, places and products, never real ones.',
  'At least 3 tables joined by foreign keys (columns of type "entity" with "ref"), with a chain of two keys between tables that have a nameColumn (e.g. products → companies → countries).',
  `Every world has ${FACT_MIN}–${FACT_MAX} facts (one fact per non-null cell of a non-id column): choose row counts so it does; a "fill" row count on the largest table reaches a fact target.`,
  'Numbers are mutually consistent: totals are sums of their parts, ranks follow values, shares add up; compute them with derivations and state them again as invariants.',
  'Values are plausible: a tier word in a name sets its distributions (a "Compact" model is smaller and cheaper than a "Flagship" one).',
  'Most secondary columns are optional per world ("optional": a probability), so worlds of the theme differ in shape.',
  'Avoid two numeric columns drawn from the same narrow range, and small integer ranges shared by many rows: a numeric answer must not be matched by another number of the world.',
  'Every column except a table\'s nameColumn has a "say" entry keyed "table.column": a noun, the question form ("ask"), a verb phrase with {v}, and further phrasings ("with", "fronted", "more") so the attribute can be said in at least 6 ways, each stating the exact value {v} and the subject {s}. Write real English.',
  'Sites: 4–6 invented sites (hosts under .example) whose genres include encyclopedia, news, data or list_article, and forum.',
  'Dates are truthful: a date after the world\'s reference date is an event still to come (a column with "time": "event" needs a "future" phrasing).',
];

/** The system message: the task, the rules, the schema, the derivations and invariants, and the example. */
export function systemPrompt(): string {
  const example = SPEC_OF.get(getTheme(EXAMPLE_THEME))!;
  return [
    'You design themes for fictionworld, a generator of fictional worlds used to train and evaluate search agents.',
    "A theme is a spec: data, not code. Generic machinery reads it to generate each world's tables, facts, web pages and tasks.",
    '',
    'Rules every theme keeps:',
    ...RULES.map((r) => `- ${r}`),
    '',
    'The spec is one JSON object valid under this JSON Schema:',
    JSON.stringify(schemaOf(ThemeSpec)),
    '',
    'Derivations ("derive": [{"use": NAME, "args": {...}}], run in order after the rows are drawn), by name with the JSON Schema of their args:',
    JSON.stringify(named(DERIVATIONS as unknown as Record<string, { args: z.ZodType }>)),
    '',
    'Invariants ("invariants": [{"use": NAME, "args": {...}}], checked on every generated world), by name with the JSON Schema of their args:',
    JSON.stringify(named(CHECKS as unknown as Record<string, { args: z.ZodType }>)),
    '',
    `A complete, accepted spec (theme "${EXAMPLE_THEME}"), as an example of the form only; do not copy its domain:`,
    JSON.stringify(example),
    '',
    'Reply with the spec only: one JSON object, no commentary.',
  ].join('\n');
}

/** The first request: a spec for `topic`, with the id it must carry. */
export function draftMessages(topic: string, id: string): AgentMessage[] {
  return [
    { role: 'system', content: systemPrompt() },
    { role: 'user', content: `Topic: ${topic}\nThe spec's "id" is "${id}". Write the complete spec.` },
  ];
}

/** The messages after a refused draft: the conversation so far, the model's reply and the reasons. */
export function repairMessages(before: AgentMessage[], reply: string, reasons: readonly string[]): AgentMessage[] {
  return [
    ...before,
    { role: 'assistant', content: reply },
    {
      role: 'user',
      content: `The spec was refused:\n${reasons.map((r) => `- ${r}`).join('\n')}\nReply with the whole corrected spec as one JSON object.`,
    },
  ];
}
