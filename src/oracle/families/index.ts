/** The family solvers by reading: one file per family, dispatched on the reading's family. */
import type { Reading } from '../../tasks/families/reading.js';
import type { SolveContext } from '../entities.js';
import { solveChainReading } from './chain.js';
import { solveConflict } from './conflict.js';
import { solveConstraint } from './constraint.js';
import { solveReasoning } from './reasoning.js';
import type { FamilyAnswer } from './result.js';
import { solveWide } from './wide.js';

export async function solveReading(ctx: SolveContext, r: Reading, columns: readonly string[]): Promise<FamilyAnswer> {
  switch (r.family) {
    case 'constraint':
      return solveConstraint(ctx, r);
    case 'chain':
      return solveChainReading(ctx, r);
    case 'wide':
      return solveWide(ctx, r, columns);
    case 'reasoning':
      return solveReasoning(ctx, r);
    case 'conflict':
      return solveConflict(ctx, r);
  }
}

export type { FamilyAnswer };
