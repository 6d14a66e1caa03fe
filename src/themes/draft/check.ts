/**
 * Whether a theme spec is fit to register: it passes the spec schema, has the shape every theme has (≥ 3
 * tables, a chain of two foreign keys between named tables), and at each of several seeds generates
 * worlds of 300–500 facts that pass the consistency checks and the spec's own invariants, with a full
 * set of certified tasks the oracle searcher solves (≥ 95%, guard on). Every failure is a reason, one
 * line each, worded so that a language model can repair the spec from it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWorld } from '../../db/write.js';
import { SOLVABILITY_TARGET, solveBatch } from '../../oracle/batch.js';
import { generateProvedWorld } from '../../world/generate.js';
import { BATCH_PROVER } from '../../world/prover.js';
import { worldId } from '../../world/types.js';
import type { ThemeDef } from '../_define.js';
import { BUILTIN_THEMES, hasTheme, withSpecTheme } from '../registry.js';
import { specIssues, type ThemeSpecInput } from '../spec/schema.js';
import { DEFAULT_DRAFT_SEEDS } from './defaults.js';

export interface DraftCheckOptions {
  /** Seeds the spec is generated at (default 1, 2, 3). */
  seeds?: readonly number[];
  /** Worlds generated per seed (default 2). */
  worldsPerSeed?: number;
  /** Folder the scratch worlds are written under, removed afterwards (default the system's temp folder). */
  scratchDir?: string;
}

export interface DraftWorld {
  id: string;
  facts: number;
  tasks: number;
}

export interface DraftCheck {
  ok: boolean;
  reasons: string[];
  worlds: DraftWorld[];
  /** Share of the generated worlds' tasks the oracle solved; null when no world was generated. */
  solvability: number | null;
  solved: number;
  tasks: number;
}

const MAX_REASONS = 12;

/** The shape every theme has: ≥ 3 tables, each foreign key to a table of the spec, a chain of two between named tables. */
export function structureProblems(theme: ThemeDef): string[] {
  const out: string[] = [];
  if (theme.tables.length < 3) out.push(`the spec has ${theme.tables.length} tables; a theme needs at least 3, joined by foreign keys`);
  const named = new Set(theme.tables.filter((t) => t.nameColumn).map((t) => t.name));
  const targets = (table: string) =>
    (theme.tables.find((t) => t.name === table)?.columns ?? []).filter((c) => c.type === 'entity' && named.has(c.ref!)).map((c) => c.ref!);
  if (![...named].some((a) => targets(a).some((b) => targets(b).length > 0)))
    out.push('no chain of two foreign keys between named tables (e.g. products → companies → countries): multi-hop tasks need one');
  return out;
}

/** Check a spec as drafted (any JSON value); nothing is left registered or on disk afterwards. */
export async function checkDraft(raw: unknown, opts: DraftCheckOptions = {}): Promise<DraftCheck> {
  const result: DraftCheck = { ok: false, reasons: [], worlds: [], solvability: null, solved: 0, tasks: 0 };
  const issues = specIssues(raw);
  if (issues.length > 0) {
    result.reasons = issues.slice(0, MAX_REASONS).map((i) => `schema: ${i}`);
    return result;
  }
  const id = (raw as { id: string }).id;
  if (hasTheme(id)) {
    result.reasons = [`id "${id}" is ${BUILTIN_THEMES.has(id) ? "a built-in theme's" : "another registered theme's"}: choose another id`];
    return result;
  }
  const seeds = opts.seeds ?? DEFAULT_DRAFT_SEEDS;
  const perSeed = opts.worldsPerSeed ?? 2;
  const reasons: string[] = [];
  await withSpecTheme(raw as ThemeSpecInput, async (theme) => {
    reasons.push(...structureProblems(theme));
    if (reasons.length > 0) return;
    const dir = mkdtempSync(join(opts.scratchDir ?? tmpdir(), 'fictionworld-draft-'));
    try {
      for (const seed of seeds)
        for (let index = 0; index < perSeed; index++) {
          const at = `seed ${seed} world ${index}`;
          let w: Awaited<ReturnType<typeof generateProvedWorld>>;
          try {
            w = await generateProvedWorld(seed, index, { themes: [id] }, BATCH_PROVER);
          } catch (e) {
            reasons.push(`${at}: generation failed: ${(e as Error).message.split('\n')[0]!.slice(0, 400)}`);
            continue;
          }
          // Generation returns only a world of 300–500 facts that passes checkWorld (the spec's invariants
          // included) with a full set of proved tasks; what kept it from one is its failure message.
          writeWorld(join(dir, `${worldId(seed, index)}.sqlite`), w);
          result.worlds.push({ id: w.meta.world_id, facts: w.facts.length, tasks: w.tasks.length });
        }
      if (result.worlds.length === 0) return;
      const solved = await solveBatch(dir);
      result.solved = solved.overall.solved;
      result.tasks = solved.overall.tasks;
      result.solvability = solved.overall.share;
      if (solved.overall.share < SOLVABILITY_TARGET) {
        const kinds = Object.entries(solved.byKind)
          .filter(([, g]) => g.share < SOLVABILITY_TARGET)
          .map(([k, g]) => `${k} ${g.solved}/${g.tasks}`);
        reasons.push(
          `the oracle searcher solved ${solved.overall.solved} of ${solved.overall.tasks} tasks (${(solved.overall.share * 100).toFixed(1)}%); a theme needs ≥ ${SOLVABILITY_TARGET * 100}% (short: ${kinds.join(', ')})`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  result.reasons = reasons.slice(0, MAX_REASONS);
  result.ok = reasons.length === 0;
  return result;
}
