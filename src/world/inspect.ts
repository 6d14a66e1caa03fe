/** inspectWorld: a summary of one world file (theme, tables and row counts, sample facts, pages, tasks). */
import { loadTasks } from '../db/load.js';
import { openWorld } from '../db/open.js';

export interface WorldSummary {
  meta: Record<string, string>;
  tables: { name: string; rows: number }[];
  facts: { subject: string; predicate: string; object: string }[];
  pages: { kind: string; count: number; example: string }[];
  tasks: { id: string; kind: string; question: string; answer: string }[];
}

export function inspectWorld(path: string, sampleFacts = 8): WorldSummary {
  const w = openWorld(path);
  try {
    const names = (
      w.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    const tables = names.map((name) => ({ name, rows: (w.db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n }));
    const total = tables.find((t) => t.name === 'facts')?.rows ?? 0;
    const step = Math.max(1, Math.floor(total / sampleFacts));
    const facts = w.db
      .prepare('SELECT subject, predicate, object FROM facts WHERE (id - 1) % ? = 0 ORDER BY id LIMIT ?')
      .all(step, sampleFacts) as WorldSummary['facts'];
    const pages = w.db.prepare('SELECT kind, COUNT(*) AS count, MIN(url) AS example FROM documents GROUP BY kind ORDER BY kind').all() as WorldSummary['pages'];
    const tasks = loadTasks(w).map((t) => ({ id: t.id, kind: t.kind, question: t.question, answer: t.answerText }));
    return { meta: w.meta, tables, facts, pages, tasks };
  } finally {
    w.db.close();
  }
}
