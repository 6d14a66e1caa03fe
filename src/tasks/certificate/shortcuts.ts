/**
 * The shortcut checks (SHORTCUT_CHECKS): ways to reach a task's answer without the intended work. Each
 * check looks at the task and the world's facts only, so generation (on the draft) and `validate` (on
 * the file read back) run the same code. A draft failing any check that applies to it is dropped.
 *
 * `no_single_page` applies to medium and hard tasks (a one-page task is never rated above easy:
 * difficulty.ts); an easy task whose evidence sits on one page (a plain lookup) has the check waived,
 * and its certificate does not list it. Every other check applies to every task.
 */
import type { Fact } from '../../world/types.js';
import { nameAliases } from '../../world/tasks.js';
import { mentions } from '../../text.js';
import { numbersEqual } from '../../text/stated.js';
import { numberStated } from '../match-value.js';
import { CORPORATE_SUFFIXES } from '../../text/short-names.js';
import type { Difficulty, ShortcutCheck } from './schema.js';
import { GENERATOR_VERSION } from '../../world/types.js';
import { CHECK_SINCE, SHORTCUT_CHECKS } from './schema.js';

/** What the checks read of a world. */
export interface CheckWorld {
  facts: readonly Fact[];
  factById: ReadonlyMap<number, Fact>;
  /** Lower-cased subject names of every fact. */
  allNames: ReadonlySet<string>;
  /** Rows per named table (the `no_whole_table` check compares a candidate list with it). */
  tableSizes: ReadonlyMap<string, number>;
}

/** What the checks read of a task (a draft or a task read back). */
export interface CheckTask {
  kind: string;
  question: string;
  answer: string;
  answerText: string;
  answerType: string;
  aliases: string[];
  tolerance: number;
  answerFactIds: number[];
  hopFactIds: number[];
}

export interface CheckOutcome {
  passed: ShortcutCheck[];
  failed: { check: ShortcutCheck; why: string }[];
}

/** Whether version `a` ("0.2.0") comes before `b`, part by part as numbers. */
export function versionBefore(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
}

/** Checks the generator `generator` did not yet hold every task to (CHECK_SINCE); none for this one. */
export function newerChecks(generator: string = GENERATOR_VERSION): ShortcutCheck[] {
  return SHORTCUT_CHECKS.filter((c) => CHECK_SINCE[c] !== undefined && versionBefore(generator, CHECK_SINCE[c]!));
}

/**
 * The checks a task's certificate must list: all of them, except `no_single_page` for an easy one-page
 * task and any check the world's (older) generator did not apply yet.
 */
export function requiredChecks(difficulty: Difficulty, pagesNeeded: number, generator: string = GENERATOR_VERSION): ShortcutCheck[] {
  const newer = newerChecks(generator);
  return SHORTCUT_CHECKS.filter((c) => !(c === 'no_single_page' && difficulty === 'easy' && pagesNeeded <= 1) && !newer.includes(c));
}

export function checkWorldOf(facts: readonly Fact[], tableSizes: ReadonlyMap<string, number>): CheckWorld {
  return { facts, factById: new Map(facts.map((f) => [f.id, f])), allNames: new Set(facts.map((f) => f.subject.toLowerCase())), tableSizes };
}

/** The world's names (lower-cased) a question mentions, longest first, a name inside a longer mentioned one left out. */
export function namesIn(question: string, allNames: ReadonlySet<string>): string[] {
  const found = [...allNames].filter((n) => mentions(question, n)).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return found.filter((n, i) => !found.slice(0, i).some((longer) => mentions(longer, n)));
}

const FUNCTION_WORDS = new Set(['the', 'and', 'for', 'von', 'van', 'del', 'der', 'des', 'los', 'las', 'san', 'saint']);
const SUFFIX_WORDS = new Set([...CORPORATE_SUFFIXES].map((w) => w.toLowerCase()));

/** The words of a name that could give another name away: three letters or more, no function word or corporate suffix. */
export function nameWords(name: string): string[] {
  return (name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !FUNCTION_WORDS.has(w) && !SUFFIX_WORDS.has(w));
}

/**
 * A bridge guessable from a name: one whose name shares a word with the start entity's name (the
 * subject of the first hop fact) or with a name the question mentions. Returns the first such bridge
 * and the name it shares a word with.
 */
export function guessableBridge(
  bridgeNames: readonly string[],
  start: string | undefined,
  questionNames: readonly string[],
): { bridge: string; via: string } | null {
  const others = [...(start ? [start] : []), ...questionNames];
  for (const bridge of bridgeNames) {
    const words = new Set(nameWords(bridge));
    for (const o of others) {
      if (o.toLowerCase() === bridge.toLowerCase()) return { bridge, via: 'the question names it' };
      if (nameWords(o).some((w) => words.has(w))) return { bridge, via: o };
    }
  }
  return null;
}

/** Is the answer one number that no answer fact holds (a sum, a difference, a count)? */
export function isDerivedNumber(w: CheckWorld, t: CheckTask): boolean {
  const v = numericAnswer(t);
  if (v === null) return false;
  return !t.answerFactIds.some((id) => {
    const f = w.factById.get(id);
    return f !== undefined && numbersEqual(Number(f.object), v, t.tolerance);
  });
}

/** The single answer value when the answer is one number (a count, a sum, a difference), else null. */
function numericAnswer(t: CheckTask): number | null {
  if (t.answerType !== 'integer' && t.answerType !== 'real') return null;
  const rows = JSON.parse(t.answer) as unknown[][];
  if (rows.length !== 1 || rows[0]!.length !== 1) return null;
  const v = Number(rows[0]![0]);
  return Number.isFinite(v) ? v : null;
}

/**
 * A derived answer printed outright: the answer is a number no answer fact holds (a sum, a difference, a
 * count), and another fact, of a subject related to the evidence (an evidence subject, an entity an
 * evidence fact names, or one that names such a subject), holds that same number: "annual net income"
 * equal to the sum of the quarters asked for. Returns that fact.
 */
export function printedAnswer(w: CheckWorld, t: CheckTask, evidence: readonly number[]): Fact | null {
  const v = numericAnswer(t);
  if (v === null || !isDerivedNumber(w, t)) return null; // a stated fact's own value is no derived answer
  const ev = new Set(evidence);
  const near = new Set<string>();
  for (const id of evidence) {
    const f = w.factById.get(id);
    if (!f) continue;
    near.add(f.subject.toLowerCase());
    if (f.objectType === 'entity') near.add(f.object.toLowerCase());
  }
  const related = new Set(near);
  for (const f of w.facts) {
    if (f.objectType !== 'entity') continue;
    if (near.has(f.object.toLowerCase())) related.add(f.subject.toLowerCase());
    if (near.has(f.subject.toLowerCase())) related.add(f.object.toLowerCase());
  }
  for (const f of w.facts) {
    if (ev.has(f.id) || (f.objectType !== 'integer' && f.objectType !== 'real')) continue;
    if (related.has(f.subject.toLowerCase()) && numbersEqual(Number(f.object), v, t.tolerance)) return f;
  }
  return null;
}

/**
 * The answer (a cell, its human text, an alias, or an entity's short name) in the question. A choice
 * among at least four named candidates names its answer by design (the blind check holds it to 1/k):
 * an entity answer that is one of the candidates, every one of them named, passes.
 */
export function questionLeak(w: CheckWorld, t: CheckTask): string | null {
  const rows = JSON.parse(t.answer) as unknown[][];
  const cells = t.answerType === 'table' ? rows.map((r) => String(r[0])) : rows.flat().map(String);
  const candidates = [...new Set(t.answerFactIds.map((id) => w.factById.get(id)?.subject).filter((s): s is string => s !== undefined))];
  if (t.answerType === 'entity' && candidates.length >= 4 && cells.every((c) => candidates.includes(c)) && candidates.every((c) => mentions(t.question, c)))
    return null;
  const forms = [...cells, ...(t.answerType === 'table' || t.answerType === 'list' ? [] : [t.answerText]), ...t.aliases];
  if (t.answerType === 'entity') for (const c of cells) forms.push(...nameAliases(c, w.allNames as Set<string>));
  return forms.find((f) => f.trim() !== '' && mentions(t.question, f)) ?? null;
}

/**
 * A candidate list that is the whole table: the answer facts' subjects the question names (two or
 * more), when they are every row of their table, turn "which of these" into "which of all", which a
 * single ranking page answers. Returns the table.
 */
export function wholeTable(w: CheckWorld, t: CheckTask): string | null {
  const byTable = new Map<string, Set<string>>();
  for (const id of t.answerFactIds) {
    const f = w.factById.get(id);
    if (!f || !mentions(t.question, f.subject)) continue;
    (byTable.get(f.sourceTable) ?? byTable.set(f.sourceTable, new Set()).get(f.sourceTable)!).add(f.subject);
  }
  for (const [table, named] of byTable) if (named.size >= 2 && named.size >= (w.tableSizes.get(table) ?? Number.POSITIVE_INFINITY)) return table;
  return null;
}

/**
 * A number answer that other text matches with the scorer's own comparison: another fact of an answer
 * fact's column (same table and predicate) whose value is within the tolerance of the answer (a near
 * twin, 10.85 beside 10.87), or a name of the world that, submitted as the answer, states it ("24" in a
 * name for 23.9). Returns what matched; null for a non-number answer (tables and lists are skipped).
 */
export function twinNumber(w: CheckWorld, t: CheckTask): string | null {
  const v = numericAnswer(t);
  if (v === null) return null;
  const own = new Set(t.answerFactIds);
  const columns = new Set(t.answerFactIds.map((id) => w.factById.get(id)).flatMap((f) => (f ? [`${f.sourceTable}\u0000${f.predicate}`] : [])));
  for (const f of w.facts) {
    if (own.has(f.id) || (f.objectType !== 'integer' && f.objectType !== 'real')) continue;
    if (columns.has(`${f.sourceTable}\u0000${f.predicate}`) && numbersEqual(Number(f.object), v, t.tolerance))
      return `fact ${f.id} (${f.subject} ${f.predicate} ${f.object})`;
  }
  for (const name of w.allNames) if (numberStated(name, v, t.tolerance)) return `the name "${name}"`;
  return null;
}

export interface ShortcutInput {
  task: CheckTask;
  evidence: readonly number[];
  pagesNeeded: number;
  difficulty: Difficulty;
  /** Bridges of the task's chain, by name (a draft's bridgeNames). */
  bridgeNames: readonly string[];
  /** The generator version of the world the task is in (default: this one); see requiredChecks. */
  generator?: string;
}

/** Every check that applies to the task, passed or failed with its reason. */
export function runShortcutChecks(w: CheckWorld, s: ShortcutInput): CheckOutcome {
  const out: CheckOutcome = { passed: [], failed: [] };
  const questionNames = namesIn(s.task.question, w.allNames);
  const start = s.task.hopFactIds.length > 0 ? w.factById.get(s.task.hopFactIds[0]!)?.subject : undefined;
  const why: Record<ShortcutCheck, () => string | null> = {
    no_single_page: () => (s.pagesNeeded <= 1 ? `every evidence fact sits on one page, for a ${s.difficulty} task` : null),
    no_printed_answer: () => {
      const f = printedAnswer(w, s.task, s.evidence);
      return f ? `the answer is printed as fact ${f.id} (${f.subject} ${f.predicate} ${f.object})` : null;
    },
    no_guessable_bridge: () => {
      const g = guessableBridge(s.bridgeNames, start, questionNames);
      return g ? `bridge "${g.bridge}" is guessable from "${g.via}"` : null;
    },
    question_clean: () => {
      const leak = questionLeak(w, s.task);
      return leak ? `the question contains its answer ("${leak}")` : null;
    },
    no_whole_table: () => {
      const table = wholeTable(w, s.task);
      return table ? `the question's candidate list is every row of ${table}` : null;
    },
    no_twin_number: () => {
      const twin = twinNumber(w, s.task);
      return twin ? `the answer is matched within tolerance by ${twin}` : null;
    },
  };
  for (const check of requiredChecks(s.difficulty, s.pagesNeeded, s.generator)) {
    const failure = why[check]();
    if (failure === null) out.passed.push(check);
    else out.failed.push({ check, why: failure });
  }
  return out;
}
