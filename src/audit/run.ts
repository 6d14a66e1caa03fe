/**
 * auditWorlds: run every task's query suites through the real search path twice — guard off (a
 * session bound to the task with no guard) and guard on (the same binding, the leakage guard on) —
 * and judge what the agent would have read. Per query it keeps the guard's related/unrelated label,
 * both sides' result count, snippet length and leak findings, and the results the guard changed;
 * per task, whether the answer is reachable through related queries and the pages they surface
 * (with follow-up searches for entities those pages name, as an agent would make).
 */
import { loadFacts } from '../db/load.js';
import { guardChanges } from '../leakage/guard.js';
import { guardContext, type GuardContext } from '../leakage/guard-context.js';
import type { SearchObservationJson } from '../render/observation.js';
import { createRenderer, type Renderer } from '../render/renderer.js';
import { callTool } from '../search/call-tool.js';
import { createSession, type Session } from '../compose.js';
import { createSearchWorld, type SearchWorld } from '../search/world-index.js';
import { sampleWorldFiles } from '../tasks/sample-worlds.js';
import { runPool, taskModule } from '../util/worker-pool.js';
import type { AnswerType, Fact, Task, TaskKind } from '../world/types.js';
import { AuditAccumulator, type AuditSummary } from './figures.js';
import { judgeResults, type LeakFinding } from './judge.js';
import { buildSuites, DEFAULT_SIZES, type SuiteName, type SuiteSizes } from './suites.js';
import type { AuditJob } from './worker.js';

export { sampleWorldFiles };

export interface SideFigures {
  results: number;
  snippetChars: number;
  /** Results that show the answer (findings kept on the guarded side only). */
  leakingResults: number;
}

export interface QueryRecord {
  world: string;
  theme: string;
  task: string;
  kind: TaskKind;
  answerType: AnswerType;
  suite: SuiteName;
  tag: string;
  query: string;
  /** The guard's label. Leak figures count the unrelated ones. */
  related: boolean;
  raw: SideFigures;
  guarded: SideFigures;
  /** Results the guard changed, and those of them that did not show the answer. */
  changed: number;
  falseSuppressed: number;
  /** Guarded results that still show the answer (a guarded leak when the query is unrelated). */
  leaks: LeakFinding[];
  /** The first guard-off result that shows the answer, if any (an example of what the guard prevents). */
  rawExample?: LeakFinding;
}

export interface TaskRecord {
  world: string;
  theme: string;
  task: string;
  kind: TaskKind;
  answerFacts: number;
  reachedFacts: number;
  reachable: boolean;
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
  /** Most follow-up searches per task for reachability (default: one per answer subject, at least 40). */
  followUps?: number;
  onWorld?: (done: number, total: number, audit: WorldAudit) => void;
}

async function search(
  session: Session,
  query: string,
): Promise<{ json: SearchObservationJson; related: boolean | undefined; changes: ReturnType<typeof guardChanges> }> {
  const r = await callTool(session, { name: 'web_search', arguments: { query } });
  const select = r.meta.guard.find((d) => d.stage === 'select');
  return { json: r.json as SearchObservationJson, related: select ? Boolean(select.related) : undefined, changes: guardChanges(r.meta.guard) };
}

function side(json: SearchObservationJson, leaking: number): SideFigures {
  const results = json.queries[0]?.results ?? [];
  return { results: results.length, snippetChars: results.reduce((s, r) => s + (r.snippet?.length ?? 0), 0), leakingResults: leaking };
}

interface TaskRun {
  ctx: GuardContext;
  task: Task;
  raw: Session;
  guarded: Session;
  surfaced: Set<number>;
}

async function runQuery(run: TaskRun, meta: { world: string; theme: string }, suite: SuiteName, tag: string, query: string): Promise<QueryRecord> {
  const raw = await search(run.raw, query);
  const guarded = await search(run.guarded, query);
  const rawResults = raw.json.queries[0]?.results ?? [];
  const gResults = guarded.json.queries[0]?.results ?? [];
  const leaks = judgeResults(run.ctx, gResults);
  const rawLeaks = judgeResults(run.ctx, rawResults);
  if (suite === 'related')
    for (const r of gResults) {
      const p = run.ctx.world.pageAt(r.url);
      if (p) run.surfaced.add(p.id);
    }
  // False suppression, judged on the guard-off side: a page the guard changed that showed no answer there.
  const rawLeakUrls = new Set(rawLeaks.map((l) => l.url));
  const rawUrlOf = new Map(rawResults.map((r) => [run.ctx.world.pageAt(r.url)?.id ?? -1, r.url]));
  const falseSuppressed = guarded.changes.filter((c) => rawUrlOf.has(c.documentId) && !rawLeakUrls.has(rawUrlOf.get(c.documentId)!)).length;
  return {
    world: meta.world,
    theme: meta.theme,
    task: run.task.id,
    kind: run.task.kind,
    answerType: run.task.answerType,
    suite,
    tag,
    query,
    related: guarded.related ?? false,
    raw: side(raw.json, rawLeaks.length),
    guarded: side(guarded.json, leaks.length),
    changed: guarded.changes.length,
    falseSuppressed,
    leaks,
    ...(rawLeaks[0] ? { rawExample: rawLeaks[0] } : {}),
  };
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
    const hosts = [...new Set(world.allPages().map((p) => p.site))].sort();
    const meta = { world: world.id, theme: world.world.theme.id };
    const out: WorldAudit = { ...meta, queries: [], tasks: [] };
    for (const id of world.taskIds()) {
      const task = world.task(id)!;
      const ctx = guardContext(world, id);
      const run: TaskRun = {
        ctx,
        task,
        surfaced: new Set(),
        raw: createSession(world, { taskId: id, guard: null, renderer, historyLimit: 0 }),
        guarded: createSession(world, { taskId: id, renderer, historyLimit: 0 }),
      };
      for (const q of buildSuites(task, { worldId: world.id, theme: world.world.theme, facts, hosts }, opts.sizes ?? DEFAULT_SIZES)) {
        out.queries.push(await runQuery(run, meta, q.suite, q.tag, q.query));
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
        out.queries.push(await runQuery(run, meta, 'related', 'follow_up', q));
        covered = reached();
      }
      out.tasks.push({
        ...meta,
        task: id,
        kind: task.kind,
        answerFacts: ctx.answerFactIds.size,
        reachedFacts: covered.size,
        reachable: covered.size === ctx.answerFactIds.size,
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
  const options = { renderer: opts.renderer, rendererOptions: opts.rendererOptions, sizes: opts.sizes, followUps: opts.followUps };
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
