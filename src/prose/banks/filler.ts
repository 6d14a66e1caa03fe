/**
 * Sentences that state no checkable fact, by role: context, commentary, quotes, transitions,
 * boilerplate. Each is composed of meaningful parts (openers, clauses, hedges, domain words and the
 * subject's name); none contains a number, a date, a month or a value of the world (the vocabulary is
 * checked once per page), so none can contradict the world.
 */
import type { Rng } from '../../rng.js';
import type { FillerRole } from '../types.js';
import { BOILERPLATE } from './boilerplate.js';
import { COMMENTARY, COMMENTARY_ABOUT, composedCommentary } from './commentary.js';
import { CONTEXT, CONTEXT_ABOUT, composedContext } from './context.js';
import { FACTLIKE, HEDGES_AFTER, HEDGES_BEFORE, OPENERS, type Vocabulary, type Words, draw, wordsOf } from './parts.js';
import { quote } from './quotes.js';
import { TRANSITIONS, TRANSITIONS_ABOUT } from './transitions.js';

function compose(role: FillerRole, rng: Rng, w: Words): string {
  const about = w.about !== null && rng.chance(0.45);
  switch (role) {
    case 'context': {
      // Half from the written bank, half composed of a concern and where it shows.
      const core = rng.chance(0.5) ? composedContext(rng, w, about) : draw(rng, about ? CONTEXT_ABOUT : CONTEXT, w);
      return rng.chance(0.4) ? `${rng.pick(OPENERS)} ${core}` : core;
    }
    case 'commentary': {
      const core = rng.chance(0.5) ? composedCommentary(rng, w, about) : draw(rng, about ? COMMENTARY_ABOUT : COMMENTARY, w);
      const r = rng.next();
      if (r < 0.3) return `${rng.pick(HEDGES_BEFORE)}, ${core}`;
      if (r < 0.55) return `${core}, ${rng.pick(HEDGES_AFTER)}`;
      return core;
    }
    case 'quote':
      return quote(rng, w);
    case 'transition':
      return draw(rng, about ? TRANSITIONS_ABOUT : TRANSITIONS, w);
    case 'boilerplate':
      return draw(rng, BOILERPLATE, w);
  }
}

/** One filler sentence (unfinished: the writer adds the capital and the stop). A subject name carrying a digit is left out. */
export function fillerSentence(role: FillerRole, rng: Rng, vocabulary: Vocabulary, about: string | null): string {
  const safe = about !== null && FACTLIKE.test(about) ? null : about;
  return compose(role, rng, wordsOf(rng, vocabulary, safe));
}
