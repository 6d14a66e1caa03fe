import { describe, expect, it } from 'vitest';
import { drugStemsFor } from '../../src/names/kinds.js';
import { localeNames } from '../../src/names/locale.js';
import { NamePool } from '../../src/names/pool.js';
import { Rng } from '../../src/rng.js';

const en = localeNames('en');
const MODALITIES = ['small molecule', 'monoclonal antibody', 'gene therapy', 'cell therapy', 'peptide', 'antisense oligonucleotide', 'bispecific antibody'];

describe('naming kinds', () => {
  it('gives a drug a class stem that agrees with its modality, and records it', () => {
    const pool = new NamePool(new Rng('drugs'));
    for (const modality of MODALITIES) {
      const stems = drugStemsFor(en, modality);
      expect(stems.length).toBeGreaterThan(0);
      for (let i = 0; i < 200; i++) {
        const name = pool.drug(modality);
        const stem = pool.drugStemOf(name)!;
        expect(stem.modality).toBe(modality);
        expect(name.toLowerCase().endsWith(stem.stem)).toBe(true);
        expect(stem.routes.length).toBeGreaterThan(0);
      }
    }
    const mab = pool.make({ kind: 'drug' }, { modality: 'monoclonal antibody' });
    expect(mab).toMatch(/mab$/);
    expect(pool.drugStemOf(mab)!.routes).not.toContain('oral');
    expect(pool.drugStemOf(pool.drug('small molecule'))!.routes).toContain('oral');
    expect(() => pool.drug('crystal healing')).toThrow(/no drug stem for modality/);
  });

  it('builds kind names with the morphology of their kind', () => {
    const pool = new NamePool(new Rng('kinds'), undefined, { nearRate: 0 });
    const team = pool.make({ kind: 'team', suffixes: ['FC'] });
    expect(pool.partsOf(team)!.place).toBeDefined();
    expect(team.startsWith(`${pool.partsOf(team)!.place} `)).toBe(true);
    const party = pool.make({ kind: 'party', suffixes: ['Alliance'] });
    expect(party).toMatch(/ Alliance$/);
    expect(party.split(' ').length).toBeGreaterThanOrEqual(3);
    const product = pool.make({ kind: 'product', words: ['Fjord'] }, { parent: 'Halvorsen Devices' });
    expect(product).toMatch(/^Halvorsen Fjord \d+$/);
    expect(pool.make({ kind: 'product', words: ['S'] }, { parent: 'Halvorsen Devices' })).toMatch(/^Halvorsen S\d+$/);
    expect(pool.make({ kind: 'exchange' })).toMatch(/Exchange$/);
    expect(pool.make({ kind: 'pattern', pattern: '{place} {word}', words: ['Spaceport'] })).toMatch(/^[A-Z][a-z]+ Spaceport$/);
    expect(pool.make({ kind: 'pattern', pattern: '{root} {suffix}', suffixes: ['Cinema'] })).toMatch(/^[A-Z][a-z]+ Cinema$/);
    expect(pool.make({ kind: 'pattern', pattern: '{parent} {word} {n}', words: ['Aero'] }, { parent: 'Halvorsen Devices' })).toMatch(/^Halvorsen Aero \d+$/);
    expect(() => pool.make({ kind: 'pattern', pattern: '{nonsense}' })).toThrow(/unknown slot/);
    const towns = Array.from({ length: 300 }, () => pool.place());
    const tails = en.place.tails;
    expect(towns.filter((t) => tails.some((x) => t.split(' ').some((w) => w.endsWith(x)))).length).toBeGreaterThan(280);
  });

  it('never invents a root on the real-name deny-list, over 10,000 draws per kind', () => {
    const real = new Set(en.realNames.map((n) => n.toLowerCase()));
    for (const kind of ['company', 'brand', 'team', 'place', 'vehicle', 'mission', 'exchange'] as const) {
      for (let w = 0; w < 100; w++) {
        const pool = new NamePool(new Rng(`${kind}${w}`));
        for (let i = 0; i < 100; i++) {
          const name = pool.make({ kind });
          const p = pool.partsOf(name)!;
          for (const part of [p.root, p.place, name]) if (part) expect(real.has(part.toLowerCase()), `${kind}: ${name}`).toBe(false);
        }
      }
    }
    // The list does hold what the morphology could otherwise produce.
    for (const r of ['Ashford', 'Bradley', 'Apple', 'Stanford', 'Chelsea']) expect(real.has(r.toLowerCase())).toBe(true);
  });
});

describe('titles', () => {
  it('come from the title patterns and never repeat a word slot', () => {
    const pool = new NamePool(new Rng('titles'));
    for (let i = 0; i < 2000; i++) {
      const t = pool.make({ kind: 'title' });
      const m = /^The (\w+) and the (\w+)$/.exec(t);
      if (m) expect(m[1]).not.toBe(m[2]);
      expect(t).toMatch(/^[A-Z]/);
    }
  });
});
