/** Every derivation a spec can name. Adding one = a function in a file here + one line below. */
import { countChildren, sumChildren } from './aggregate.js';
import { allocate, allotCapped, decayingSeries, drawUpTo, earliestChild, pickByParent, seasonal, split } from './children.js';
import { leagueStandings } from './league.js';
import { argMaxVia, shareOfTotal, splitVotes, sumVia, topGap } from './votes.js';
import { rank } from './rank.js';
import { scaled } from './scale.js';
import type { Derivation } from './registry.js';
import { percentOf, percentOfParent, shareOfDrawnTotal } from './share.js';

export const DERIVATIONS: Record<string, Derivation<never>> = {
  sumChildren,
  countChildren,
  rank,
  shareOfDrawnTotal,
  percentOf,
  percentOfParent,
  scaled,
  earliestChild,
  allocate,
  pickByParent,
  split,
  decayingSeries,
  seasonal,
  drawUpTo,
  allotCapped,
  leagueStandings,
  splitVotes,
  argMaxVia,
  topGap,
  sumVia,
  shareOfTotal,
} as unknown as Record<string, Derivation<never>>;
