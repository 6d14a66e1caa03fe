/**
 * What a world names and values, read from its facts and tables: the phrases its passages' shapes
 * replace (shapes.ts), and the invented names whose letters are measured (letters.ts).
 */
import type { WorldData } from '../world/types.js';
import type { ShapeVocabulary } from './shapes.js';

const CAPITAL = /^\p{Lu}/u;
const LOWER_WORD = /(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}-]*(?![\p{L}\p{N}])/gu;

/** Display names of the world's named rows (each table's name column). */
function tableNames(data: WorldData): string[] {
  const out: string[] = [];
  for (const t of data.theme.tables) {
    if (!t.nameColumn) continue;
    for (const r of data.rows[t.name] ?? []) {
      const v = r[t.nameColumn];
      if (v !== null && v !== undefined) out.push(String(v));
    }
  }
  return out;
}

/**
 * Names: every fact subject, entity object and capitalised text value ("Traenmasusburg", "Weston
 * Nadreigris"), every row name, and the names and short names claims record; values: the lower-case
 * text values ("midfielder", "oral"); and the words its passages write in lower case.
 */
export function shapeVocabulary(data: WorldData): ShapeVocabulary {
  const names = new Set<string>(tableNames(data));
  const values = new Set<string>();
  for (const f of data.facts) {
    names.add(f.subject);
    if (f.objectType === 'entity') names.add(f.object);
    else if (f.objectType === 'text') (CAPITAL.test(f.object) ? names : values).add(f.object);
  }
  const lowerWords = new Set<string>();
  for (const d of data.documents)
    for (const p of d.passages) {
      for (const c of p.claims ?? []) if ((c.subjectForm === 'name' || c.subjectForm === 'short') && c.subjectText) names.add(c.subjectText);
      for (const w of p.text.match(LOWER_WORD) ?? []) lowerWords.add(w);
    }
  return { names, values, lowerWords };
}

/** The world's invented names: row names and capitalised text values without digits ("Q2 2031" and "Phase 2" are not names), each once. */
export function inventedNames(data: WorldData): string[] {
  const names = new Set<string>(tableNames(data));
  for (const f of data.facts) if (f.objectType === 'text' && CAPITAL.test(f.object) && !/\d/.test(f.object)) names.add(f.object);
  return [...names];
}
