/**
 * Derivations: computed columns (sums over children, counts, ranks, shares …), generic library
 * functions registered by name with a zod schema for their arguments. A spec names one and supplies
 * its tables and columns; the engine runs them in order once the rows are drawn.
 */
import type { z } from 'zod';
import type { Rng } from '../../../rng.js';
import type { Rows } from '../../_define.js';

export interface DeriveContext {
  rng: Rng;
  year: number;
}

export interface Derivation<A = unknown> {
  args: z.ZodType<A>;
  /** Writes the derived cells; a cell left null (an attribute absent from the world) stays null. */
  run(rows: Rows, args: A, ctx: DeriveContext): void;
}

/** Typing helper: a derivation keeps its argument type. */
export const derivation = <A>(d: Derivation<A>): Derivation<A> => d;

/** The rows of `table`, or a clear error naming it. */
export function tableRows(rows: Rows, table: string) {
  const list = rows[table];
  if (!list) throw new Error(`no table "${table}"`);
  return list;
}
