/** loadWorld: read a whole world file back into its in-memory form (for validate and tools). */
import { FictionError } from '../errors.js';
import { Difficulty, TaskCertificate } from '../tasks/certificate/schema.js';
import type { Row, Rows, ValueType } from '../themes/_define.js';
import type { Claim, Document, Fact, Link, PageKind, Passage, Task, WorldData } from '../world/types.js';
import type { OpenWorld } from './open.js';

interface TaskRow {
  id: string;
  kind: string;
  question: string;
  answer: string;
  answer_text: string;
  answer_type: string;
  columns: string;
  key_columns: string;
  tolerance: number;
  aliases: string;
  answer_fact_ids: string;
  hop_fact_ids: string;
  sql: string;
  difficulty: string;
  certificate: string;
}

/** A stored certificate, validated (a file whose certificate does not parse is refused with the task's id). */
function certificateOf(r: TaskRow): TaskCertificate {
  let json: unknown;
  try {
    json = JSON.parse(r.certificate);
  } catch {
    throw new FictionError('UNSUPPORTED_FORMAT', `task ${r.id}: certificate is not JSON`);
  }
  const parsed = TaskCertificate.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FictionError('UNSUPPORTED_FORMAT', `task ${r.id}: certificate does not parse (${issue?.path.join('.') || 'certificate'}: ${issue?.message})`);
  }
  return parsed.data;
}

export function taskFromRow(r: TaskRow): Task {
  return {
    id: r.id,
    kind: r.kind as Task['kind'],
    question: r.question,
    answer: r.answer,
    answerText: r.answer_text,
    answerType: r.answer_type as Task['answerType'],
    columns: JSON.parse(r.columns),
    keyColumns: JSON.parse(r.key_columns),
    tolerance: r.tolerance,
    aliases: JSON.parse(r.aliases),
    answerFactIds: JSON.parse(r.answer_fact_ids),
    hopFactIds: JSON.parse(r.hop_fact_ids),
    sql: r.sql,
    difficulty: Difficulty.parse(r.difficulty),
    certificate: certificateOf(r),
  };
}

export function loadTasks(w: OpenWorld): Task[] {
  return (w.db.prepare('SELECT * FROM tasks ORDER BY id').all() as TaskRow[]).map(taskFromRow);
}

export function loadFacts(w: OpenWorld): Fact[] {
  return (w.db.prepare('SELECT * FROM facts ORDER BY id').all() as Record<string, unknown>[]).map((r) => ({
    id: Number(r.id),
    subject: String(r.subject),
    predicate: String(r.predicate),
    object: String(r.object),
    objectType: r.object_type as ValueType,
    sourceTable: String(r.source_table),
    sourceRowid: Number(r.source_rowid),
    sourceColumn: String(r.source_column),
  }));
}

/** Rows grouped by a key, each group in the rows' order. */
function groupBy<R, T>(rows: R[], key: (r: R) => number, make: (r: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    (out.get(k) ?? out.set(k, []).get(k)!).push(make(r));
  }
  return out;
}

interface ClaimRow {
  passage_id: number;
  fact_id: number;
  form: string;
  stated: string;
  subject_form: string;
  subject_text: string;
}

export function loadWorld(w: OpenWorld): WorldData {
  const rows: Rows = {};
  for (const t of w.theme.tables) rows[t.name] = w.db.prepare(`SELECT * FROM ${t.name} ORDER BY id`).all() as Row[];
  const passages = w.db.prepare('SELECT * FROM passages ORDER BY id').all() as { id: number; document_id: number; ord: number; text: string }[];
  const provenance = w.db.prepare('SELECT passage_id, fact_id FROM passage_facts ORDER BY passage_id, fact_id').all() as {
    passage_id: number;
    fact_id: number;
  }[];
  const factIds = groupBy(
    provenance,
    (l) => l.passage_id,
    (l) => l.fact_id,
  );
  // Claims keep their stored values (form and subject_form unchecked): validate reports what is wrong with them.
  const claimRows = w.db.prepare('SELECT passage_id, fact_id, form, stated, subject_form, subject_text FROM claims ORDER BY id').all() as ClaimRow[];
  const claims = groupBy(
    claimRows,
    (c) => c.passage_id,
    (c): Claim => ({
      factId: c.fact_id,
      form: c.form as Claim['form'],
      stated: c.stated,
      subjectForm: c.subject_form as Claim['subjectForm'],
      subjectText: c.subject_text,
    }),
  );
  const linkRows = w.db.prepare('SELECT l.document_id, t.url, l.anchor FROM links l JOIN documents t ON t.id = l.target_document_id ORDER BY l.id').all() as {
    document_id: number;
    url: string;
    anchor: string;
  }[];
  const links = groupBy(
    linkRows,
    (l) => l.document_id,
    (l): Link => ({ url: l.url, anchor: l.anchor }),
  );
  const byDoc = groupBy(
    passages,
    (p) => p.document_id,
    (p): Passage => ({ id: p.id, documentId: p.document_id, ord: p.ord, text: p.text, factIds: factIds.get(p.id) ?? [], claims: claims.get(p.id) ?? [] }),
  );
  const documents: Document[] = (w.db.prepare('SELECT * FROM documents ORDER BY id').all() as Record<string, unknown>[]).map((d) => {
    const doc: Document = {
      id: Number(d.id),
      url: String(d.url),
      title: String(d.title),
      site: String(d.site),
      published: (d.published as string | null) ?? null,
      kind: d.kind as PageKind,
      body: String(d.body),
      passages: byDoc.get(Number(d.id)) ?? [],
      links: links.get(Number(d.id)) ?? [],
    };
    if (d.date_kind !== null && d.date_kind !== undefined) doc.dateKind = d.date_kind as Document['dateKind'];
    return doc;
  });
  const m = w.meta;
  return {
    meta: {
      format_version: Number(m.format_version),
      world_id: String(m.world_id),
      theme: String(m.theme),
      seed: Number(m.seed),
      index: Number(m.index),
      generator_version: String(m.generator_version),
      reference_date: String(m.reference_date),
      fact_count: Number(m.fact_count),
      real_brands: m.real_brands === '1',
      difficulty: (m.difficulty ?? 'mix') as WorldData['meta']['difficulty'],
      tasks_per_world: Number(m.tasks_per_world ?? 16),
    },
    theme: w.theme,
    rows,
    facts: loadFacts(w),
    documents,
    tasks: loadTasks(w),
  };
}
