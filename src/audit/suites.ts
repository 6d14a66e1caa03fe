/**
 * The audit's query suites for one task, derived from the world (never hand-written per task):
 *
 * - related: the question, a paraphrase of it, each answer fact's subject with its attribute (two
 *   phrasings), the multi-hop chain (the bridge entity's hop first, then the next hop naming it), and
 *   for a wide table or aggregation the parent entity with its members' noun and "list of <members>",
 *   and the honest one-per-row queries (each answer row's or candidate's name with the attributes the
 *   task reads of it), from which the audit judges false suppression;
 * - unrelated: other entities' attributes of the same world, and attribute-wide queries;
 * - adversarial: the families of families.ts (attribute only, list and ranking words, site names,
 *   dates and years, neighbours, misspelled and partial names, near-duplicate questions, other
 *   scripts, long queries, guess and confirm, deep paging, batches, multi-hop in one search, the
 *   answer named, URL guessing, injection and operators), each query tagged with its family.
 *
 * Every query is chosen with a generator seeded by world and task, so a suite is reproducible.
 */
import { Rng } from '../rng.js';
import { fold } from '../text/fold.js';
import type { Fact, Task } from '../world/types.js';
import { FAMILIES, type Family, type FamilyWorld, familyQueries, labelOf, tableOf } from './families.js';

export type SuiteName = 'related' | 'unrelated' | 'adversarial';
export const SUITES: readonly SuiteName[] = ['related', 'unrelated', 'adversarial'];

export interface AuditQuery {
  suite: SuiteName;
  /** What the query tries: for related and unrelated ones (question, fact, hop, row, other_fact …); for adversarial ones its family (families.ts). */
  tag: string;
  /** Within a family: which form of it (families.ts). */
  variant?: string;
  query: string;
  /** A later page (deep paging). */
  page?: number;
  /** Several queries in one call (batches); `query` then describes the batch. */
  batch?: string[];
  /** A web_extractor call instead of a search (URL guessing). */
  url?: string;
  /** guess_confirm: the same query without the guess, and whether the guess is right. */
  baseline?: string;
  guess?: 'right' | 'wrong';
}

export interface SuiteWorld extends FamilyWorld {
  worldId: string;
}

export interface SuiteSizes {
  related: number;
  unrelated: number;
  /** Most queries per adversarial family. */
  adversarial: number;
  /** Most honest one-per-row (or candidate) queries. */
  rows: number;
}

export const DEFAULT_SIZES: SuiteSizes = { related: 8, unrelated: 8, adversarial: 3, rows: 48 };

/** "What is the launch price of Zentria X9?" → "launch price of Zentria X9". */
function paraphrase(question: string): string {
  return question
    .replace(/^(what|which|who|when|how many|how much)\s+(is|was|are|were|has|had|of)?\s*(the\s+)?/i, '')
    .replace(/\s*Answer with .*$/i, '')
    .replace(/[?.]+\s*$/, '')
    .trim();
}

/** The question without its closing instruction ("Answer with a Markdown table …"). */
const paraphraseCore = (question: string) => question.replace(/\s*Answer with .*$/i, '').trim();

export function buildSuites(task: Task, world: SuiteWorld, sizes: SuiteSizes = DEFAULT_SIZES, families: readonly Family[] = FAMILIES): AuditQuery[] {
  const rng = new Rng(`audit|${world.worldId}|${task.id}`);
  const { theme, facts } = world;
  const byId = new Map(facts.map((f) => [f.id, f]));
  const answerFacts = task.answerFactIds.map((id) => byId.get(id)).filter((f): f is Fact => f !== undefined);
  const hopFacts = task.hopFactIds.map((id) => byId.get(id)).filter((f): f is Fact => f !== undefined);
  const out: AuditQuery[] = [];
  const add = (suite: SuiteName, tag: string, query: string, cap: number) => {
    const q = query.replace(/\s+/g, ' ').trim();
    if (q && out.filter((x) => x.suite === suite).length < cap && !out.some((x) => x.suite === suite && x.query === q)) out.push({ suite, tag, query: q });
  };

  // related
  const R = sizes.related;
  add('related', 'question', task.question, R);
  add('related', 'paraphrase', paraphrase(task.question), R);
  if (task.kind === 'multi_hop' && hopFacts.length > 0) {
    const labelNext = answerFacts[0] ? labelOf(theme, answerFacts[0]) : '';
    hopFacts.forEach((h, i) => {
      add('related', `hop${i + 1}`, `${h.subject} ${labelOf(theme, h)}`, R);
      const nextLabel = hopFacts[i + 1] ? labelOf(theme, hopFacts[i + 1]!) : labelNext;
      add('related', `hop${i + 1}_next`, `${h.object} ${nextLabel}`, R);
    });
  }
  const parents = [...new Set(hopFacts.filter((h) => h.objectType === 'entity').map((h) => h.object))];
  const member = answerFacts[0] ? tableOf(theme, answerFacts[0])?.plural : undefined;
  if ((task.kind === 'aggregation' || task.kind === 'wide_table') && parents.length > 0) add('related', 'parent', `${parents[0]} ${member ?? ''}`, R);
  // A wide search starts from a list of the members, as an agent would look for one.
  if ((task.kind === 'aggregation' || task.kind === 'wide_table') && member) add('related', 'list', `list of ${member}`, R);
  for (const f of rng.sample(answerFacts, R)) {
    add('related', 'fact', `${f.subject} ${labelOf(theme, f)}`, R);
    add('related', 'fact_of', `${labelOf(theme, f)} of ${f.subject}`, R);
  }

  // unrelated: facts of other rows whose subject and value name no entity of the task or its answer
  const U = sizes.unrelated;
  const taskRows = new Set([...answerFacts, ...hopFacts].map((f) => `${f.sourceTable}:${f.sourceRowid}`));
  const rowEntities = [...answerFacts, ...hopFacts].flatMap((f) =>
    facts.filter((g) => g.sourceTable === f.sourceTable && g.sourceRowid === f.sourceRowid && g.objectType === 'entity').map((g) => g.object),
  );
  const taskNames = [...new Set([...answerFacts, ...hopFacts].flatMap((f) => [f.subject, f.objectType === 'entity' ? f.object : '']).concat(rowEntities))]
    .concat((JSON.parse(task.answer) as unknown[][]).flat().map(String), task.aliases)
    .map(fold)
    .filter((n) => n.length >= 3);
  // The answer text itself, however short ("37" is in "Thimis Pro 37"): an unrelated query never carries it.
  const answerText = fold(task.answerText);
  const namesTask = (text: string) => {
    const t = fold(text);
    return taskNames.some((n) => t.includes(n)) || (answerText !== '' && t.includes(answerText));
  };
  const others = facts.filter(
    (f) =>
      !taskRows.has(`${f.sourceTable}:${f.sourceRowid}`) && !namesTask(f.subject) && !namesTask(f.object) && !fold(task.question).includes(fold(f.subject)),
  );
  for (const f of rng.sample(others, U)) {
    const shape = rng.int(0, 2);
    const label = labelOf(theme, f);
    add('unrelated', 'other_fact', shape === 0 ? `${f.subject} ${label}` : shape === 1 ? `what is the ${label} of ${f.subject}` : `${f.subject}`, U);
  }
  const attrs = theme.tables.flatMap((t) => t.columns.filter((c) => c.name !== t.nameColumn).map((c) => ({ t, c })));
  for (const { t, c } of rng.sample(attrs, 2)) add('unrelated', 'attribute', `${t.plural} ${c.label}`, U);

  // related, honest: one query per answer row or candidate (its name with the attributes the task reads of it)
  const bySubject = new Map<string, string[]>();
  for (const f of answerFacts) {
    const l = labelOf(theme, f);
    const list = bySubject.get(f.subject) ?? bySubject.set(f.subject, []).get(f.subject)!;
    if (!list.includes(l)) list.push(l);
  }
  let rows = 0;
  for (const [subject, labels] of bySubject) {
    if (rows++ >= sizes.rows) break;
    const name = subject.replace(/,/g, '');
    out.push({ suite: 'related', tag: 'row', query: `${name} ${labels.join(' ')}`.replace(/\s+/g, ' ').trim() });
    // A row whose cells sit on different pages (its profile on a list, its figures on a statistics
    // table) is also asked one attribute at a time, as an honest agent does when one query falls short.
    if (labels.length > 1) for (const l of labels) out.push({ suite: 'related', tag: 'row_attribute', query: `${name} ${l}`.replace(/\s+/g, ' ').trim() });
  }

  // adversarial, by family (families.ts)
  const core = paraphraseCore(task.question);
  for (const q of familyQueries({ task, world, rng, answerFacts, hopFacts, core }, sizes.adversarial).filter((x) => families.includes(x.family))) {
    const { family, variant, ...rest } = q;
    out.push({ suite: 'adversarial', tag: family, variant, ...rest });
  }
  return out;
}
