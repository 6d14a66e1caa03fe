/** Pieces both family A drafts share: the answer's cells and text, what is worth asking, the frame choice. */
import { formatDate, formatNumber } from '../../format.js';
import type { Rng } from '../../rng.js';
import type { Row } from '../../themes/_define.js';
import type { FactIndex } from '../../world/facts.js';
import type { AnswerType } from '../../world/types.js';
import { type AskFrame, framesFor } from '../questions/asks.js';
import { refWords, tableWords, type ColumnWords, type TableWords } from '../questions/labels.js';
import { askable as askableValue } from '../../world/tasks.js';
import type { RowIndex } from '../questions/condition-eval.js';
import { guessableBridge } from '../certificate/shortcuts.js';
import type { FamilyContext } from './family.js';

/** A value worth asking for (world/tasks.ts's rule), never an ordinal column. */
export function askable(c: ColumnWords, v: unknown): boolean {
  return !c.ordinal && askableValue(c.col, v);
}

/** A table's foreign keys to named tables: the links a description or a chain can follow. */
export const linkColumns = (w: TableWords): ColumnWords[] => w.columns.filter((c) => c.col.type === 'entity' && refWords(w, c).table.nameColumn);

/**
 * The links of `row` a draft may follow from a start named `startName`: those whose linked row exists and
 * whose name is not guessable from the start's (the `no_guessable_bridge` check's own rule: a phone model
 * "Zentria X9" never leads to its brand "Zentria Mobile", a trial "Cetomenib-22" never to its drug).
 */
export function openLinks(ctx: FamilyContext, at: RowIndex, w: TableWords, row: Row, startName: string): { link: ColumnWords; target: Row }[] {
  const out: { link: ColumnWords; target: Row }[] = [];
  for (const link of linkColumns(w)) {
    const target = at(link.col.ref!, Number(row[link.col.name]));
    if (target && !guessableBridge([ctx.fx.name(link.col.ref!, target.id)], startName, [])) out.push({ link, target });
  }
  return out;
}

/** Named tables of at least `minRows` rows with a link to follow. */
export function linkedTables(ctx: FamilyContext, minRows: number): TableWords[] {
  return ctx.theme.tables
    .filter((t) => t.nameColumn && (ctx.rows[t.name]?.length ?? 0) >= minRows)
    .map((t) => tableWords(ctx.theme, t.name))
    .filter((w) => linkColumns(w).length > 0);
}

export interface AnswerParts {
  answer: string;
  answerText: string;
  answerType: AnswerType;
  tolerance: number;
  /** The answer's cell: a name, or the raw value. */
  value: string | number;
}

/** A draft's answer fields for a one-cell answer (no table columns), in a draft's field order. */
export function oneCell(parts: AnswerParts) {
  return {
    answer: parts.answer,
    answerText: parts.answerText,
    answerType: parts.answerType,
    columns: [] as string[],
    keyColumns: [] as string[],
    tolerance: parts.tolerance,
  };
}

/** The answer when the asked thing is a row's name (answerType entity). */
export function nameAnswer(name: string): AnswerParts {
  return { answer: JSON.stringify([[name]]), answerText: name, answerType: 'entity', tolerance: 0, value: name };
}

/** The answer when the asked thing is attribute `c` of `row` (a link reads as the linked row's name). */
export function attributeAnswer(fx: FactIndex, c: ColumnWords, row: Row): AnswerParts {
  const v = row[c.col.name]!;
  if (c.col.type === 'entity') return nameAnswer(fx.name(c.col.ref!, Number(v)));
  const text =
    c.col.type === 'date'
      ? formatDate(String(v), 0)
      : c.col.type === 'integer' || c.col.type === 'real'
        ? formatNumber(Number(v), c.col.unit ?? 'plain', c.col.decimals ?? 0, 0)
        : String(v);
  return { answer: JSON.stringify([[v]]), answerText: text, answerType: c.col.type, tolerance: c.col.type === 'real' ? 0.005 : 0, value: v };
}

/** The SQL expression selecting attribute `c` over alias `a` (a link's name through a subquery). */
export function selectSql(w: TableWords, c: ColumnWords, a: string): string {
  if (c.col.type !== 'entity') return `${a}.${c.col.name}`;
  const ref = w.theme.tables.find((t) => t.name === c.col.ref)!;
  return `(SELECT r.${ref.nameColumn} FROM ${ref.name} r WHERE r.id = ${a}.${c.col.name})`;
}

/** A frame for asking `c`: the answer type's own interrogative more often than the general ones. */
export function pickAttributeFrame(c: ColumnWords, rng: Rng): AskFrame {
  const frames = framesFor(c);
  const specific = frames.filter((f) => f.category !== 'any');
  return specific.length > 0 && rng.chance(0.6) ? rng.pick(specific) : rng.pick(frames.filter((f) => f.category === 'any'));
}

export const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
