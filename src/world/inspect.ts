/** inspectWorld: a summary of one world file (theme, tables and row counts, sample facts, pages, tasks). */
import { loadTasks } from '../db/load.js';
import { openWorld, readingWorld } from '../db/open.js';

/** A world_meta value as its type: world_meta stores text; the summary (and `inspect --json`) gives numbers and flags as such. */
export type MetaValue = string | number | boolean;

export interface WorldSummary {
  meta: Record<string, MetaValue>;
  tables: { name: string; rows: number }[];
  facts: { subject: string; predicate: string; object: string }[];
  pages: { kind: string; count: number; example: string }[];
  tasks: { id: string; kind: string; question: string; answer: string }[];
}

/** world_meta keys that hold a flag (db/write.ts stores a boolean as '1' or '0'). */
const FLAG_KEYS = new Set(['real_brands']);
/** A decimal integer as written by String(n): no sign but '-', no leading zero, no exponent. */
const INTEGER = /^(0|-?[1-9]\d*)$/;

/** world_meta's text values typed: flags as booleans, integers (seed, index, format_version, fact_count…) as numbers, the rest as text. */
export function typedMeta(meta: Readonly<Record<string, string>>): Record<string, MetaValue> {
  const out: Record<string, MetaValue> = {};
  for (const [k, v] of Object.entries(meta)) {
    if (FLAG_KEYS.has(k) && (v === '1' || v === '0')) out[k] = v === '1';
    else if (INTEGER.test(v) && Number.isSafeInteger(Number(v))) out[k] = Number(v);
    else out[k] = v;
  }
  return out;
}

export function inspectWorld(path: string, sampleFacts = 8): WorldSummary {
  const w = openWorld(path);
  try {
    return readingWorld(path, () => {
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
      const pages = w.db
        .prepare('SELECT kind, COUNT(*) AS count, MIN(url) AS example FROM documents GROUP BY kind ORDER BY kind')
        .all() as WorldSummary['pages'];
      const tasks = loadTasks(w).map((t) => ({ id: t.id, kind: t.kind, question: t.question, answer: t.answerText }));
      return { meta: typedMeta(w.meta), tables, facts, pages, tasks };
    });
  } finally {
    w.db.close();
  }
}
