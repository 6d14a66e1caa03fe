/**
 * Conflict questions (issue 24): the true value of an attribute that some page states otherwise (an
 * early estimate, a rounded figure, a forum post's wrong number), of an entity the question describes
 * by conditions (the condition language of conditions.ts), or reached by links from one so described
 * (chain.ts readPath reads "operator of the launch vehicle whose …"), never by name. Slots, as in asks.ts: {a} the
 * attribute as a question names it, {x} the described entity after "the", {u} its unit word.
 * `readConflict` reads every frame back.
 *
 *   "Setting aside early estimates and rounded figures, what exactly is the sales volume of the phone
 *    model whose launch price is between $400 and $600 and whose maker is a brand whose home city is Korsvik?"
 */
import type { ClaimForm } from '../../world/types.js';
import type { ConflictReading } from '../families/reading.js';
import { type AskCategory, categoriesOf, fill, matchEvery } from './asks.js';
import { readPath } from '../families/chain.js';
import type { ColumnWords } from './labels.js';

/** The claim forms a conflict question is about: a page states the value otherwise in one of them. */
export type MisleadingForm = Extract<ClaimForm, 'erroneous' | 'preliminary' | 'rounded'>;

export interface ConflictFrame {
  id: string;
  template: string;
  /** The attributes the frame can ask ('any': every attribute; 'money', 'count': as asks.ts's categories). */
  category: Extract<AskCategory, 'any' | 'money' | 'count'>;
  /** The misleading statements the frame's words fit (an "early estimate" is preliminary, a "rough figure" rounded). */
  fits: readonly MisleadingForm[];
}

const ALL: readonly MisleadingForm[] = ['erroneous', 'preliminary', 'rounded'];

export const CONFLICT_FRAMES: readonly ConflictFrame[] = [
  { id: 'final', template: 'What is the final {a} of the {x}?', category: 'any', fits: ['preliminary'] },
  { id: 'settled', template: 'Once the figures were settled, what was the {a} of the {x}?', category: 'any', fits: ['preliminary'] },
  { id: 'revised', template: 'Early reports were later revised: what is the confirmed {a} of the {x}?', category: 'any', fits: ['preliminary'] },
  {
    id: 'set-aside',
    template: 'Setting aside early estimates and rounded figures, what exactly is the {a} of the {x}?',
    category: 'any',
    fits: ['preliminary', 'rounded'],
  },
  { id: 'precise', template: 'What is the precise {a} of the {x}, not a rounded figure?', category: 'any', fits: ['rounded'] },
  {
    id: 'rough',
    template: 'Some pages give only a rough figure for the {a} of the {x}. What is the exact one?',
    category: 'any',
    fits: ['rounded', 'preliminary'],
  },
  { id: 'disagree', template: 'Sources disagree on the {a} of the {x}. What is the correct figure?', category: 'any', fits: ALL },
  { id: 'from-memory', template: 'Figures quoted from memory vary: what is the correct {a} of the {x}?', category: 'any', fits: ['erroneous'] },
  { id: 'misquoted', template: 'The {a} of the {x} is often misquoted; what is the correct figure?', category: 'any', fits: ['erroneous'] },
  { id: 'not-every', template: 'Not every figure quoted for the {a} of the {x} is right. What is the correct value?', category: 'any', fits: ALL },
  { id: 'for-exact', template: 'For the {x}, what is the {a}, exactly as finally reported?', category: 'any', fits: ALL },
  { id: 'how-much', template: 'How much was the {a} of the {x}, by the final and exact figures?', category: 'money', fits: ALL },
  { id: 'how-many', template: 'By the final and exact figures, how many {u} does the {a} of the {x} come to?', category: 'count', fits: ALL },
];

/** The frames that can ask attribute `c` when a page states it in `form`. */
export function conflictFramesFor(c: ColumnWords, form: MisleadingForm): ConflictFrame[] {
  const cats = categoriesOf(c);
  return CONFLICT_FRAMES.filter((f) => cats.includes(f.category) && f.fits.includes(form));
}

/** The slot values of a conflict frame for attribute `c` of the entity `x` describes. */
export function conflictSlots(c: ColumnWords, x: string): Record<string, string> {
  return { a: c.q, x, u: c.suffix.trim() };
}

export function renderConflict(f: ConflictFrame, c: ColumnWords, x: string): string {
  return fill(f.template, conflictSlots(c, x));
}

/**
 * Reads a conflict question back: the described entity, the links followed from it ("operator of the
 * launch vehicle whose …"), and the attribute asked (its label); null when no frame reads it.
 */
export function readConflict(question: string): ConflictReading | null {
  const q = question.trim();
  for (const f of CONFLICT_FRAMES)
    for (const m of matchEvery(f.template, q))
      for (const p of readPath(m.x!)) {
        if (!('kind' in p.start)) continue;
        const col = p.words.columns.find(
          (c) => c.q === m.a && categoriesOf(c).includes(f.category) && (m.u === undefined || m.u === c.suffix.trim()) && c.col.type !== 'entity',
        );
        if (col) return { family: 'conflict', of: p.start, links: p.links, asks: col.label };
      }
  return null;
}
