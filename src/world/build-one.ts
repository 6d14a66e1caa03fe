/** Generate and write one world of a batch: the unit of work a batch worker runs. */
import { basename, join } from 'node:path';
import { writeWorld } from '../db/write.js';
import { generateProvedWorld, type GenerateOptions } from './generate.js';
import type { ManifestEntry } from './manifest.js';
import { BATCH_PROVER, type Prover } from './prover.js';
import { DEFAULT_DIFFICULTY, DEFAULT_TASKS_PER_WORLD } from './select-tasks.js';
import { worldId } from './types.js';

export interface BuildJob {
  dir: string;
  seed: number;
  index: number;
  options: GenerateOptions;
}

/** Build one world, its tasks proved by `prove` (the batch's prover by default: the same in every worker). */
export async function buildOne(job: BuildJob, prove: Prover | undefined = BATCH_PROVER): Promise<ManifestEntry> {
  const data = await generateProvedWorld(job.seed, job.index, job.options, prove);
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
    difficulty: job.options.difficulty ?? DEFAULT_DIFFICULTY,
    tasks_per_world: job.options.tasksPerWorld ?? DEFAULT_TASKS_PER_WORLD,
  };
}
