/**
 * The claims of a passage (format v2): how it states each fact. A passage built with claims keeps its
 * own; one built without them (`claims` undefined: pages that only state exact values) makes one
 * `exact` claim per fact it states, naming the subject, so every v2 world's claims are complete. The writer, the checker and the
 * time check all read claims through `passageClaims`.
 */
import { exactForms } from '../format.js';
import type { ColumnDef, ThemeDef } from '../themes/_define.js';
import type { Claim, Fact, Passage } from './types.js';

export function columnOfFact(theme: ThemeDef, fact: Pick<Fact, 'sourceTable' | 'sourceColumn'>): ColumnDef | undefined {
  return theme.tables.find((t) => t.name === fact.sourceTable)?.columns.find((c) => c.name === fact.sourceColumn);
}

/** Exact forms already made, per fact and value (a fact is checked by each of its claims, and by the time check). */
const formsMade = new WeakMap<Fact, { object: string; forms: string[] }>();

/** Every exact page rendering of a fact's value ([] when its column is unknown). */
export function exactValueForms(theme: ThemeDef, fact: Fact): string[] {
  const made = formsMade.get(fact);
  if (made?.object === fact.object) return made.forms;
  const col = columnOfFact(theme, fact);
  const forms = col ? exactForms(fact.object, fact.objectType, col.unit ?? 'plain', col.decimals ?? 0) : [];
  if (col) formsMade.set(fact, { object: fact.object, forms });
  return forms;
}

const DIGIT = /\d/;
/** A digit, or a separator followed by a digit: what may not touch a number on either side. */
function numberGoesOn(s: string, i: number, step: 1 | -1): boolean {
  const c = s[i];
  if (c === undefined) return false;
  if (DIGIT.test(c)) return true;
  return (c === ',' || c === '.') && DIGIT.test(s[i + step] ?? '');
}

/**
 * Where `value` occurs in `text` as a whole value (both already case-folded), or -1: a value that
 * starts or ends with a digit must not continue a longer number ("1,200" is not in "31,200" nor in
 * "1,200,000").
 */
export function findValue(text: string, value: string): number {
  if (value === '') return -1;
  const first = DIGIT.test(value[0]!);
  const last = DIGIT.test(value.at(-1)!);
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) {
    if (first && numberGoesOn(text, i - 1, -1)) continue;
    if (last && numberGoesOn(text, i + value.length, 1)) continue;
    return i;
  }
  return -1;
}

/** The exact rendering of `fact` that `text` writes, as the text writes it, or undefined. */
export function exactFormIn(theme: ThemeDef, text: string, fact: Fact): string | undefined {
  const folded = text.toLowerCase();
  for (const f of exactValueForms(theme, fact)) {
    const at = findValue(folded, f.toLowerCase());
    if (at < 0) continue;
    const written = text.slice(at, at + f.length);
    // (toLowerCase can change a string's length before the match; then report the form itself.)
    return written.toLowerCase() === f.toLowerCase() ? written : f;
  }
  return undefined;
}

/**
 * The claims `p` makes: its own when it has them (a passage read from a v2 file always has; `[]` is
 * none), or, for a passage built without claims, one exact claim by name for each fact it states.
 */
export function passageClaims(theme: ThemeDef, facts: ReadonlyMap<number, Fact>, p: Passage): Claim[] {
  if (p.claims !== undefined) return p.claims;
  return p.factIds.map((id) => {
    const f = facts.get(id);
    const stated = f ? (exactFormIn(theme, p.text, f) ?? exactValueForms(theme, f)[0] ?? f.object) : '';
    return { factId: id, form: 'exact', stated, subjectForm: 'name', subjectText: f?.subject ?? '' };
  });
}
