/**
 * The oracle searcher: a scripted agent that solves a task with web_search and web_extractor only,
 * following the question's hops by searching entity names and reading what pages state.
 *
 * - lookup / multi_hop: start at the named entity, follow each link ("the brand of …") to the entity it
 *   names, read the asked attribute;
 * - comparison / temporal: read the attribute of every candidate, pick the highest/lowest/earliest/latest;
 * - aggregation: find every member of the set ("all phone models whose brand is B"), sum the attribute;
 * - wide_table: find every member, read each column, answer with a Markdown table.
 *
 * Issue 24's families (constraint, chain, wide, reasoning, conflict) are read by their family's reader
 * (READERS in src/tasks/families) and solved from the Reading (families/), with the theme's public
 * vocabulary (vocabulary.ts).
 */
import { withCommas } from '../format.js';
import type { ReadQuestion } from '../tasks/families/reading.js';
import { HARD_KINDS, type TaskKind } from '../world/types.js';
import { ORACLE_BUDGET } from './budget.js';
import { Browser } from './browser.js';
import { solveReading } from './families/index.js';
import { findMembers } from './members.js';
import type { OracleTask, ToolFn } from './oracle-task.js';
import { parseQuestion, type Chain, type Extreme } from './question.js';
import { met, resolveNeeds, type Need, type Want } from './resolve.js';
import { orderKey, numberOf } from './values.js';
import type { Vocabulary } from './vocabulary.js';

export { ORACLE_BUDGET };

export interface SolveOptions {
  /** The calls allowed (budget.ts's budgetFor); default 10, plus the rows found for a wide table. */
  budget?: number;
  /** The theme's public vocabulary: needed by issue 24's families. */
  vocabulary?: Vocabulary;
  /** Issue 24's question readers by kind (src/tasks/families READERS), given by the driver. */
  readers?: Partial<Record<TaskKind, ReadQuestion>>;
}

const isHard = (kind: TaskKind) => (HARD_KINDS as readonly string[]).includes(kind);

export interface OracleAnswer {
  /** The reply, with the answer in <answer> tags (empty tags when the oracle found nothing). */
  reply: string;
  /** The bare answer, or null. */
  answer: string | null;
  calls: number;
  /** The budget the oracle held itself to (10, plus the rows it found for a wide table). */
  budget: number;
  /** Why the oracle gave up, when it did. */
  note?: string;
}

const dedupe = (wants: Want[]) => [...new Map(wants.map((w) => [`${w.name}\u0000${w.label}`.toLowerCase(), w])).values()];

async function solveChain(b: Browser, readings: Chain[]): Promise<string | null> {
  let live = readings.map((r) => ({ r, name: r.subject }));
  for (let depth = 0; live.length > 0; depth++) {
    const labelAt = (x: (typeof live)[number]) => (depth < x.r.links.length ? x.r.links[depth]! : x.r.label);
    const need: Need = { alternatives: dedupe(live.map((x) => ({ name: x.name, label: labelAt(x) }))) };
    await resolveNeeds(b, [need]);
    const next: typeof live = [];
    for (const x of live) {
      const v = b.knowledge.value(x.name, labelAt(x));
      if (v === undefined) continue;
      if (depth === x.r.links.length) return v;
      next.push({ r: x.r, name: v });
    }
    live = next;
  }
  return null;
}

function better(a: ReturnType<typeof orderKey>, b: ReturnType<typeof orderKey>, extreme: Extreme): boolean {
  if (!a) return false;
  if (!b) return true;
  const high = extreme === 'highest' || extreme === 'latest';
  const cmp = 'date' in a && 'date' in b ? (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) : 'number' in a && 'number' in b ? a.number - b.number : 0;
  return high ? cmp > 0 : cmp < 0;
}

async function solveExtreme(
  b: Browser,
  { candidates, extreme, label, ask }: { candidates: string[]; extreme: Extreme; label: string; ask: 'which' | 'value' },
): Promise<{ answer: string | null; note?: string }> {
  const needs: Need[] = candidates.map((name) => ({ alternatives: [{ name, label }] }));
  const unmet = await resolveNeeds(b, needs, { sameKind: true });
  let best: string | null = null;
  let bestKey: ReturnType<typeof orderKey> = null;
  for (const n of needs) {
    const m = met(b, n);
    const key = m ? orderKey(m.value) : null;
    if (key && better(key, bestKey, extreme)) {
      best = ask === 'which' ? n.alternatives[0]!.name : m!.value;
      bestKey = key;
    }
  }
  return unmet.length > 0 ? { answer: best, note: `values of ${unmet.length} of ${candidates.length} candidates not found` } : { answer: best };
}

async function readMembers(b: Browser, members: string[], labels: string[]): Promise<Need[]> {
  const needs: Need[] = members.flatMap((name) => labels.map((label) => ({ alternatives: [{ name, label }] })));
  return resolveNeeds(b, needs);
}

async function solveTotal(b: Browser, q: { label: string; plural: string; link: string; parent: string }): Promise<{ answer: string | null; note?: string }> {
  const members = await findMembers(b, { noun: q.plural, scope: { link: q.link, parent: q.parent } });
  if (!members || members.length === 0) return { answer: null, note: 'members not found' };
  const unmet = await readMembers(b, members, [q.label]);
  if (unmet.length > 0) return { answer: null, note: `${unmet.length} of ${members.length} member values not found` };
  let total = 0;
  for (const name of members) {
    const n = numberOf(b.knowledge.value(name, q.label)!);
    if (n === null) return { answer: null, note: `value of ${name} is not a number` };
    total += n;
  }
  return { answer: withCommas(total, Number.isInteger(total) ? 0 : 2) };
}

const cell = (s: string) => s.replace(/\|/g, '/').replace(/\s+/g, ' ').trim();

async function solveTable(
  b: Browser,
  q: { entity: string; scope: { link: string; parent: string } | null; labels: string[]; columns: string[] },
  fixed: boolean,
): Promise<{ answer: string | null; note?: string }> {
  const members = await findMembers(b, { noun: q.entity, scope: q.scope });
  if (!members || members.length === 0) return { answer: null, note: 'members not found' };
  if (!fixed) b.budget = ORACLE_BUDGET + members.length;
  const unmet = await readMembers(b, members, q.labels);
  const rows = [...members].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)).map((name) => [name, ...q.labels.map((l) => b.knowledge.value(name, l) ?? '')]);
  const table = [
    `| ${q.columns.map(cell).join(' | ')} |`,
    `| ${q.columns.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
  return unmet.length > 0 ? { answer: table, note: `${unmet.length} cells not found` } : { answer: table };
}

async function solveHard(b: Browser, task: OracleTask, opts: SolveOptions): Promise<{ answer: string | null; note?: string }> {
  const { vocabulary } = opts;
  const reader = opts.readers?.[task.kind];
  if (!reader) return { answer: null, note: `no reader for ${task.kind} questions` };
  const reading = reader(task.question, task.kind);
  if (!reading) return { answer: null, note: 'question not understood' };
  if (!vocabulary) return { answer: null, note: 'no theme vocabulary given' };
  return solveReading({ b, vocabulary }, reading, task.columns);
}

/** Solve one task through `tool` (a session-bound tool function) within the oracle budget. */
export async function solveTask(task: OracleTask, tool: ToolFn, opts: SolveOptions = {}): Promise<OracleAnswer> {
  const b = new Browser(tool, opts.budget ?? ORACLE_BUDGET);
  const q = isHard(task.kind) ? null : parseQuestion(task);
  let result: { answer: string | null; note?: string };
  if (isHard(task.kind)) result = await solveHard(b, task, opts);
  else if (!q) result = { answer: null, note: 'question not understood' };
  else if (q.kind === 'chain') {
    const answer = await solveChain(b, q.readings);
    result = answer === null ? { answer, note: 'chain not followed to the end' } : { answer };
  } else if (q.kind === 'extreme') result = await solveExtreme(b, q);
  else if (q.kind === 'total') result = await solveTotal(b, q);
  else result = await solveTable(b, q, opts.budget !== undefined);
  const reply = result.answer === null ? '<answer></answer>' : `<answer>${result.answer.includes('\n') ? `\n${result.answer}\n` : result.answer}</answer>`;
  return { reply, answer: result.answer, calls: b.calls, budget: b.budget, ...(result.note ? { note: result.note } : {}) };
}
