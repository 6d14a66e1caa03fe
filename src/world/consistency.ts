/**
 * checkWorld: every invariant of a world, as a list of problems (empty = consistent). Used before a
 * world is written and by `validate` on files read back from disk.
 */
import { exactForms } from '../format.js';
import { statesLoosely } from './value-text.js';
import type { ColumnDef } from '../themes/_define.js';
import { mentions } from '../text.js';
import { FACT_MAX, FACT_MIN } from './limits.js';
import { TASK_KINDS, type Fact, type WorldData } from './types.js';

export const MIN_TASKS = 15;

function fold(s: string): string {
  return s.toLowerCase();
}

export function columnOf(data: WorldData, fact: Pick<Fact, 'sourceTable' | 'sourceColumn'>): ColumnDef | undefined {
  return data.theme.tables.find((t) => t.name === fact.sourceTable)?.columns.find((c) => c.name === fact.sourceColumn);
}

/** Does `text` state `fact` exactly: its subject and one exact rendering of its value? */
export function states(data: WorldData, text: string, fact: Fact): boolean {
  const col = columnOf(data, fact);
  if (!col) return false;
  const t = fold(text);
  if (!t.includes(fold(fact.subject))) return false;
  return exactForms(fact.object, fact.objectType, col.unit ?? 'plain', col.decimals ?? 0).some((f) => t.includes(fold(f)));
}

export function checkWorld(data: WorldData): string[] {
  const problems: string[] = [];
  const { facts, documents, tasks, theme, rows } = data;
  const p = (msg: string) => problems.push(msg);

  if (facts.length < FACT_MIN || facts.length > FACT_MAX) p(`fact count ${facts.length} outside ${FACT_MIN}–${FACT_MAX}`);
  if (data.meta.fact_count !== facts.length) p(`world_meta.fact_count ${data.meta.fact_count} but ${facts.length} facts`);

  for (const msg of theme.invariants(rows)) p(`invariant: ${msg}`);

  // References resolve; ids are unique.
  for (const t of theme.tables) {
    const list = rows[t.name] ?? [];
    if (new Set(list.map((r) => r.id)).size !== list.length) p(`${t.name}: duplicate ids`);
    for (const c of t.columns) {
      if (c.type !== 'entity') continue;
      const target = new Set((rows[c.ref!] ?? []).map((r) => r.id));
      for (const r of list) if (r[c.name] != null && !target.has(Number(r[c.name]))) p(`${t.name}#${r.id}.${c.name} refers to missing ${c.ref}#${r[c.name]}`);
    }
  }

  // Names are unique in the world; an attribute has one value per entity.
  const owners = new Map<string, string>();
  for (const f of facts) {
    const key = fold(f.subject);
    const owner = `${f.sourceTable}#${f.sourceRowid}`;
    if (owners.has(key) && owners.get(key) !== owner) p(`name "${f.subject}" is used by ${owners.get(key)} and ${owner}`);
    owners.set(key, owner);
  }
  const seen = new Set<string>();
  for (const f of facts) {
    const k = `${f.subject}\u0000${f.predicate}`;
    if (seen.has(k)) p(`"${f.subject}" has more than one ${f.predicate}`);
    seen.add(k);
  }

  // Pages: unique URLs, every linked fact stated exactly, every fact stated somewhere.
  const byId = new Map(facts.map((f) => [f.id, f]));
  const stated = new Set<number>();
  const urls = new Set<string>();
  for (const d of documents) {
    if (urls.has(d.url)) p(`duplicate url ${d.url}`);
    urls.add(d.url);
    for (const ps of d.passages) {
      // A rounded or preliminary claim gives its fact away without stating it exactly (its form is checked with the claims).
      const loose = new Set((ps.claims ?? []).filter((c) => c.form === 'rounded' || c.form === 'preliminary').map((c) => c.factId));
      for (const id of ps.factIds) {
        const f = byId.get(id);
        if (!f) p(`passage ${ps.id} names missing fact ${id}`);
        else if (loose.has(id) || (ps.claims === undefined && statesLoosely(ps.text, f.object))) continue;
        else if (!states(data, ps.text, f)) p(`passage ${ps.id} of ${d.url} does not state fact ${id} (${f.subject} ${f.predicate} ${f.object}) exactly`);
        else stated.add(id);
      }
    }
  }
  for (const f of facts) if (!stated.has(f.id)) p(`fact ${f.id} (${f.subject} ${f.predicate}) is stated on no page`);

  // Tasks: enough of them, every kind, answers stated and never given away by the question.
  if (tasks.length < MIN_TASKS) p(`${tasks.length} tasks, fewer than ${MIN_TASKS}`);
  const kinds = new Set(tasks.map((t) => t.kind));
  for (const k of TASK_KINDS) if (!kinds.has(k)) p(`no ${k} task`);
  for (const t of tasks) {
    if (t.answerFactIds.length === 0) p(`task ${t.id} has no answer facts`);
    for (const id of [...t.answerFactIds, ...t.hopFactIds]) if (!stated.has(id)) p(`task ${t.id}: fact ${id} is not stated on any page`);
    for (const a of (JSON.parse(t.answer) as unknown[][]).flat().map(String))
      if (!((t.kind === 'comparison' || t.kind === 'temporal') && t.answerType === 'entity') && t.answerType !== 'table' && mentions(t.question, a))
        p(`task ${t.id}: question contains its answer`);
  }
  return problems;
}
