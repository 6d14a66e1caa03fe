/**
 * generateWorld: world i of a batch depends only on (seed, i, generator version, options).
 * Draw rows, derive facts and pages; draw candidate tasks (the easy six and every family), certify each
 * (src/tasks/certificate: evidence pages, uniqueness, shortcut checks, difficulty), have the prover solve
 * them by searching, select the tasks the difficulty asks for, check consistency. An inconsistent or
 * out-of-range draw is regenerated with the next attempt number, never returned.
 */
import { Faker, en, base } from '@faker-js/faker';
import { FictionError } from '../errors.js';
import { Rng, hash32 } from '../rng.js';
import { NamePool } from '../themes/_names.js';
import type { ThemeDef } from '../themes/_define.js';
import { BUILTIN_THEMES, getTheme, listThemes, registerSpecTheme } from '../themes/registry.js';
import { SPEC_OF } from '../themes/spec/compile.js';
import type { ThemeSpecInput } from '../themes/spec/schema.js';
import { checkWorld } from './consistency.js';
import { FACT_MAX, FACT_MIN } from './limits.js';
import { countFacts, deriveFacts } from './facts.js';
import { renderPages } from './pages/index.js';
import type { CertifiedTask } from '../tasks/certificate/certify.js';
import { createCertifier } from '../tasks/certificate/certify.js';
import { DIFFICULTIES, type Difficulty, type PlanStep } from '../tasks/certificate/schema.js';
import type { Family, TaskDraft } from '../tasks/families/family.js';
import { FAMILIES } from '../tasks/families/index.js';
import type { Rows } from '../themes/_define.js';
import { easyDrafts } from './easy-drafts.js';
import type { FactIndex } from './facts.js';
import type { Prover } from './prover.js';
import { DEFAULT_DIFFICULTY, DEFAULT_TASKS_PER_WORLD, type DifficultyMode, likeness, selectTasks, tierTargets } from './select-tasks.js';
import { type Document, FORMAT_VERSION, GENERATOR_VERSION, type Task, TASK_KINDS, type TaskKind, worldId, type WorldData } from './types.js';

export interface GenerateOptions {
  /** Theme ids to draw from, in order; default every registered theme. */
  themes?: string[];
  realBrands?: boolean;
  /** The difficulty of the tasks kept: easy, medium, hard, or mix (default). */
  difficulty?: DifficultyMode;
  /** Tasks per world (default 16). */
  tasksPerWorld?: number;
  /** Theme specs beyond the built-in themes (`--theme-file`), registered before a world is drawn (in every worker). */
  themeSpecs?: ThemeSpecInput[];
  /** The task families drawn from besides the easy six (default the registry, FAMILIES); in-process only. */
  families?: Partial<Record<TaskKind, Family>>;
}

const MAX_ATTEMPTS = 50;
/** Rounds of drawing candidates (each family asked again with a fresh stream) before a world settles for what it has. */
const DRAW_ROUNDS = 4;

/** The theme of world `index`: themes take turns, so a batch covers them evenly. */
export function themeFor(index: number, themes?: string[]): ThemeDef {
  const list = themes && themes.length > 0 ? themes.map(getTheme) : listThemes();
  return list[index % list.length]!;
}

/** One attempt's world without tasks, and its certified candidates. */
interface Attempt {
  data: WorldData;
  candidates: CertifiedTask[];
}

/**
 * Certified candidates: the easy six and every family's drafts, round after round until each tier has
 * enough and the world can be filled with no two tasks alike and no kind past its share (or the rounds
 * run out). Drafts repeating an earlier one's signature are skipped; drafts failing their certificate are
 * dropped, and the next round asks the families again. Each candidate's signature becomes its likeness
 * (select-tasks.ts), which selection keeps to one task.
 */
export function drawCandidates(theme: ThemeDef, rows: Rows, fx: FactIndex, documents: Document[], rng: Rng, opts: GenerateOptions): CertifiedTask[] {
  const families = opts.families ?? FAMILIES;
  const mode = opts.difficulty ?? DEFAULT_DIFFICULTY;
  const n = opts.tasksPerWorld ?? DEFAULT_TASKS_PER_WORLD;
  const targets = tierTargets(mode, n);
  const certifier = createCertifier({ theme, rows, facts: fx.facts, documents });
  const allNames = new Set(fx.facts.map((f) => f.subject.toLowerCase()));
  const factById = new Map(fx.facts.map((f) => [f.id, f]));
  const out: CertifiedTask[] = [];
  // Each family's share of twice the world's tasks per round (spares for the prover): drafting is the
  // costly part of generation, and a family asked for a whole world's worth wastes most of it.
  const perFamily = Math.ceil((2 * n) / Math.max(1, Object.keys(families).length));
  const seen = new Set<string>();
  const add = (drafts: TaskDraft[]) => {
    for (const d of drafts) {
      if (seen.has(d.signature)) continue;
      seen.add(d.signature);
      const c = certifier.certify(d);
      if (c.ok) out.push({ ...c.task, signature: likeness(c.task, factById) });
    }
  };
  let before = { short: '', fits: -1 };
  try {
    for (let round = 0; round < DRAW_ROUNDS; round++) {
      add(easyDrafts(theme, rows, fx, rng.fork(`easy:${round}`)));
      for (const kind of TASK_KINDS) {
        const family = families[kind];
        if (family) add(family({ theme, rows, fx, documents, rng: rng.fork(`${kind}:${round}`), allNames }, perFamily));
      }
      const count = (d: Difficulty) => out.filter((t) => t.difficulty === d).length;
      // Twice each tier's share: spares for the tasks the prover finds unsolvable. A round that added
      // nothing to a short tier, nor (while the world cannot be filled under every limit) to what it can
      // take, is not repeated once there are enough candidates overall.
      const short = DIFFICULTIES.filter((d) => count(d) < 2 * targets[d]);
      const fits = selectTasks(out, mode, n, new Set(), true).length;
      if (short.length === 0 && fits >= n && out.length >= 2 * n) break;
      const now = { short: short.map(count).join(','), fits };
      if (round > 0 && out.length >= 2 * n && now.short === before.short && (fits >= n || fits === before.fits)) break;
      before = now;
    }
  } finally {
    certifier.close();
  }
  return out;
}

/** Register the options' theme specs (the same spec again is a no-op). */
export function registerThemeSpecs(opts: Pick<GenerateOptions, 'themeSpecs'>): void {
  for (const spec of opts.themeSpecs ?? []) registerSpecTheme(spec);
}

/** What a world file says of a theme that is not built in: its spec, so the file opens anywhere. */
const specMeta = (theme: ThemeDef) => (BUILTIN_THEMES.has(theme.id) ? {} : { theme_spec: JSON.stringify(SPEC_OF.get(theme)) });

/** Why an attempt was dropped before its tasks were drawn: its rows held too few or too many facts. */
const FACTS_DRAWN = /^drew (\d+) facts$/;
const factsOutOfRange = (n: number) => `drew ${n} facts`;

function* attempts(seed: number, index: number, opts: GenerateOptions, problems: string[]): Generator<Attempt> {
  registerThemeSpecs(opts);
  const theme = themeFor(index, opts.themes);
  const realBrands = opts.realBrands ?? false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const key = `${GENERATOR_VERSION}|${seed}|${index}|${theme.id}|${realBrands ? 1 : 0}|${attempt}`;
    const rng = new Rng(key);
    const faker = new Faker({ locale: [en, base], seed: hash32(key) });
    const year = rng.int(2029, 2034);
    const names = new NamePool(rng.fork('names'), faker);
    const rows = theme.generate({ rng: rng.fork('rows'), faker, names, year, realBrands });
    const n = countFacts(theme, rows);
    if (n < FACT_MIN || n > FACT_MAX) {
      problems.push(factsOutOfRange(n));
      continue;
    }
    const fx = deriveFacts(theme, rows);
    const documents = renderPages(theme, rows, fx, rng.fork('pages'), year, { genderOf: (n) => names.genderOf(n) });
    const candidates = drawCandidates(theme, rows, fx, documents, rng.fork('tasks'), opts);
    yield {
      data: {
        meta: {
          format_version: FORMAT_VERSION,
          world_id: worldId(seed, index),
          theme: theme.id,
          seed,
          index,
          generator_version: GENERATOR_VERSION,
          reference_date: `${year + 1}-01-15`,
          fact_count: fx.facts.length,
          real_brands: realBrands,
          difficulty: opts.difficulty ?? DEFAULT_DIFFICULTY,
          tasks_per_world: opts.tasksPerWorld ?? DEFAULT_TASKS_PER_WORLD,
          ...specMeta(theme),
        },
        theme,
        rows,
        facts: fx.facts,
        documents,
        tasks: [],
      },
      candidates,
    };
  }
}

/** The chosen candidates as the world's tasks t01…, in candidate order, each with its oracle plan. */
function withTasks(a: Attempt, chosen: readonly CertifiedTask[], plans: ReadonlyMap<CertifiedTask, PlanStep[]>, idPrefix = 't'): WorldData {
  const tasks: Task[] = chosen.map(({ signature: _s, ...t }, i) => ({
    ...t,
    id: `${idPrefix}${String(i + 1).padStart(2, '0')}`,
    certificate: { ...t.certificate, plan: plans.get(chosen[i]!) ?? [] },
  }));
  return { ...a.data, tasks };
}

/** The world if it is complete and consistent, else its problems. */
function finished(data: WorldData, opts: GenerateOptions): { data: WorldData } | { problems: string[] } {
  const n = opts.tasksPerWorld ?? DEFAULT_TASKS_PER_WORLD;
  if (data.tasks.length < n)
    return { problems: [`only ${data.tasks.length} of ${n} ${opts.difficulty ?? DEFAULT_DIFFICULTY} tasks passed their certificates and the prover`] };
  const found = checkWorld(data);
  return found.length === 0 ? { data } : { problems: found.slice(0, 3) };
}

function failed(seed: number, index: number, opts: GenerateOptions, problems: string[]): FictionError {
  const theme = themeFor(index, opts.themes);
  const counts = problems.flatMap((p) => FACTS_DRAWN.exec(p)?.[1] ?? []).map(Number);
  // What failed the attempts that drew tasks comes first; the attempts dropped for their fact count last.
  const shown = [...new Set(problems.filter((p) => !FACTS_DRAWN.test(p)))].slice(0, counts.length > 0 ? 2 : 3);
  if (counts.length > 0) shown.push(`${counts.length} drew ${Math.min(...counts)}–${Math.max(...counts)} facts where a world needs ${FACT_MIN}–${FACT_MAX}`);
  return new FictionError('INCONSISTENT', `world ${worldId(seed, index)} (${theme.id}) failed ${MAX_ATTEMPTS} attempts: ${shown.join('; ')}`);
}

/**
 * World `index` of batch `seed`, its tasks certified but not proved by the oracle: every certified task
 * counts as solvable, its plan empty. For tools and tests that need a world in process; a batch uses
 * generateProvedWorld.
 */
export function generateWorld(seed: number, index: number, opts: GenerateOptions = {}): WorldData {
  const problems: string[] = [];
  const n = opts.tasksPerWorld ?? DEFAULT_TASKS_PER_WORLD;
  for (const a of attempts(seed, index, opts, problems)) {
    const r = finished(withTasks(a, selectTasks(a.candidates, opts.difficulty ?? DEFAULT_DIFFICULTY, n), new Map()), opts);
    if ('data' in r) return r.data;
    problems.push(...r.problems);
  }
  throw failed(seed, index, opts, problems);
}

/**
 * World `index` of batch `seed` with every task proved: the prover (the reference oracle) solves the
 * selected tasks by searching; an unsolved task is dropped and the next candidate of its tier proved in
 * its place. Without a prover this is generateWorld.
 */
export async function generateProvedWorld(seed: number, index: number, opts: GenerateOptions = {}, prove?: Prover): Promise<WorldData> {
  if (!prove) return generateWorld(seed, index, opts);
  const problems: string[] = [];
  const mode = opts.difficulty ?? DEFAULT_DIFFICULTY;
  const n = opts.tasksPerWorld ?? DEFAULT_TASKS_PER_WORLD;
  for (const a of attempts(seed, index, opts, problems)) {
    const unsolved = new Set<CertifiedTask>();
    const plans = new Map<CertifiedTask, PlanStep[]>();
    let picks = selectTasks(a.candidates, mode, n, unsolved);
    for (let fresh = picks; fresh.length > 0; fresh = picks.filter((t) => !plans.has(t))) {
      const trial = withTasks(a, fresh, plans, 'p');
      const proofs = await prove(trial, trial.tasks);
      if (proofs.length !== fresh.length) throw new FictionError('INCONSISTENT', `the prover returned ${proofs.length} proofs for ${fresh.length} tasks`);
      for (const [i, t] of fresh.entries()) {
        if (proofs[i]!.solved) plans.set(t, proofs[i]!.plan);
        else unsolved.add(t);
      }
      picks = selectTasks(a.candidates, mode, n, unsolved);
    }
    const r = finished(withTasks(a, picks, plans), opts);
    if ('data' in r) return r.data;
    problems.push(...r.problems);
  }
  throw failed(seed, index, opts, problems);
}
