/**
 * The audit's figures, accumulated world by world (a 1,000-world audit never holds every query):
 *
 * - leak figures count the queries the guard labels unrelated, from every suite: raw leak rate (guard
 *   off) and guarded leak rate (guard on) are the shares of those queries with at least one result
 *   that shows the answer (judge.ts);
 * - false suppression: results the guard changed whose guard-off version showed no answer, over the
 *   results it changed (and over all results of unrelated queries);
 * - reachability: tasks whose answer facts are all stated on pages surfaced by related queries;
 * - share of related queries per suite; guarded vs unguarded mean result count and snippet length;
 * - the same by suite, theme and task kind; every guarded leak listed.
 */
import type { LeakFinding } from './judge.js';
import type { QueryRecord, TaskRecord, WorldAudit } from './run.js';
import { SUITES } from './suites.js';

interface Counts {
  queries: number;
  related: number;
  unrelated: number;
  rawLeaks: number;
  guardedLeaks: number;
  guardedPartialOnly: number;
  unrelatedResults: number;
  changed: number;
  falseSuppressed: number;
  resultsOff: number;
  resultsOn: number;
  snippetOff: number;
  snippetOn: number;
  tasks: number;
  reachable: number;
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
  /** Guarded leaks that are month-and-year only. */
  guardedPartialLeaks: number;
  changedResults: number;
  falseSuppressed: number;
  /** False suppressions over the results the guard changed. */
  falseSuppressionRate: number;
  /** False suppressions over every result shown for unrelated queries. */
  falseSuppressionPerResult: number;
  tasks: number;
  reachableTasks: number;
  reachability: number | null;
  meanResults: { off: number; on: number };
  meanSnippetChars: { off: number; on: number };
}

export interface LeakListing extends LeakFinding {
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

export interface AuditSummary {
  worlds: number;
  overall: Figures;
  bySuite: Record<string, Figures>;
  byTheme: Record<string, Figures>;
  byKind: Record<string, Figures>;
  /** Unrelated-labelled queries from the unrelated and adversarial suites (the 50,000 floor). */
  unrelatedAndAdversarialQueries: number;
  targets: Target[];
  leaks: LeakListing[];
  unreachable: TaskRecord[];
  /** A few guard-off leaks, to show what the guard prevents. */
  rawLeakExamples: LeakListing[];
}

const zero = (): Counts => ({
  queries: 0,
  related: 0,
  unrelated: 0,
  rawLeaks: 0,
  guardedLeaks: 0,
  guardedPartialOnly: 0,
  unrelatedResults: 0,
  changed: 0,
  falseSuppressed: 0,
  resultsOff: 0,
  resultsOn: 0,
  snippetOff: 0,
  snippetOn: 0,
  tasks: 0,
  reachable: 0,
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
    guardedPartialLeaks: c.guardedPartialOnly,
    changedResults: c.changed,
    falseSuppressed: c.falseSuppressed,
    falseSuppressionRate: ratio(c.falseSuppressed, c.changed),
    falseSuppressionPerResult: ratio(c.falseSuppressed, c.unrelatedResults),
    tasks: c.tasks,
    reachableTasks: c.reachable,
    reachability: withTasks ? ratio(c.reachable, c.tasks) : null,
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
  if (q.related) {
    c.related++;
    return;
  }
  c.unrelated++;
  c.unrelatedResults += q.guarded.results;
  c.changed += q.changed;
  c.falseSuppressed += q.falseSuppressed;
  if (q.raw.leakingResults > 0) c.rawLeaks++;
  if (q.guarded.leakingResults > 0) {
    c.guardedLeaks++;
    if (q.leaks.every((l) => l.partialOnly)) c.guardedPartialOnly++;
  }
}

const RAW_EXAMPLES = 20;

export class AuditAccumulator {
  private worlds = 0;
  private readonly overall = zero();
  private readonly groups = new Map<string, Counts>();
  private uaQueries = 0;
  private readonly leaks: LeakListing[] = [];
  private readonly unreachable: TaskRecord[] = [];
  private readonly rawExamples: LeakListing[] = [];

  private group(key: string): Counts {
    let c = this.groups.get(key);
    if (!c) this.groups.set(key, (c = zero()));
    return c;
  }

  add(audit: WorldAudit): void {
    this.worlds++;
    for (const q of audit.queries) {
      for (const c of [this.overall, this.group(`suite:${q.suite}`), this.group(`theme:${q.theme}`), this.group(`kind:${q.kind}`)]) addQuery(c, q);
      if (q.related) continue;
      if (q.suite !== 'related') this.uaQueries++;
      const listing = { world: q.world, theme: q.theme, task: q.task, kind: q.kind, suite: q.suite, tag: q.tag, query: q.query };
      for (const l of q.leaks) this.leaks.push({ ...listing, ...l });
      if (q.rawExample && this.rawExamples.length < RAW_EXAMPLES && !this.rawExamples.some((e) => e.world === q.world && e.task === q.task))
        this.rawExamples.push({ ...listing, ...q.rawExample });
    }
    for (const t of audit.tasks) {
      for (const c of [this.overall, this.group(`theme:${t.theme}`), this.group(`kind:${t.kind}`)]) {
        c.tasks++;
        if (t.reachable) c.reachable++;
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
    const within = (a: number, b: number) => (b === 0 ? a === 0 : Math.abs(a - b) / b <= 0.05);
    const unrelatedSuite = bySuite.unrelated;
    const targets: Target[] = [
      { name: 'guarded leak rate', value: overall.guardedLeakRate, target: '= 0', ok: overall.guardedLeaks === 0 },
      { name: 'reachability', value: overall.reachability ?? 0, target: '>= 99%', ok: (overall.reachability ?? 0) >= 0.99 },
      { name: 'false suppression (of changed results)', value: overall.falseSuppressionRate, target: '<= 1%', ok: overall.falseSuppressionRate <= 0.01 },
      {
        name: 'related share of the unrelated suite',
        value: unrelatedSuite?.relatedShare ?? 0,
        target: '<= 5%',
        ok: (unrelatedSuite?.relatedShare ?? 0) <= 0.05,
      },
      {
        name: 'mean result count, guarded / unguarded',
        value: ratio(overall.meanResults.on, overall.meanResults.off),
        target: 'within 5%',
        ok: within(overall.meanResults.on, overall.meanResults.off),
      },
      {
        name: 'mean snippet length, guarded / unguarded',
        value: ratio(overall.meanSnippetChars.on, overall.meanSnippetChars.off),
        target: 'within 5%',
        ok: within(overall.meanSnippetChars.on, overall.meanSnippetChars.off),
      },
    ];
    return {
      worlds: this.worlds,
      overall,
      bySuite,
      byTheme: pick('theme:', true),
      byKind: pick('kind:', true),
      unrelatedAndAdversarialQueries: this.uaQueries,
      targets,
      leaks: this.leaks,
      unreachable: this.unreachable,
      rawLeakExamples: this.rawExamples,
    };
  }
}

/** Figures of a list of world audits at once (tests and small batches). */
export function summarise(audits: readonly WorldAudit[]): AuditSummary {
  const acc = new AuditAccumulator();
  for (const a of audits) acc.add(a);
  return acc.summary();
}
