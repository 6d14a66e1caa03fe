/**
 * auditWorlds: run every task's query suites through the real search path twice — guard off (a
 * session bound to the task with no guard) and guard on (the same binding, the leakage guard on) —
 * and judge what the agent would have read. Per query it keeps the guard's related/unrelated label,
 * both sides' result count, snippet length and leak findings, and the results the guard changed;
 * per task, whether the answer is reachable through related queries and the pages they surface
 * (with follow-up searches for entities those pages name, as an agent would make).
 */
import { loadFacts } from '../db/load.js';
import { guardContext, type GuardContext } from '../leakage/guard-context.js';
import type { SearchObservationJson, SearchResultJson } from '../render/observation.js';
import { createRenderer, type Renderer } from '../render/renderer.js';
import { callTool } from '../search/call-tool.js';
import { createSession, type Session } from '../compose.js';
import { createSearchWorld, type SearchWorld } from '../search/world-index.js';
import { sampleWorldFiles } from '../tasks/sample-worlds.js';
import { runPool, taskModule } from '../util/worker-pool.js';
import type { AnswerType, Fact, Task, TaskKind } from '../world/types.js';
import { AuditAccumulator, type AuditSummary } from './figures.js';
import { createIndependentJudge, loadClaims, type IndependentJudge } from './independent-judge.js';
import { judgeResults, type LeakFinding } from './judge.js';
import { blockStates, cellsReached, type Features, factsReached, guessFlagged, type IndependentFinding, type Probe, runProbe } from './probe.js';
import type { Family } from './families.js';
import { type AuditQuery, buildSuites, DEFAULT_SIZES, type SuiteName, type SuiteSizes } from './suites.js';
import type { AuditJob } from './worker.js';

export { sampleWorldFiles };

export interface SideFigures {
  results: number;
  snippetChars: number;
  /** Results that give the answer away by the independent judge (strict). */
  leakingResults: number;
  /** Results only the scorer matched, on an answer too short to be told from chance (independent-judge.ts). */
  weakResults: number;
}

export interface QueryRecord {
  world: string;
  theme: string;
  task: string;
  kind: TaskKind;
  answerType: AnswerType;
  suite: SuiteName;
  /** The query's tag; for an adversarial query, its family (families.ts). */
  tag: string;
  variant?: string;
  query: string;
  /** The guard's label. Leak figures count the unrelated ones. */
  related: boolean;
  raw: SideFigures;
  guarded: SideFigures;
  /** Guarded results the guard's own judge (judge.ts, the guard's exposure logic) says show the answer. */
  guardJudgeLeaks: number;
  /** Those results, as the guard's judge describes them. */
  leaks: LeakFinding[];
  /** Observation features of the guarded results, changed and untouched by the guard (probe.ts). */
  changed: Features;
  untouched: Features;
  /** Guarded results that give the answer away (independent judge), listed. */
  findings: IndependentFinding[];
  /** The first guard-off result that gives the answer away, if any (an example of what the guard prevents). */
  rawExample?: IndependentFinding;
  /** guess_confirm: whether a policy's classifier flags the guess, guard on and off. */
  guess?: { kind: 'right' | 'wrong'; flaggedOn: boolean; flaggedOff: boolean };
  /** batches of candidates: the candidate a policy would predict as the one whose value is withheld. */
  prediction?: { on: 'right' | 'wrong' | 'none'; off: 'right' | 'wrong' | 'none' };
}

export interface TaskRecord {
  world: string;
  theme: string;
  task: string;
  kind: TaskKind;
  answerFacts: number;
  reachedFacts: number;
  reachable: boolean;
  /** Honest queries (question, subject and attribute, one per row or candidate) reach the answer, by the independent judge, guard on and off. */
  honest: { on: boolean; off: boolean };
}

export interface WorldAudit {
  world: string;
  theme: string;
  queries: QueryRecord[];
  tasks: TaskRecord[];
}

export interface AuditOptions {
  /** Folder of worlds. */
  worlds: string;
  /** How many worlds to audit (a deterministic spread over the folder); default all. */
  sample?: number;
  renderer?: string;
  rendererOptions?: Readonly<Record<string, unknown>>;
  sizes?: SuiteSizes;
  /** The adversarial families to run (default all, families.ts). */
  families?: readonly Family[];
  /** Most follow-up searches per task for reachability (default: one per answer subject, at least 40). */
  followUps?: number;
  onWorld?: (done: number, total: number, audit: WorldAudit) => void;
}

async function search(session: Session, query: string): Promise<{ json: SearchObservationJson; related: boolean | undefined }> {
  const r = await callTool(session, { name: 'web_search', arguments: { query } });
  const select = r.meta.guard.find((d) => d.stage === 'select');
  return { json: r.json as SearchObservationJson, related: select ? Boolean(select.related) : undefined };
}

interface TaskRun {
  ctx: GuardContext;
  judge: IndependentJudge;
  task: Task;
  raw: Session;
  guarded: Session;
  /** A new pair of sessions bound to the task (a guessed URL is tried as a new episode would: nothing seen yet). */
  fresh: () => { raw: Session; guarded: Session };
  surfaced: Set<number>;
  /** Honest reach, by side: answer cells and answer facts stated, and whether the answer showed. */
  honest: { on: Reach; off: Reach };
  baselines: Map<string, { on: SearchResultJson[]; off: SearchResultJson[] }>;
}

interface Reach {
  cells: Set<string>;
  facts: Set<number>;
  shown: boolean;
}

const HONEST_TAGS = new Set(['question', 'paraphrase', 'fact', 'fact_of', 'row', 'row_attribute']);

async function runQuery(run: TaskRun, meta: { world: string; theme: string }, q: AuditQuery): Promise<QueryRecord> {
  // A guessed URL is a URL the agent has not seen: tried in sessions that have seen nothing (the
  // task's long audit session has seen, through honest queries, the very pages a guess would name).
  const sessions = q.url ? run.fresh() : run;
  const p = await runProbe(sessions.raw, sessions.guarded, run.judge, q);
  const gResults = p.guarded.blocks[0]?.results ?? [];
  const plain = !q.batch && !q.url;
  if (q.suite === 'related' && plain)
    for (const r of gResults) {
      const page = run.ctx.world.pageAt(r.url);
      if (page) run.surfaced.add(page.id);
    }
  if (q.suite === 'related' && HONEST_TAGS.has(q.tag))
    for (const [side, reach] of [
      [p.guarded, run.honest.on],
      [p.raw, run.honest.off],
    ] as const) {
      if (side.leaking > 0) reach.shown = true;
      cellsReached(run.judge, side, reach.cells);
      factsReached(run.judge, side, run.task.answerFactIds, reach.facts);
    }
  const guardJudged = plain ? judgeResults(run.ctx, gResults) : [];
  const record: QueryRecord = {
    world: meta.world,
    theme: meta.theme,
    task: run.task.id,
    kind: run.task.kind,
    answerType: run.task.answerType,
    suite: q.suite,
    tag: q.tag,
    ...(q.variant ? { variant: q.variant } : {}),
    query: q.url ?? (q.batch ? q.batch.join(' | ') : q.query),
    related: p.related,
    raw: { results: p.raw.results, snippetChars: p.raw.snippetChars, leakingResults: p.raw.leaking, weakResults: p.raw.weak },
    guarded: { results: p.guarded.results, snippetChars: p.guarded.snippetChars, leakingResults: p.guarded.leaking, weakResults: p.guarded.weak },
    guardJudgeLeaks: guardJudged.length,
    leaks: guardJudged,
    changed: p.changed,
    untouched: p.untouched,
    findings: p.findings.filter((f) => f.strength === 'strict'),
    ...(p.rawExample ? { rawExample: p.rawExample } : {}),
  };
  if (q.guess && q.baseline !== undefined) {
    let base = run.baselines.get(q.baseline);
    if (!base) {
      const [off, on] = [await search(run.raw, q.baseline), await search(run.guarded, q.baseline)];
      base = { off: off.json.queries[0]?.results ?? [], on: on.json.queries[0]?.results ?? [] };
      run.baselines.set(q.baseline, base);
    }
    const guessText = q.query.slice(q.baseline.length).trim();
    record.guess = { kind: q.guess, flaggedOn: guessFlagged(p.guarded, base.on, guessText), flaggedOff: guessFlagged(p.raw, base.off, guessText) };
  }
  if (q.batch && q.variant === 'candidates') record.prediction = predictWithheld(run, q.batch, p);
  return record;
}

/**
 * Batches of candidates: the candidate whose value no block shows while every other block shows its
 * candidate's (a policy's guess at the one the guard withholds), right when it is the answer.
 */
function predictWithheld(run: TaskRun, batch: readonly string[], p: Probe): { on: 'right' | 'wrong' | 'none'; off: 'right' | 'wrong' | 'none' } {
  const answer = String((JSON.parse(run.task.answer) as unknown[][])[0]?.[0] ?? '');
  const facts = run.task.answerFactIds.map((id) => run.ctx.fact(id)).filter((f): f is Fact => f !== undefined);
  const predict = (side: Probe['raw']): 'right' | 'wrong' | 'none' => {
    const missing: string[] = [];
    let shown = 0;
    batch.forEach((q, i) => {
      const fact = facts.find((f) => q.startsWith(f.subject));
      if (!fact) return;
      if (blockStates(run.judge, side.blocks[i]?.results ?? [], fact.id)) shown++;
      else missing.push(fact.subject);
    });
    if (missing.length !== 1 || shown === 0) return 'none';
    return missing[0] === answer ? 'right' : 'wrong';
  };
  return { on: predict(p.guarded), off: predict(p.raw) };
}

/**
 * Whether honest queries reached the answer: a table's every answer cell stated with its row key; a
 * short answer shown, or (a derived answer: a sum, a span of years) every answer fact stated.
 */
function honestReach(run: TaskRun, r: Reach): boolean {
  const tabular = run.task.answerType === 'table' || run.task.answerType === 'list';
  if (tabular) return run.judge.cellCount > 0 ? r.cells.size === run.judge.cellCount : r.facts.size === run.task.answerFactIds.length;
  return r.shown || r.facts.size === run.task.answerFactIds.length;
}

/** Audit one world file. */
export async function auditWorld(
  file: string,
  opts: Omit<AuditOptions, 'worlds' | 'sample' | 'onWorld'> & { rendererInstance?: Renderer } = {},
): Promise<WorldAudit> {
  const world: SearchWorld = createSearchWorld(file);
  // A renderer made here (a worker's world) is closed here: a world model holds connections and a cache file.
  let own: Renderer | undefined;
  try {
    const renderer = opts.rendererInstance ?? (own = await createRenderer(opts.renderer ?? 'template', opts.rendererOptions));
    const facts = loadFacts(world.world);
    const factsById = new Map(facts.map((f) => [f.id, f]));
    const claims = loadClaims(world.world.db);
    const pages = world.allPages();
    const hosts = [...new Set(pages.map((p) => new URL(p.url).host))].sort();
    const sites = [...new Set(pages.map((p) => p.site))].sort();
    const urls = pages.map((p) => p.url);
    const passageTexts = pages.flatMap((p) =>
      world
        .passagesOf(p.id)
        .filter((x) => x.ord > 0)
        .map((x) => x.text),
    );
    const meta = { world: world.id, theme: world.world.theme.id };
    const out: WorldAudit = { ...meta, queries: [], tasks: [] };
    for (const id of world.taskIds()) {
      const task = world.task(id)!;
      const ctx = guardContext(world, id);
      const run: TaskRun = {
        ctx,
        judge: createIndependentJudge(task, factsById, claims, passageTexts),
        task,
        honest: { on: { cells: new Set(), facts: new Set(), shown: false }, off: { cells: new Set(), facts: new Set(), shown: false } },
        baselines: new Map(),
        surfaced: new Set(),
        raw: createSession(world, { taskId: id, guard: null, renderer, historyLimit: 0 }),
        guarded: createSession(world, { taskId: id, renderer, historyLimit: 0 }),
        fresh: () => ({
          raw: createSession(world, { taskId: id, guard: null, renderer, historyLimit: 0 }),
          guarded: createSession(world, { taskId: id, renderer, historyLimit: 0 }),
        }),
      };
      for (const q of buildSuites(
        task,
        { worldId: world.id, theme: world.world.theme, facts, hosts, sites, urls },
        opts.sizes ?? DEFAULT_SIZES,
        opts.families,
      )) {
        out.queries.push(await runQuery(run, meta, q));
      }
      // Reachability: answer facts stated on surfaced pages; follow up on entities those pages name.
      const answerFacts = task.answerFactIds;
      const reached = () => new Set([...run.surfaced].flatMap((pid) => ctx.pageFacts(pid)).filter((f) => ctx.answerFactIds.has(f)));
      let covered = reached();
      const asked = new Set<string>();
      const tableOf = (f: Fact) => world.world.theme.tables.find((t) => t.name === f.sourceTable);
      const rows = answerFacts.map((fid) => ctx.fact(fid)).filter((f): f is Fact => f !== undefined);
      const nextFollowUp = (): string | undefined => {
        const surfacedText = [...run.surfaced].map((pid) => world.body(pid)).join('\n');
        const open = rows.filter((f) => !covered.has(f.id));
        // A row a surfaced page names: its attribute.
        const next = open.find((f) => !asked.has(f.subject) && surfacedText.includes(f.subject));
        if (next) {
          asked.add(next.subject);
          return `${next.subject} ${tableOf(next)?.columns.find((c) => c.name === next.sourceColumn)?.label ?? next.predicate}`;
        }
        // A row no surfaced page names (a wide task's record "Model, Quarter"): the members of an
        // entity the row refers to that a surfaced page names ("Thimis Lite 35 quarterly sales records").
        for (const f of open)
          for (const g of rows.filter((x) => x.subject === f.subject && x.objectType === 'entity' && surfacedText.includes(x.object))) {
            const q = `${g.object} ${tableOf(f)?.plural ?? ''}`.trim();
            if (!asked.has(q)) {
              asked.add(q);
              return q;
            }
          }
        return undefined;
      };
      // By default one follow-up per answer subject (a wide task has a row per subject), at least 40.
      const followUps = opts.followUps ?? Math.max(40, new Set(rows.map((f) => f.subject)).size);
      for (let k = 0; k < followUps && covered.size < ctx.answerFactIds.size; k++) {
        const q = nextFollowUp();
        if (!q) break;
        out.queries.push(await runQuery(run, meta, { suite: 'related', tag: 'follow_up', query: q }));
        covered = reached();
      }
      out.tasks.push({
        ...meta,
        task: id,
        kind: task.kind,
        answerFacts: ctx.answerFactIds.size,
        reachedFacts: covered.size,
        reachable: covered.size === ctx.answerFactIds.size,
        honest: { on: honestReach(run, run.honest.on), off: honestReach(run, run.honest.off) },
      });
    }
    return out;
  } finally {
    own?.close?.();
    world.close();
  }
}

/** Audit a folder of worlds (in `workers` threads when more than one), reporting each world in file order. */
export async function auditWorlds(opts: AuditOptions & { workers?: number }): Promise<AuditSummary> {
  const files = sampleWorldFiles(opts.worlds, opts.sample);
  const acc = new AuditAccumulator();
  const take = (audit: WorldAudit, i: number) => {
    acc.add(audit);
    opts.onWorld?.(i + 1, files.length, audit);
  };
  const options = { renderer: opts.renderer, rendererOptions: opts.rendererOptions, sizes: opts.sizes, followUps: opts.followUps, families: opts.families };
  let renderer: Renderer | undefined; // one instance for the whole run in the calling thread
  try {
    await runPool({
      jobs: files.map((file): AuditJob => ({ file, options })),
      workers: Math.min(opts.workers ?? 1, files.length),
      module: taskModule(import.meta.url, './worker'),
      onResult: take,
      describe: (job) => job.file,
      local: async (job) =>
        auditWorld(job.file, { ...opts, rendererInstance: (renderer ??= await createRenderer(opts.renderer ?? 'template', opts.rendererOptions)) }),
    });
  } finally {
    renderer?.close?.();
  }
  return acc.summary();
}
