/** Generate and write one world of a batch: the unit of work a batch worker runs. */
import { basename, join } from 'node:path';
import { writeWorld } from '../db/write.js';
import { generateWorld, type GenerateOptions } from './generate.js';
import type { ManifestEntry } from './manifest.js';
import { worldId } from './types.js';

export interface BuildJob {
  dir: string;
  seed: number;
  index: number;
  options: GenerateOptions;
}

export function buildOne(job: BuildJob): ManifestEntry {
  const data = generateWorld(job.seed, job.index, job.options);
  const path = join(job.dir, `${worldId(job.seed, job.index)}.sqlite`);
  const written = writeWorld(path, data);
  return {
    id: data.meta.world_id,
    file: basename(path),
    theme: data.meta.theme,
    seed: job.seed,
    index: job.index,
    facts: data.facts.length,
    tasks: data.tasks.length,
    sha256: written.sha256,
    generator_version: data.meta.generator_version,
    real_brands: data.meta.real_brands,
  };
}
