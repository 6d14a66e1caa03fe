/**
 * Wide questions (issue 24, WideSearch-like): every entity of a kind meeting conditions, with some of its
 * attributes, as a Markdown table. {row} is the entity noun with its conditions ("phone model made by
 * Corvane whose launch price is above $500"), {rows} the same in the plural, {attrs} the attribute nouns.
 */
import type { Rng } from '../../rng.js';
import type { TableDef } from '../../themes/_define.js';
import type { WideReading } from '../families/reading.js';
import type { Condition } from '../families/reading.js';
import { readDescribed, sayConditions } from './described.js';
import { frame } from './frame.js';
import { type Attr, joinList, labelsOfNoun, splitList } from './words.js';

export const WIDE_FRAMES = [
  'List every {row}, with {its} {attrs}.',
  'Find all {rows} and give the {attrs} of each.',
  'I need a table of every {row}: {its} {attrs}.',
  'Compile the {attrs} of each {row}.',
  'Gather all {rows}, reporting the {attrs} of each one.',
  'Which {rows} are there? Give the {attrs} of each.',
].map((t) => frame(t));
export const WIDE_TAIL = ' Answer with a Markdown table with columns ';

export interface WideAsk {
  table: TableDef;
  /** Conditions with the words each is said by. */
  conditions: { c: Condition; a: Attr; noun: string }[];
  /** Attributes asked after the key, with their nouns. */
  attrs: { a: Attr; noun: string }[];
  columns: string[];
}

export function renderWide(rng: Rng, ask: WideAsk): { question: string; frameId: string } {
  const i = rng.int(0, WIDE_FRAMES.length - 1);
  const f = WIDE_FRAMES[i]!;
  const conds = (plural: boolean) => sayConditions(ask.conditions, plural);
  const its = ask.table.naming?.kind === 'person' ? 'their' : 'its';
  const body = f.render({
    row: `${ask.table.entity} ${conds(false)}`,
    rows: `${ask.table.plural} ${conds(true)}`,
    its,
    attrs: joinList(
      ask.attrs.map((x) => x.noun),
      'and',
    ),
  });
  return { question: `${body}${WIDE_TAIL}${ask.columns.join(', ')}.`, frameId: `wide.${i}` };
}

export function readWide(question: string): WideReading | null {
  const at = question.indexOf(WIDE_TAIL);
  if (at < 0) return null;
  const body = question.slice(0, at);
  for (const f of WIDE_FRAMES) {
    const m = f.match(body);
    if (!m) continue;
    const rows = readDescribed(m.row ?? m.rows!);
    if (!rows || rows.conditions.length === 0) continue;
    const labels = splitList(m.attrs!, 'and').map((n) => {
      const l = labelsOfNoun(n, rows.kind);
      return l.length === 1 ? l[0] : undefined;
    });
    if (labels.some((l) => l === undefined)) continue;
    return { family: 'wide', rows, columns: labels as string[] };
  }
  return null;
}
