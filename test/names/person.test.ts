import { describe, expect, it } from 'vitest';
import { localeNames } from '../../src/names/locale.js';
import { firstNameProblem, firstNames } from '../../src/names/person.js';
import { NamePool } from '../../src/names/pool.js';
import { Rng } from '../../src/rng.js';

const en = localeNames('en');
const TITLES = ['Sister', 'General', 'Baby', 'America', 'Mister', 'Doctor', 'Major', 'King', 'Junior', 'Santa', 'Lady', 'Judge', 'Precious', 'Unique'];

describe('first names', () => {
  it('refuses titles, honorifics and common words by list and by rule, and keeps given names that are words', () => {
    for (const t of TITLES) expect(firstNameProblem(t, en), t).toBeDefined();
    // Caught by the rule (a common word of the locale), not the list:
    expect(en.person.denyFirst).not.toContain('Chase');
    expect(firstNameProblem('Willow', en)).toBeUndefined();
    expect(firstNameProblem('Frank', en)).toBeUndefined();
    for (const w of ['Rusty', 'Dock', 'Buck', 'Porter']) {
      expect(en.person.denyFirst).not.toContain(w);
      expect(en.person.first.male).toContain(w);
      expect(firstNameProblem(w, en)).toBe('common word');
    }
    expect(firstNameProblem('Mary', en)).toBeUndefined();
  });

  it('come from the locale lists for the gender; faker lists held "Sister", "General", "America"', () => {
    expect(en.person.first.female).toContain('Sister');
    expect(en.person.first.female).toContain('America');
    expect(en.person.first.male).toContain('General');
    const female = firstNames(en, 'female');
    const male = firstNames(en, 'male');
    expect(female.length).toBeGreaterThan(1400);
    expect(male.length).toBeGreaterThan(1200);
    for (const t of TITLES) {
      expect(female).not.toContain(t);
      expect(male).not.toContain(t);
    }
    expect(female.every((n) => en.person.first.female.includes(n))).toBe(true);
  });

  it('over 10,000 people, no title or common word is a first name and no surname is a real one', () => {
    const real = new Set(en.person.realSurnames.map((s) => s.toLowerCase()));
    const firsts = new Set<string>();
    for (let w = 0; w < 100; w++) {
      const pool = new NamePool(new Rng(`people${w}`));
      for (let i = 0; i < 100; i++) {
        const name = pool.person();
        const [first, family, ...rest] = name.split(' ');
        expect(rest).toEqual([]);
        expect(firstNameProblem(first!, en), name).toBeUndefined();
        expect(real.has(family!.toLowerCase()), name).toBe(false);
        expect(firstNames(en, pool.genderOf(name)!)).toContain(first);
        firsts.add(first!);
      }
    }
    for (const t of TITLES) expect(firsts.has(t)).toBe(false);
    expect(firsts.size).toBeGreaterThan(2000);
  });
});
