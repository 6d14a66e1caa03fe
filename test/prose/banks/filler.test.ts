/**
 * Sentences that state no fact, over thousands of draws per theme: none contains a number, a date, a
 * month, a year or a number word; none names a value of the world other than its own subject's name;
 * the banks give hundreds of distinct shapes.
 */
import { describe, expect, it } from 'vitest';
import { type Vocabulary, wordsOf } from '../../../src/prose/banks/parts.js';
import type { FillerRole } from '../../../src/prose/types.js';
import { Rng } from '../../../src/rng.js';
import { mentions } from '../../../src/text.js';
import { THEME_IDS, makeWorld, writerFor } from '../_world.js';

const ROLES: FillerRole[] = ['context', 'commentary', 'transition', 'quote', 'boilerplate'];
const MONTH = /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b/i;
const NUMBER_WORD =
  /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|billion|trillion|dozen|first|second|third|half|twice|percent|quarter|year)\b/i;

describe.each(THEME_IDS)('filler on %s', (id) => {
  it('never states anything that reads as a fact, over thousands of draws', () => {
    const world = makeWorld(id, 7);
    const subjects = world.theme.tables.filter((t) => t.nameColumn).flatMap((t) => (world.rows[t.name] ?? []).map((r) => world.fx.name(t.name, r.id)));
    const values = [...new Set(world.fx.facts.filter((f) => f.objectType === 'text' || f.objectType === 'entity').map((f) => f.object))].map(
      (v) => [v, v.toLowerCase()] as const,
    );
    const shapes = new Set<string>();
    let draws = 0;
    for (let page = 0; page < 80; page++) {
      const w = writerFor(world, `${id}|filler|${page}`, { site: 'Orbis Encyclopedia' });
      for (let i = 0; i < 40; i++) {
        const about = i % 2 === 0 ? subjects[(page * 7 + i) % subjects.length] : undefined;
        const s = w.filler(ROLES[(page + i) % ROLES.length]!, about);
        draws++;
        expect(s.facts).toEqual([]);
        expect(s.claims).toEqual([]);
        // The subject's own name may contain a digit ("Zosay 5"); nothing else may.
        const rest = about ? s.text.split(about).join('<NAME>') : s.text;
        expect(rest, s.text).not.toMatch(/\d/);
        expect(rest, s.text).not.toMatch(MONTH);
        expect(rest, s.text).not.toMatch(NUMBER_WORD);
        const lower = rest.toLowerCase();
        for (const [v, lv] of values)
          if (lower.includes(lv) && v !== about && !about?.includes(v)) expect(mentions(rest, v), `${s.text} names "${v}"`).toBe(false);
        expect(s.text).toMatch(/^["A-Z]/);
        expect(s.text).toMatch(/[.!?]"?$/);
        expect(s.text).not.toMatch(/\.\.|\s[,.;]|,,/);
        shapes.add(rest);
      }
    }
    expect(draws).toBe(3200);
    // Distinct shapes (the subject's name as a placeholder; domain words are part of a shape).
    expect(shapes.size).toBeGreaterThan(600);
  });
});

describe('topics within one sentence', () => {
  it('a second topic differs from the first, whichever a template draws first', () => {
    const v: Vocabulary = { field: 'smartphone market', topics: ['chip supply', 'carrier subsidies', 'foldable designs'], voices: ['an analyst'], site: 'S' };
    for (let seed = 0; seed < 200; seed++) {
      const w = wordsOf(new Rng(`topics-${seed}`), v, null);
      const second = w.topic2();
      expect(w.topic()).not.toBe(second);
      const u = wordsOf(new Rng(`topics-${seed}`), v, null);
      const first = u.topic();
      expect(u.topic2()).not.toBe(first);
    }
  });
});
