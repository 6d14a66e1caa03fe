import { describe, expect, it } from 'vitest';
import { localeNames } from '../../src/names/locale.js';
import { allowed, brandRoot, forbiddenOf, join, surname, town } from '../../src/names/morphology.js';
import { Rng } from '../../src/rng.js';

const en = localeNames('en');
const f = forbiddenOf(en);

describe('morphology', () => {
  it('joins morphemes as English spells them', () => {
    expect(join('Cor', 'vane')).toBe('Corvane');
    expect(join('nest', 'te', 'ess')).toBe('Nestess');
    expect(join('Bel', 'lum')).toBe('Bellum');
    expect(join('Tor', 'ora')).toBe('Torora');
    expect(join('hal', 'ia')).toBe('Halia');
    expect(join('Hy', 'ic')).toBe('Hyic');
  });

  it('refuses real names, plain words and spellings English does not have', () => {
    for (const w of ['Apple', 'Ashford', 'Table', 'Stenenenne', 'Rushshaw', 'Winwin', 'Oakkins', 'Corrrane', 'Abcdefghijk'])
      expect(allowed(w, f), w).toBe(false);
    for (const w of ['Corvane', 'Halora', 'Thornley', 'Elmbury']) expect(allowed(w, f), w).toBe(true);
  });

  it('every invented root, surname and town passes those rules', () => {
    const rng = new Rng('m');
    for (let i = 0; i < 3000; i++) {
      for (const w of [brandRoot(rng, en, 1), brandRoot(rng, en, 2), surname(rng, en)]) expect(allowed(w, f), w).toBe(true);
      const t = town(rng, en);
      expect(t.split(' ').some((w) => allowed(w, f))).toBe(true);
      expect(f.real.has(t.toLowerCase())).toBe(false);
    }
  });
});
