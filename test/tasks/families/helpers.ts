/** Worlds of every theme (seed 11, the first eight indices) and family contexts over them. */
import { Rng } from '../../../src/rng.js';
import type { FamilyContext } from '../../../src/tasks/families/family.js';
import { deriveFacts } from '../../../src/world/facts.js';
import { generateWorld } from '../../../src/world/generate.js';
import type { WorldData } from '../../../src/world/types.js';

let worlds: WorldData[] | undefined;
/** One world per theme (generateWorld takes themes in turn). */
export function themeWorlds(): WorldData[] {
  worlds ??= Array.from({ length: 8 }, (_, i) => generateWorld(11, i));
  return worlds;
}

export function contextOf(w: WorldData, seed: string): FamilyContext {
  const fx = deriveFacts(w.theme, w.rows);
  return { theme: w.theme, rows: w.rows, fx, documents: w.documents, rng: new Rng(seed), allNames: new Set(fx.facts.map((f) => f.subject.toLowerCase())) };
}
