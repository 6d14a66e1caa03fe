/**
 * The audit's figures, accumulated world by world (a 1,000-world audit never holds every query).
 * Every leak figure is the independent judge's (independent-judge.ts); the guard's own judge is kept
 * beside it for comparison:
 *
 * - leak figures count the queries the guard labels unrelated, from every suite and family: raw leak
 *   rate (guard off) and guarded leak rate (guard on) are the shares of those queries with at least one
 *   result that gives the answer away (strict); also the share over every query of a group whatever
 *   its label ("any label": a family's one-search solves), and weak findings apart;
 * - false suppression: tasks whose honest queries (the question, subject and attribute, one query per
 *   row or candidate) reach the answer with the guard off but not with it on, over those reached off;
 *   the share of tasks reached with the guard on (target >= 95%);
 * - side channels (probe.ts): ellipses, snippet length, snippets without the query's words among the
 *   guarded results the guard changed vs those it left untouched, and the result count of queries it
 *   changed vs their unguarded count; guess and confirm: how often a policy's classifier flags a right
 *   and a wrong guess (its advantage is the difference); batches of candidates: how often the one
 *   candidate whose value is withheld is the answer;
 * - reachability (the guard's bookkeeping: answer facts on pages surfaced by related queries);
 * - the same by suite, adversarial family, theme and task kind; guarded leaks listed (the first 500).
 */
import type { Features } from './probe.js';
import type { IndependentFinding } from './probe.js';
import type { QueryRecord, TaskRecord, WorldAudit } from './run.js';
import { FAMILIES } from './families.js';
import { SUITES } from './suites.js';
import { FAMILY_POLICY } from '../leakage/family-policy.js';

interface Counts {
  queries: number;
  related: number;
  unrelated: number;
  rawLeaks: number;
  guardedLeaks: number;
  guardedWeak: number;
  anyLabelGuardedLeaks: number;
  anyLabelRawLeaks: number;
  guardJudgeLeaks: number;
  resultsOff: number;
  resultsOn: number;
  snippetOff: number;
  snippetOn: number;
  tasks: number;
  reachable: number;
  honestOn: number;
  honestOff: number;
  falseSuppressed: number;
}

export interface Figures {
  queries: number;
  /** Queries the guard labelled unrelated: the denominator of the leak rates. */
  unrelatedQueries: number;
  relatedShare: number;
  rawLeaks: number;
  rawLeakRate: number;
  guardedLeaks: number;
  guardedLeakRate: number;
  /** Unrelated queries with a weak finding only (the scorer on a very short answer). */
  guardedWeakLeaks: number;
  /** Over every query whatever the guard's label: with a strict guarded (and unguarded) leak. */
  anyLabel: { guardedLeaks: number; guardedLeakRate: number; rawLeaks: number; rawLeakRate: number };
  /** Unrelated queries the guard's own judge (its exposure logic) counts as leaking. */
  guardJudgeLeaks: number;
  tasks: number;
  reachableTasks: number;
  reachability: number | null;
  /** Honest queries reach the answer (independent judge), guard on and off, and false suppression. */
  honest: { on: number | null; off: number | null; falseSuppressed: number; falseSuppressionRate: number | null };
  meanResults: { off: number; on: number };
  meanSnippetChars: { off: number; on: number };
}

export interface LeakListing extends IndependentFinding {
  world: string;
  theme: string;
  task: string;
  kind: string;
  suite: string;
  tag: string;
  query: string;
}

export interface Target {
  name: string;
  value: number;
  target: string;
  ok: boolean;
}

export interface FeatureFigures {
  results: number;
  ellipsisShare: number;
  meanSnippetChars: number;
  noQueryWordShare: number;
}

export interface SideChannels {
  changed: FeatureFigures;
  untouched: FeatureFigures;
  /** Changed minus untouched, in percentage points (snippet length: in percent of the untouched mean). */
  difference: { ellipses: number; snippetLength: number; noQueryWord: number };
  /** Unrelated queries with a changed result: mean result count guard on and off (a short page shows). */
  resultCount: { changedQueries: number; on: number; off: number; differencePct: number };
  guessConfirm: { right: number; wrong: number; flaggedRightOn: number; flaggedWrongOn: number; advantageOn: number; advantageOff: number };
  batchPrediction: { tasks: number; rightOn: number; rightOff: number; rateOn: number; rateOff: number };
}

export interface AuditSummary {
  worlds: number;
  overall: Figures;
  bySuite: Record<string, Figures>;
  byFamily: Record<string, Figures>;
  byTheme: Record<string, Figures>;
  byKind: Record<string, Figures>;
  /** Unrelated-labelled queries from the unrelated and adversarial suites. */
  unrelatedAndAdversarialQueries: number;
  sideChannels: SideChannels;
  targets: Target[];
  /** Guarded leaks (the first MAX_LISTED), and how many there are. */
  leaks: LeakListing[];
  leakCount: number;
  unreachable: TaskRecord[];
  /** A few guard-off leaks, to show what the guard prevents. */
  rawLeakExamples: LeakListing[];
  /**
   * One-search solves of multi-hop and chain tasks: tasks where one web_search an agent could write from
   * the question and the names it contains (ONE_SEARCH_TAGS) shows, guarded and whatever its label, a
   * result whose visible text scores 1 with the scorer.
   */
  oneSearch: { tasks: number; solved: number; rate: number; byKind: Record<string, { tasks: number; solved: number; rate: number }> };
  /** What the guard protects per task family, and what it leaves to the work (src/leakage/family-policy.ts). */
  policy: typeof FAMILY_POLICY;
}

/** Kinds whose one-search solves are measured. */
export const ONE_SEARCH_KINDS: readonly string[] = ['multi_hop', 'chain'];
/** Queries written from the question and the names it contains (suites.ts tags, families.ts families). */
export const ONE_SEARCH_TAGS: ReadonlySet<string> = new Set([
  'question',
  'paraphrase',
  'hop1',
  'multi_hop_one_search',
  'near_duplicate',
  'long',
  'attribute_only',
  'list_ranking',
]);

const zero = (): Counts => ({
  queries: 0,
  related: 0,
  unrelated: 0,
  rawLeaks: 0,
  guardedLeaks: 0,
  guardedWeak: 0,
  anyLabelGuardedLeaks: 0,
  anyLabelRawLeaks: 0,
  guardJudgeLeaks: 0,
  resultsOff: 0,
  resultsOn: 0,
  snippetOff: 0,
  snippetOn: 0,
  tasks: 0,
  reachable: 0,
  honestOn: 0,
  honestOff: 0,
  falseSuppressed: 0,
});

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

function figures(c: Counts, withTasks: boolean): Figures {
  return {
    queries: c.queries,
    unrelatedQueries: c.unrelated,
    relatedShare: ratio(c.related, c.queries),
    rawLeaks: c.rawLeaks,
    rawLeakRate: ratio(c.rawLeaks, c.unrelated),
    guardedLeaks: c.guardedLeaks,
    guardedLeakRate: ratio(c.guardedLeaks, c.unrelated),
    guardedWeakLeaks: c.guardedWeak,
    anyLabel: {
      guardedLeaks: c.anyLabelGuardedLeaks,
      guardedLeakRate: ratio(c.anyLabelGuardedLeaks, c.queries),
      rawLeaks: c.anyLabelRawLeaks,
      rawLeakRate: ratio(c.anyLabelRawLeaks, c.queries),
    },
    guardJudgeLeaks: c.guardJudgeLeaks,
    tasks: c.tasks,
    reachableTasks: c.reachable,
    reachability: withTasks ? ratio(c.reachable, c.tasks) : null,
    honest: {
      on: withTasks ? ratio(c.honestOn, c.tasks) : null,
      off: withTasks ? ratio(c.honestOff, c.tasks) : null,
      falseSuppressed: c.falseSuppressed,
      falseSuppressionRate: withTasks ? ratio(c.falseSuppressed, c.honestOff) : null,
    },
    meanResults: { off: ratio(c.resultsOff, c.queries), on: ratio(c.resultsOn, c.queries) },
    meanSnippetChars: { off: ratio(c.snippetOff, c.resultsOff), on: ratio(c.snippetOn, c.resultsOn) },
  };
}

function addQuery(c: Counts, q: QueryRecord): void {
  c.queries++;
  c.resultsOff += q.raw.results;
  c.resultsOn += q.guarded.results;
  c.snippetOff += q.raw.snippetChars;
  c.snippetOn += q.guarded.snippetChars;
  if (q.guarded.leakingResults > 0) c.anyLabelGuardedLeaks++;
  if (q.raw.leakingResults > 0) c.anyLabelRawLeaks++;
  if (q.related) {
    c.related++;
    return;
  }
  c.unrelated++;
  if (q.raw.leakingResults > 0) c.rawLeaks++;
  if (q.guarded.leakingResults > 0) c.guardedLeaks++;
  else if (q.guarded.weakResults > 0) c.guardedWeak++;
  if (q.guardJudgeLeaks > 0) c.guardJudgeLeaks++;
}

const addFeatures = (into: Features, f: Features) => {
  into.results += f.results;
  into.ellipses += f.ellipses;
  into.snippetChars += f.snippetChars;
  into.noQueryWord += f.noQueryWord;
};
const featureFigures = (f: Features): FeatureFigures => ({
  results: f.results,
  ellipsisShare: ratio(f.ellipses, f.results),
  meanSnippetChars: ratio(f.snippetChars, f.results),
  noQueryWordShare: ratio(f.noQueryWord, f.results),
});
const noFeatures = (): Features => ({ results: 0, ellipses: 0, snippetChars: 0, noQueryWord: 0 });

/** Most guarded leaks listed in a summary (the count is kept whole). */
export const MAX_LISTED = 500;
const RAW_EXAMPLES = 20;

export class AuditAccumulator {
  private worlds = 0;
  private readonly overall = zero();
  private readonly groups = new Map<string, Counts>();
  private uaQueries = 0;
  private leakCount = 0;
  private readonly leaks: LeakListing[] = [];
  private readonly unreachable: TaskRecord[] = [];
  private readonly rawExamples: LeakListing[] = [];
  private readonly changed = noFeatures();
  private readonly untouched = noFeatures();
  private readonly counts = { changedQueries: 0, on: 0, off: 0 };
  private readonly guess = { right: 0, wrong: 0, rightOn: 0, wrongOn: 0, rightOff: 0, wrongOff: 0 };
  private readonly prediction = { tasks: 0, rightOn: 0, rightOff: 0 };
  /** Multi-hop and chain tasks by kind: how many, and how many one search solved. */
  private readonly oneSearch = new Map<string, { tasks: number; solved: number }>();

  private group(key: string): Counts {
    let c = this.groups.get(key);
    if (!c) this.groups.set(key, (c = zero()));
    return c;
  }

  add(audit: WorldAudit): void {
    this.worlds++;
    for (const q of audit.queries) {
      const keys = [`suite:${q.suite}`, `theme:${q.theme}`, `kind:${q.kind}`, ...(q.suite === 'adversarial' ? [`family:${q.tag}`] : [])];
      for (const c of [this.overall, ...keys.map((k) => this.group(k))]) addQuery(c, q);
      if (q.guess) {
        const g = this.guess;
        if (q.guess.kind === 'right') {
          g.right++;
          g.rightOn += q.guess.flaggedOn ? 1 : 0;
          g.rightOff += q.guess.flaggedOff ? 1 : 0;
        } else {
          g.wrong++;
          g.wrongOn += q.guess.flaggedOn ? 1 : 0;
          g.wrongOff += q.guess.flaggedOff ? 1 : 0;
        }
      }
      if (q.prediction) {
        this.prediction.tasks++;
        if (q.prediction.on === 'right') this.prediction.rightOn++;
        if (q.prediction.off === 'right') this.prediction.rightOff++;
      }
      if (q.related) continue;
      addFeatures(this.changed, q.changed);
      addFeatures(this.untouched, q.untouched);
      if (q.changed.results > 0) {
        this.counts.changedQueries++;
        this.counts.on += q.guarded.results;
        this.counts.off += q.raw.results;
      }
      if (q.suite !== 'related') this.uaQueries++;
      const listing = { world: q.world, theme: q.theme, task: q.task, kind: q.kind, suite: q.suite, tag: q.tag, query: q.query };
      this.leakCount += q.findings.length;
      for (const l of q.findings) if (this.leaks.length < MAX_LISTED) this.leaks.push({ ...listing, ...l });
      if (q.rawExample && this.rawExamples.length < RAW_EXAMPLES && !this.rawExamples.some((e) => e.world === q.world && e.task === q.task))
        this.rawExamples.push({ ...listing, ...q.rawExample });
    }
    const solvedInOne = new Set(
      audit.queries.filter((q) => ONE_SEARCH_TAGS.has(q.tag) && q.findings.some((f) => f.detail.startsWith('scorer:'))).map((q) => q.task),
    );
    for (const t of audit.tasks) {
      if (ONE_SEARCH_KINDS.includes(t.kind)) {
        const o = this.oneSearch.get(t.kind) ?? this.oneSearch.set(t.kind, { tasks: 0, solved: 0 }).get(t.kind)!;
        o.tasks++;
        if (solvedInOne.has(t.task)) o.solved++;
      }
      for (const c of [this.overall, this.group(`theme:${t.theme}`), this.group(`kind:${t.kind}`)]) {
        c.tasks++;
        if (t.reachable) c.reachable++;
        if (t.honest.on) c.honestOn++;
        if (t.honest.off) c.honestOff++;
        if (t.honest.off && !t.honest.on) c.falseSuppressed++;
      }
      if (!t.reachable) this.unreachable.push(t);
    }
  }

  summary(): AuditSummary {
    const pick = (prefix: string, withTasks: boolean) =>
      Object.fromEntries(
        [...this.groups]
          .filter(([k]) => k.startsWith(prefix))
          .map(([k, c]) => [k.slice(prefix.length), figures(c, withTasks)])
          .sort(([a], [b]) => (a! < b! ? -1 : 1)),
      );
    const overall = figures(this.overall, true);
    const bySuite = Object.fromEntries(SUITES.filter((s) => this.groups.has(`suite:${s}`)).map((s) => [s, figures(this.groups.get(`suite:${s}`)!, false)]));
    const byFamily = Object.fromEntries(
      FAMILIES.filter((f) => this.groups.has(`family:${f}`)).map((f) => [f, figures(this.groups.get(`family:${f}`)!, false)]),
    );
    const changed = featureFigures(this.changed);
    const untouched = featureFigures(this.untouched);
    const g = this.guess;
    const sideChannels: SideChannels = {
      changed,
      untouched,
      difference: {
        ellipses: 100 * (changed.ellipsisShare - untouched.ellipsisShare),
        snippetLength: 100 * ratio(changed.meanSnippetChars - untouched.meanSnippetChars, untouched.meanSnippetChars),
        noQueryWord: 100 * (changed.noQueryWordShare - untouched.noQueryWordShare),
      },
      resultCount: {
        changedQueries: this.counts.changedQueries,
        on: ratio(this.counts.on, this.counts.changedQueries),
        off: ratio(this.counts.off, this.counts.changedQueries),
        differencePct: 100 * ratio(this.counts.on - this.counts.off, this.counts.off),
      },
      guessConfirm: {
        right: g.right,
        wrong: g.wrong,
        flaggedRightOn: ratio(g.rightOn, g.right),
        flaggedWrongOn: ratio(g.wrongOn, g.wrong),
        advantageOn: ratio(g.rightOn, g.right) - ratio(g.wrongOn, g.wrong),
        advantageOff: ratio(g.rightOff, g.right) - ratio(g.wrongOff, g.wrong),
      },
      batchPrediction: {
        tasks: this.prediction.tasks,
        rightOn: this.prediction.rightOn,
        rightOff: this.prediction.rightOff,
        rateOn: ratio(this.prediction.rightOn, this.prediction.tasks),
        rateOff: ratio(this.prediction.rightOff, this.prediction.tasks),
      },
    };
    const oneByKind = Object.fromEntries(
      [...this.oneSearch].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, o]) => [k, { ...o, rate: ratio(o.solved, o.tasks) }]),
    );
    const oneTasks = [...this.oneSearch.values()].reduce((n, o) => n + o.tasks, 0);
    const oneSolved = [...this.oneSearch.values()].reduce((n, o) => n + o.solved, 0);
    const oneSearch = { tasks: oneTasks, solved: oneSolved, rate: ratio(oneSolved, oneTasks), byKind: oneByKind };
    const unrelatedSuite = bySuite.unrelated;
    const diff = sideChannels.difference;
    const targets: Target[] = [
      { name: 'guarded leak rate (independent judge)', value: overall.guardedLeakRate, target: '= 0', ok: overall.guardedLeaks === 0 },
      { name: 'honest queries reach the answer, guarded', value: overall.honest.on ?? 0, target: '>= 95%', ok: (overall.honest.on ?? 0) >= 0.95 },
      { name: 'reachability (guard bookkeeping)', value: overall.reachability ?? 0, target: '>= 99%', ok: (overall.reachability ?? 0) >= 0.99 },
      {
        name: 'related share of the unrelated suite',
        value: unrelatedSuite?.relatedShare ?? 0,
        target: '<= 5%',
        ok: (unrelatedSuite?.relatedShare ?? 0) <= 0.05,
      },
      { name: 'ellipses, changed - untouched (points)', value: diff.ellipses, target: '<= 3', ok: Math.abs(diff.ellipses) <= 3 },
      { name: 'snippet length, changed vs untouched (%)', value: diff.snippetLength, target: '<= 3', ok: Math.abs(diff.snippetLength) <= 3 },
      { name: 'no query word, changed - untouched (points)', value: diff.noQueryWord, target: '<= 3', ok: Math.abs(diff.noQueryWord) <= 3 },
      {
        name: 'result count of changed queries, on vs off (%)',
        value: sideChannels.resultCount.differencePct,
        target: '<= 3',
        ok: Math.abs(sideChannels.resultCount.differencePct) <= 3,
      },
      { name: 'one-search solves of multi-hop and chain tasks', value: oneSearch.rate, target: '<= 5%', ok: oneSearch.rate <= 0.05 },
      {
        name: 'guess-and-confirm advantage, guarded (points)',
        value: 100 * sideChannels.guessConfirm.advantageOn,
        target: '<= 5',
        ok: 100 * sideChannels.guessConfirm.advantageOn <= 5,
      },
    ];
    return {
      worlds: this.worlds,
      overall,
      bySuite,
      byFamily,
      byTheme: pick('theme:', true),
      byKind: pick('kind:', true),
      unrelatedAndAdversarialQueries: this.uaQueries,
      sideChannels,
      targets,
      leaks: this.leaks,
      leakCount: this.leakCount,
      unreachable: this.unreachable,
      rawLeakExamples: this.rawExamples,
      oneSearch,
      policy: FAMILY_POLICY,
    };
  }
}

/** Figures of a list of world audits at once (tests and small batches). */
export function summarise(audits: readonly WorldAudit[]): AuditSummary {
  const acc = new AuditAccumulator();
  for (const a of audits) acc.add(a);
  return acc.summary();
}
