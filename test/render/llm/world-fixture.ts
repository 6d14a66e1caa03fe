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
    const data = generateWorld(5, 0, { themes: ['smartphones'] });
    const path = join(dir, 'w5-000000.sqlite');
    writeWorld(path, data);
    made = { path, data, dir };
  }
  return made;
}

export function openTestWorld(): SearchWorld {
  return createSearchWorld(llmTestWorld().path);
}
