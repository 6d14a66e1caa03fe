/** A batch of 24 worlds (3 per theme), generated once per test file. */
import { generateWorld } from '../../../src/world/generate.js';
import type { WorldData } from '../../../src/world/types.js';

let cached: WorldData[] | null = null;

export function batch(): WorldData[] {
  cached ??= Array.from({ length: 24 }, (_, i) => generateWorld(23, i));
  return cached;
}

export const allDocs = () => batch().flatMap((w) => w.documents.map((d) => ({ w, d })));

export const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
