/** loadWorld: read a whole world file back into its in-memory form (for validate and tools). */
import type { Row, Rows, ValueType } from '../themes/_define.js';
import type { Document, Fact, PageKind, Passage, Task, WorldData } from '../world/types.js';
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
  difficulty: number;
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
    difficulty: r.difficulty,
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

export function loadWorld(w: OpenWorld): WorldData {
  const rows: Rows = {};
  for (const t of w.theme.tables) rows[t.name] = w.db.prepare(`SELECT * FROM ${t.name} ORDER BY id`).all() as Row[];
  const passages = w.db.prepare('SELECT * FROM passages ORDER BY id').all() as { id: number; document_id: number; ord: number; text: string }[];
  const links = w.db.prepare('SELECT passage_id, fact_id FROM passage_facts ORDER BY passage_id, fact_id').all() as { passage_id: number; fact_id: number }[];
  const factIds = new Map<number, number[]>();
  for (const l of links) (factIds.get(l.passage_id) ?? factIds.set(l.passage_id, []).get(l.passage_id)!).push(l.fact_id);
  const byDoc = new Map<number, Passage[]>();
  for (const p of passages) {
    const list = byDoc.get(p.document_id) ?? byDoc.set(p.document_id, []).get(p.document_id)!;
    list.push({ id: p.id, documentId: p.document_id, ord: p.ord, text: p.text, factIds: factIds.get(p.id) ?? [] });
  }
  const documents: Document[] = (w.db.prepare('SELECT * FROM documents ORDER BY id').all() as Record<string, unknown>[]).map((d) => ({
    id: Number(d.id),
    url: String(d.url),
    title: String(d.title),
    site: String(d.site),
    published: (d.published as string | null) ?? null,
    kind: d.kind as PageKind,
    body: String(d.body),
    passages: byDoc.get(Number(d.id)) ?? [],
  }));
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
    },
    theme: w.theme,
    rows,
    facts: loadFacts(w),
    documents,
    tasks: loadTasks(w),
  };
}
