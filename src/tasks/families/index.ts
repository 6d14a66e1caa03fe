/**
 * The registry of issue 24's task families: each family file adds its drawer and its question reader
 * here, one line each. The generation pipeline draws from FAMILIES; the oracle reads with READERS.
 */
import type { TaskKind } from '../../world/types.js';
import { drawChain, readChain } from './chain.js';
import { drawConstraint, readConstraint } from './constraint.js';
import type { Family } from './family.js';
import type { ReadQuestion } from './reading.js';
import { readConflict } from '../questions/conflict.js';
import { readReasoning } from '../questions/reasoning.js';
import { readWide } from '../questions/wide.js';
import { drawConflict } from './conflict.js';
import { drawReasoning } from './reasoning.js';
import { drawWide } from './wide.js';

export const FAMILIES: Partial<Record<TaskKind, Family>> = {
  constraint: drawConstraint,
  chain: drawChain,
  wide: drawWide,
  reasoning: drawReasoning,
  conflict: drawConflict,
};

export const READERS: Partial<Record<TaskKind, ReadQuestion>> = {
  constraint: readConstraint,
  chain: readChain,
  wide: (q) => readWide(q),
  reasoning: (q) => readReasoning(q),
  conflict: (q) => readConflict(q),
};
