/**
 * Specs a model might reply with, made from a built-in spec: one that passes every check (the cities
 * spec under another id and title, as a model that learned the form well would write), and ways to break it.
 */
import { getTheme } from '../../../src/themes/registry.js';
import { SPEC_OF } from '../../../src/themes/spec/compile.js';

type Spec = Record<string, unknown> & { tables: Record<string, unknown>[] };

/** A complete spec that passes: the cities spec as theme `id`. */
export function goodSpec(id = 'towns'): Spec {
  const spec = structuredClone(SPEC_OF.get(getTheme('cities'))) as unknown as Spec;
  return { ...spec, id, title: 'Town statistics' };
}

/** A spec the schema refuses: no title, and a table without columns. */
export function schemaBroken(id = 'towns'): Spec {
  const spec = goodSpec(id);
  delete spec.title;
  spec.tables[0] = { ...spec.tables[0], columns: 'none' };
  return spec;
}

/** A valid spec whose worlds hold too many facts: every table far larger. */
export function tooManyFacts(id = 'towns'): Spec {
  const spec = goodSpec(id);
  spec.tables = spec.tables.map((t) => (t.name === 'mayors' ? { ...t, rows: { kind: 'count', range: [40, 44] } } : t));
  return spec;
}

/** A reply as a model writes one: a sentence, then the spec in a fence. */
export const fenced = (spec: unknown) => `Here is the spec.\n\`\`\`json\n${JSON.stringify(spec, null, 2)}\n\`\`\`\n`;
