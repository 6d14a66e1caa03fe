/**
 * Splitting a batch by world: `train=0.9,eval=0.1` assigns each world to one split by a hash of its
 * world id, so the split is reproducible, independent of the batch's size and order, and no world is
 * in two splits.
 */
import { FictionError } from '../errors.js';
import { hash32 } from '../rng.js';

export interface SplitPart {
  name: string;
  weight: number;
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

export function parseSplit(spec: string): SplitPart[] {
  const bad = (why: string) => new FictionError('BAD_INPUT', `bad --split "${spec.slice(0, 80)}": ${why} (expected e.g. train=0.9,eval=0.1)`);
  const parts: SplitPart[] = [];
  for (const item of spec.split(',')) {
    const m = /^\s*([^=\s]+)\s*=\s*([^=\s]+)\s*$/.exec(item);
    if (!m) throw bad(`"${item.trim().slice(0, 40)}" is not name=weight`);
    const [, name, w] = m;
    if (!NAME_RE.test(name!)) throw bad(`split name "${name!.slice(0, 40)}" must be letters, digits, - or _`);
    if (parts.some((p) => p.name === name)) throw bad(`split "${name}" is named twice`);
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(w!) || !(Number(w) > 0)) throw bad(`weight of "${name}" must be a number above 0`);
    parts.push({ name: name!, weight: Number(w) });
  }
  const sum = parts.reduce((s, p) => s + p.weight, 0);
  if (Math.abs(sum - 1) > 1e-6) throw bad(`weights add up to ${Number(sum.toFixed(6))}, not 1`);
  return parts;
}

/** A world's position in [0, 1): the same for a world id on every machine and in every batch. */
export function splitPosition(worldId: string): number {
  // FNV-1a alone clusters ids that differ only in their last digits: mix its bits (murmur3 fmix32).
  let h = hash32(`fictionworld-split:${worldId}`);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export function splitOf(worldId: string, parts: SplitPart[]): string {
  const u = splitPosition(worldId);
  let acc = 0;
  for (const p of parts) {
    acc += p.weight;
    if (u < acc) return p.name;
  }
  return parts[parts.length - 1]!.name;
}

/** `tasks.jsonl` + `eval` → `tasks.eval.jsonl` (any other name: `<out>.eval.jsonl`); likewise for `.parquet` and `.json`. */
export function splitPath(out: string, name: string, extension = '.jsonl'): string {
  const stem = out.endsWith(extension) ? out.slice(0, -extension.length) : out;
  return `${stem}.${name}${extension}`;
}
