/**
 * Question frames that ask about a subject noun phrase: an attribute of it ("How much is the launch
 * price of the phone model whose …?") or the subject itself ("Which is the phone model whose …?").
 * The interrogative follows the answer type: money → How much, a count with a unit word → How many, a
 * date → On what date / When, a person → Who, a linked entity → Which {kind}. Families fill {x} (the
 * subject after "the") their own way: a described entity, or a chain of links ending at one.
 *
 * Slots: {x} subject, {a} the attribute as a question names it, {u} its unit word, {k} a linked kind.
 */
import type { ColumnWords, TableWords } from './labels.js';
import { refWords } from './labels.js';
import { capitalise } from './ordinals.js';

export type AskCategory = 'any' | 'money' | 'count' | 'date' | 'person' | 'link';

export interface AskFrame {
  id: string;
  template: string;
  /** Which attributes the frame can ask ('any' asks every attribute); absent for frames that ask for the subject's name. */
  category?: AskCategory;
  /** Frames naming the subject: only for tables of people ('person') or of anything ('any'). */
  subject?: 'any' | 'person';
}

export const ATTRIBUTE_FRAMES: readonly AskFrame[] = [
  { id: 'what-is', template: 'What is the {a} of the {x}?', category: 'any' },
  { id: 'give', template: 'Give the {a} of the {x}.', category: 'any' },
  { id: 'for-what', template: 'For the {x}, what is the {a}?', category: 'any' },
  { id: 'does-have', template: 'What {a} does the {x} have?', category: 'any' },
  { id: 'find-give', template: 'Find the {x} and give its {a}.', category: 'any' },
  { id: 'how-much', template: 'How much is the {a} of the {x}?', category: 'money' },
  { id: 'for-how-much', template: 'For the {x}, how much is the {a}?', category: 'money' },
  { id: 'how-many', template: 'How many {u} does the {a} of the {x} come to?', category: 'count' },
  { id: 'for-how-many', template: 'For the {x}, how many {u} is the {a}?', category: 'count' },
  { id: 'on-what-date', template: 'On what date does the {a} of the {x} fall?', category: 'date' },
  { id: 'when', template: 'When does the {a} of the {x} fall?', category: 'date' },
  { id: 'who', template: 'Who is the {a} of the {x}?', category: 'person' },
  { id: 'for-who', template: 'For the {x}, who is the {a}?', category: 'person' },
  { id: 'which-kind', template: 'Which {k} is the {a} of the {x}?', category: 'link' },
  { id: 'for-which-kind', template: 'For the {x}, which {k} is the {a}?', category: 'link' },
];

export const SUBJECT_FRAMES: readonly AskFrame[] = [
  { id: 'which-is', template: 'Which is the {x}?', subject: 'any' },
  { id: 'name-of', template: 'What is the name of the {x}?', subject: 'any' },
  { id: 'name', template: 'Name the {x}.', subject: 'any' },
  { id: 'identify', template: 'Identify the {x}.', subject: 'any' },
  { id: 'find', template: 'Find the {x}.', subject: 'any' },
  { id: 'who-is', template: 'Who is the {x}?', subject: 'person' },
];

/** The categories an attribute can be asked under: always 'any', plus the one its type asks for. */
export function categoriesOf(c: ColumnWords): AskCategory[] {
  const out: AskCategory[] = ['any'];
  if (c.col.type === 'entity') out.push(c.person ? 'person' : 'link');
  else if (c.person) out.push('person');
  else if (c.col.type === 'date') out.push('date');
  else if (c.col.unit === 'usd') out.push('money');
  else if (c.col.type === 'integer' && /^ [a-z]+$/.test(c.suffix) && !c.ordinal) out.push('count');
  return out;
}

/** The frames that can ask attribute `c`; the type-specific ones first. */
export function framesFor(c: ColumnWords): AskFrame[] {
  const cats = categoriesOf(c);
  const specific = ATTRIBUTE_FRAMES.filter((f) => f.category !== 'any' && cats.includes(f.category!));
  return [...specific, ...ATTRIBUTE_FRAMES.filter((f) => f.category === 'any')];
}

/** The slot values of an attribute frame for attribute `c` of table `w` (whose row the subject is). */
export function attributeSlots(w: TableWords, c: ColumnWords, x: string): Record<string, string> {
  const slots: Record<string, string> = { a: c.q, x, u: c.suffix.trim() };
  if (c.col.type === 'entity') slots.k = refWords(w, c).kind;
  return slots;
}

export function fill(template: string, slots: Readonly<Record<string, string>>): string {
  return capitalise(
    template.replace(/\{([a-z])\}/g, (_, s: string) => {
      const v = slots[s];
      if (v === undefined) throw new Error(`frame "${template}": no value for {${s}}`);
      return v;
    }),
  );
}

/**
 * Every way the template's slots can be cut out of the text (a slot is any non-empty text; literal parts
 * must match exactly). A reader tries each against its vocabulary: "end of the current term of the mayor
 * …" cuts in more than one place.
 */
export function matchEvery(template: string, text: string): Record<string, string>[] {
  const parts = template.split(/(\{[a-z]\})/).filter((p) => p !== '');
  const out: Record<string, string>[] = [];
  const walk = (pi: number, at: number, acc: Record<string, string>) => {
    if (pi === parts.length) {
      if (at === text.length) out.push({ ...acc });
      return;
    }
    const p = parts[pi]!;
    const slot = /^\{([a-z])\}$/.exec(p)?.[1];
    if (!slot) {
      const lit = pi === 0 ? capitalise(p) : p;
      if (text.startsWith(lit, at)) walk(pi + 1, at + lit.length, acc);
      return;
    }
    const next = parts[pi + 1];
    if (next === undefined) {
      if (at < text.length) walk(pi + 1, text.length, { ...acc, [slot]: text.slice(at) });
      return;
    }
    for (let i = text.indexOf(next, at + 1); i !== -1; i = text.indexOf(next, i + 1)) walk(pi + 1, i, { ...acc, [slot]: text.slice(at, i) });
  };
  walk(0, 0, {});
  return out;
}
