/**
 * checkWorld: every invariant of a world, as a list of problems (empty = consistent). Used before a
 * world is written and by `validate` on files read back from disk. Claims (format v2) are checked by
 * the rules in claim-check.ts; pages are dated truthfully (time-check.ts); links resolve.
 */
import type { ColumnDef } from '../themes/_define.js';
import { mentions } from '../text.js';
import { claimProblems } from './claim-check.js';
import { columnOfFact, exactFormIn, passageClaims } from './claims.js';
import { FACT_MAX, FACT_MIN } from './limits.js';
import { anachronisms } from './time-check.js';
import { tableSizesOf } from '../tasks/certificate/certify.js';
import { provenanceOf } from '../tasks/certificate/cover.js';
import { checkWorldOf } from '../tasks/certificate/shortcuts.js';
import { certificateProblems } from '../tasks/certificate/verify.js';
import { CLAIM_FORMS, DATE_KINDS, PAGE_KINDS, TASK_KINDS, type Claim, type Document, type Fact, type Passage, type WorldData } from './types.js';

/** A world has at least one task (how many is a batch option: --tasks-per-world). */
export const MIN_TASKS = 1;

function fold(s: string): string {
  return s.toLowerCase();
}

export function columnOf(data: WorldData, fact: Pick<Fact, 'sourceTable' | 'sourceColumn'>): ColumnDef | undefined {
  return columnOfFact(data.theme, fact);
}

/** Does `text` state `fact` exactly by name: its subject's name and one exact rendering of its value? */
export function states(data: WorldData, text: string, fact: Fact): boolean {
  if (!columnOf(data, fact)) return false;
  return fold(text).includes(fold(fact.subject)) && exactFormIn(data.theme, text, fact) !== undefined;
}

/** Markdown links of a body: `[anchor](url)` (an image's `![alt](src)` included). */
export function bodyLinks(body: string): { anchor: string; url: string }[] {
  return [...body.matchAll(/\[([^\]\n]+)\]\(([^)\s]+)\)/g)].map((m) => ({ anchor: m[1]!, url: m[2]! }));
}

/** Page-level problems of a v2 page: its kind, its date kind, its links. */
function pageProblems(d: Document, urls: ReadonlySet<string>): string[] {
  const out: string[] = [];
  if (!(PAGE_KINDS as readonly string[]).includes(d.kind)) out.push(`${d.url} has an unknown kind ${JSON.stringify(d.kind)}`);
  if (d.dateKind !== undefined && !(DATE_KINDS as readonly string[]).includes(d.dateKind))
    out.push(`${d.url} has an unknown date_kind ${JSON.stringify(d.dateKind)}`);
  if (d.dateKind !== undefined && d.published === null) out.push(`${d.url} is undated but has date_kind ${d.dateKind}`);
  if ((d.links ?? []).length === 0 && !d.body.includes('](')) return out;
  const inBody = bodyLinks(d.body);
  const key = (l: { anchor: string; url: string }) => `${l.anchor}\u0000${l.url}`;
  const recorded = new Set((d.links ?? []).map(key));
  for (const l of d.links ?? []) {
    if (!urls.has(l.url)) out.push(`${d.url} links to ${l.url}, which is no page of the world`);
    if (!inBody.some((b) => key(b) === key(l))) out.push(`${d.url} records a link [${l.anchor}](${l.url}) that its body does not contain`);
  }
  for (const b of inBody) if (!recorded.has(key(b))) out.push(`${d.url} has a link [${b.anchor}](${b.url}) in its body that is not recorded`);
  return out;
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

  // Pages: unique URLs, kinds, dates and links; every claim holds; every fact stated exactly somewhere.
  const byId = new Map(facts.map((f) => [f.id, f]));
  const urls = new Set<string>();
  for (const d of documents) {
    if (urls.has(d.url)) p(`duplicate url ${d.url}`);
    urls.add(d.url);
  }
  const claimsOf = new Map<Passage, Claim[]>();
  const byFact = new Map<number, { doc: Document; passage: Passage; claim: Claim }[]>();
  for (const d of documents)
    for (const ps of d.passages) {
      const list = passageClaims(theme, byId, ps);
      claimsOf.set(ps, list);
      for (const claim of list) (byFact.get(claim.factId) ?? byFact.set(claim.factId, []).get(claim.factId)!).push({ doc: d, passage: ps, claim });
    }
  const stated = new Set<number>();
  const forms: readonly string[] = CLAIM_FORMS;
  for (const d of documents) {
    for (const msg of pageProblems(d, urls)) p(msg);
    for (const ps of d.passages) {
      const where = () => `passage ${ps.id} of ${d.url}`;
      if (ps.documentId !== d.id) p(`passage ${ps.id} is listed on ${d.url} but belongs to document ${ps.documentId}`);
      for (const id of ps.factIds) if (!byId.has(id)) p(`${where()} names missing fact ${id}`);
      const list = claimsOf.get(ps)!;
      // The guard's provenance is exactly the facts the passage gives away: its claims but the erroneous ones.
      const givesAway = list.filter((c) => c.form !== 'erroneous').map((c) => c.factId);
      for (const id of givesAway) if (!ps.factIds.includes(id)) p(`${where()} states fact ${id} but passage_facts does not list it`);
      for (const id of ps.factIds) if (!givesAway.includes(id) && byId.has(id)) p(`${where()} lists fact ${id} in passage_facts but states it in no claim`);
      const ctx = { data, doc: d, passage: ps, text: fold(ps.text), byFact };
      for (const c of list) {
        const f = byId.get(c.factId);
        if (!f) {
          p(`${where()} has a claim for missing fact ${c.factId}`);
          continue;
        }
        const label = () => `${where()}, fact ${f.id} (${f.subject} ${f.predicate} ${f.object})`;
        if (!columnOf(data, f)) p(`${label()}: no column ${f.sourceTable}.${f.sourceColumn}`);
        if (!forms.includes(c.form)) {
          p(`${label()}: unknown claim form ${JSON.stringify(c.form)}`);
          continue;
        }
        const found = claimProblems(ctx, c, f);
        for (const msg of found) p(`${where()} does not state fact ${f.id} (${f.subject} ${f.predicate} ${f.object}) as its ${c.form} claim says: it ${msg}`);
        // (a scheduled claim states the exact value too, in the future: an event after every page's date has no other)
        if (found.length === 0 && (c.form === 'exact' || c.form === 'corrected' || c.form === 'scheduled')) stated.add(f.id);
      }
    }
  }
  for (const f of facts) if (!stated.has(f.id)) p(`fact ${f.id} (${f.subject} ${f.predicate}) is stated exactly on no page`);
  for (const msg of anachronisms(data, (ps) => claimsOf.get(ps) ?? [])) p(`anachronism: ${msg}`);

  // Tasks: at least one, ids unique, answers stated and never given away by the question, every one with
  // a certificate that holds (src/tasks/certificate/verify.ts: pages, difficulty, checks).
  if (tasks.length < MIN_TASKS) p(`${tasks.length} tasks, fewer than ${MIN_TASKS}`);
  if (new Set(tasks.map((t) => t.id)).size !== tasks.length) p('duplicate task ids');
  const verify = {
    check: checkWorldOf(facts, tableSizesOf(theme, rows)),
    provenance: provenanceOf(documents),
    generator: data.meta.generator_version,
  };
  for (const t of tasks) {
    if (!(TASK_KINDS as readonly string[]).includes(t.kind)) p(`task ${t.id} has an unknown kind ${JSON.stringify(t.kind)}`);
    for (const msg of certificateProblems(verify, t)) p(msg);
    if (t.answerFactIds.length === 0) p(`task ${t.id} has no answer facts`);
    for (const id of [...t.answerFactIds, ...t.hopFactIds]) if (!stated.has(id)) p(`task ${t.id}: fact ${id} is not stated on any page`);
    for (const a of (JSON.parse(t.answer) as unknown[][]).flat().map(String))
      if (!((t.kind === 'comparison' || t.kind === 'temporal') && t.answerType === 'entity') && t.answerType !== 'table' && mentions(t.question, a))
        p(`task ${t.id}: question contains its answer`);
  }
  return problems;
}
