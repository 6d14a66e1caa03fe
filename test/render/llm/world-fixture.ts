/** One smartphones world for the world-model tests, written once per test file to a temp folder. */
import { join } from 'node:path';
import { writeWorld } from '../../../src/db/write.js';
import { createSearchWorld, type SearchWorld } from '../../../src/search/world-index.js';
import { generateWorld } from '../../../src/world/generate.js';
import type { WorldData } from '../../../src/world/types.js';
import { tempDir } from '../../helpers.js';

let made: { path: string; data: WorldData; dir: string } | undefined;

export function llmTestWorld(): { path: string; data: WorldData; dir: string } {
  if (!made) {
    const dir = tempDir('fw-llm-test-');
    const data = generateWorld(1, 0, { themes: ['smartphones'] });
    const path = join(dir, 'w1-000000.sqlite');
    writeWorld(path, data);
    made = { path, data, dir };
  }
  return made;
}

export function openTestWorld(): SearchWorld {
  return createSearchWorld(llmTestWorld().path);
}

/** Names of the generated world's entities (derived, never hard-coded): queries that find pages. */
export function worldNames(): { models: string[]; brands: string[] } {
  const { data } = llmTestWorld();
  const of = (table: string) => [...new Set(data.facts.filter((f) => f.sourceTable === table).map((f) => f.subject))];
  return { models: of('models'), brands: of('brands') };
}

/** A fact of `subject` by predicate (throws when missing: the world no longer has what a test reads). */
export function factOf(subject: string, predicate: string): string {
  const fact = llmTestWorld().data.facts.find((f) => f.subject === subject && f.predicate === predicate);
  if (!fact) throw new Error(`no ${predicate} fact for ${subject}`);
  return fact.object;
}
