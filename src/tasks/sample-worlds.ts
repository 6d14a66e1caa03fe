/**
 * `--sample N`, one meaning for every command that takes it (audit, oracle, tasks report --oracle):
 * N worlds spread evenly over the folder, the same N for the same folder every time (ordered by a hash
 * of the file name, so no theme or index range is favoured), listed back in file order.
 */
import { FictionError } from '../errors.js';
import { hash32 } from '../rng.js';
import { listWorldFiles } from './batch-tasks.js';

/** Worlds of `dir`: all (no sample, or one at least as large as the folder), or `sample` of them spread over it. */
export function sampleWorldFiles(dir: string, sample?: number): string[] {
  const files = listWorldFiles(dir);
  if (sample === undefined || sample >= files.length) return files;
  if (!Number.isSafeInteger(sample) || sample < 1) throw new FictionError('BAD_INPUT', '--sample must be a positive integer');
  return files
    .map((f) => ({ f, h: hash32(`audit-sample|${f.split(/[\\/]/).pop()}`) }))
    .sort((a, b) => a.h - b.h || (a.f < b.f ? -1 : 1))
    .slice(0, sample)
    .map((x) => x.f)
    .sort();
}
