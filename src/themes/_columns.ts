/** Spec column fragments several themes share (an organisation's seat, founding date, head and size). */
import type { ColumnDef } from './_define.js';
import type { z } from 'zod';
import type { Column } from './spec/schema.js';

type ColumnSpec = z.input<typeof Column>;

/** The shared declarations the fragments below build on. */
const COMMON_COLUMNS = {
  headquarters: { name: 'headquarters', type: 'text', label: 'headquarters city', sentence: '{s} is headquartered in {v}.' },
  founded: { name: 'founded', type: 'date', label: 'founding date', sentence: '{s} was founded on {v}.' },
  ceo: { name: 'ceo', type: 'text', label: 'chief executive', sentence: 'The chief executive of {s} is {v}.' },
  employees: { name: 'employees', type: 'integer', label: 'employee count', unit: 'count', measure: true, optional: true, sentence: '{s} employs {v} people.' },
} as const satisfies Record<string, ColumnDef>;

/**
 * Spec column fragments for an organisation: its seat, founding date, head and size. A real brand's
 * own attributes (`realOmit`) are never invented: with `--real-brands` they are null on its row.
 */
export const ORG = {
  headquarters: (): ColumnSpec => ({
    ...COMMON_COLUMNS.headquarters,
    realOmit: true,
    gen: { kind: 'name', model: { kind: 'place' } },
  }),
  /** Founded `days` after January 1 of the world year (a negative range: years before it). */
  founded: (days: [number, number]): ColumnSpec => ({ ...COMMON_COLUMNS.founded, realOmit: true, time: 'event', gen: { kind: 'date', days } }),
  ceo: (): ColumnSpec => ({ ...COMMON_COLUMNS.ceo, realOmit: true, gen: { kind: 'name', model: { kind: 'person' } } }),
  employees: (range: [number, number], optional = 0.6): ColumnSpec => ({
    ...COMMON_COLUMNS.employees,
    optional,
    realOmit: true,
    gen: { kind: 'int', range },
  }),
} as const;

/**
 * The quarter of a period table whose rows are one parent's quarters ("Flight 215, Q2 2031"): its column
 * and how it is said. `noun` is what the table calls a row ("report", "record").
 */
export const QUARTER = {
  /** The time role of a figure for the row's quarter (stated only once the quarter has ended). */
  time: { periodColumn: 'quarter' } as const,
  column: (noun: string): ColumnSpec => ({
    name: 'quarter',
    type: 'text',
    label: 'quarter',
    sentence: `{s} is the ${noun} for {v}.`,
    gen: { kind: 'index', template: 'Q{n} {year}' },
  }),
  say: (noun: string) => ({
    noun: 'quarter',
    verb: 'covers {v}',
    fronted: '{v} is the period covered by {s}.',
    more: [`{s} is the ${noun} for {v}.`, 'The period covered by {s} is {v}.', '{s} reports on {v}.'],
  }),
} as const;

/** Days in `years` years, for date ranges relative to the world year. */
export const YEARS = (years: number) => Math.round(years * 365);
