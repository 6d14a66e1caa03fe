import { faker } from '@faker-js/faker/locale/zh_CN';
import { describe, expect, it } from 'vitest';
import { letterDistance } from '../../src/names/letters.js';
import { localeNames } from '../../src/names/locale.js';
import { NamePool } from '../../src/names/pool.js';
import { Rng } from '../../src/rng.js';
import type { NameKind } from '../../src/themes/spec/parts.js';

const zh = localeNames('zh-CN');
const fakerPerson = faker.rawDefinitions.person!;
const SURNAMES = new Set(fakerPerson.last_name!.generic);
const GIVEN = { female: new Set(fakerPerson.first_name!.female), male: new Set(fakerPerson.first_name!.male) };
const REAL = new Set(zh.realNames.map((n) => n.toLowerCase()));
const HAN = /^\p{Script=Han}+$/u;
const pool = (seed: string, nearRate?: number) => new NamePool(new Rng(seed), undefined, { locale: 'zh-CN', nearRate });

describe('Chinese names (zh-CN)', () => {
  it("draws people from faker's zh_CN lists: family name first, a given name of the recorded gender, no space", () => {
    expect(SURNAMES.size).toBeGreaterThan(100);
    const p = pool('people', 0);
    for (let i = 0; i < 2000; i++) {
      const gender = i % 3 === 0 ? undefined : i % 2 === 0 ? 'female' : 'male';
      const name = p.person(gender);
      const parts = p.partsOf(name)!;
      expect(name).toBe(`${parts.surname}${parts.first}`);
      expect(name).toMatch(HAN);
      expect(SURNAMES.has(parts.surname!)).toBe(true);
      expect(GIVEN[parts.gender!].has(parts.first!), name).toBe(true);
      if (gender) expect(p.genderOf(name)).toBe(gender);
      expect(REAL.has(name), name).toBe(false);
      expect(p.short(name)).toBeUndefined();
    }
  });

  it('names a company brand + industry word + legal form, its short name the brand', () => {
    const forms = /(有限公司|股份有限公司|集团|集团有限公司)$/;
    const p = pool('companies', 0);
    let shorts = 0;
    for (let i = 0; i < 300; i++) {
      const name = p.make({ kind: 'company' });
      const { root, suffix } = p.partsOf(name)!;
      expect(name).toBe(`${root}${suffix}`);
      expect(root).toMatch(/^\p{Script=Han}{2,3}$/u);
      expect(suffix).toMatch(forms);
      const short = p.short(name);
      if (short !== undefined) {
        expect(short).toBe(root);
        shorts++;
      }
    }
    expect(shorts).toBeGreaterThan(200);
    const brand = p.make({ kind: 'company', suffixes: ['科技有限公司'] });
    expect(brand).toMatch(/^\p{Script=Han}{2,3}科技有限公司$/u);
  });

  it("names a product after its maker's brand, places with 市/县/区, drugs with a stem of their modality", () => {
    const p = pool('kinds', 0);
    const maker = p.make({ kind: 'company' });
    const root = p.partsOf(maker)!.root!;
    for (let i = 0; i < 50; i++) expect(p.make({ kind: 'product' }, { parent: maker }).startsWith(root)).toBe(true);
    expect(p.make({ kind: 'product', words: ['X'] }, { parent: maker })).toMatch(new RegExp(`^${root}X\\d+$`));
    const places = Array.from({ length: 200 }, () => p.place());
    let shorts = 0;
    for (const place of places) {
      expect(place).toMatch(/^\p{Script=Han}{2,3}[市县区镇]$/u);
      // The short form is the stem ("临川" of "临川市"), unless another name has the same stem.
      const short = p.short(place);
      if (short !== undefined) expect(short).toBe(p.partsOf(place)!.place);
      if (short !== undefined) shorts++;
    }
    expect(shorts).toBeGreaterThan(150);
    const team = p.make({ kind: 'team' });
    expect(team.startsWith(p.partsOf(team)!.place!)).toBe(true);
    const mab = p.drug('monoclonal antibody');
    expect(mab).toMatch(/单抗$/);
    expect(p.drugStemOf(mab)!.routes).not.toContain('oral');
    expect(p.drug('small molecule')).toMatch(HAN);
    expect(p.make({ kind: 'mission' })).toMatch(/号$/);
    expect(p.make({ kind: 'pattern', pattern: '{parent}{word}', words: ['影城'] }, { parent: maker })).toBe(`${root}影城`);
  });

  it('makes names unique in a world and never a real company, city, drug or person, over 5,000 draws per kind', () => {
    const kinds: NameKind[] = ['person', 'company', 'brand', 'team', 'place', 'party', 'drug', 'exchange', 'mission', 'vehicle', 'title'];
    for (const kind of kinds) {
      for (let w = 0; w < 50; w++) {
        const p = pool(`${kind}${w}`);
        const seen = new Set<string>();
        for (let i = 0; i < 100; i++) {
          const name = p.make({ kind });
          expect(seen.has(name), `${kind}: ${name} twice`).toBe(false);
          seen.add(name);
          expect(name.includes(' '), name).toBe(false);
          const parts = p.partsOf(name)!;
          for (const part of [parts.root, parts.place, name]) if (part) expect(REAL.has(part.toLowerCase()), `${kind}: ${name}`).toBe(false);
        }
      }
    }
    // The deny list holds the well-known ones by name.
    for (const real of ['华为', '腾讯', '北京', '深圳', '临川', '伊马替尼']) expect(REAL.has(real)).toBe(true);
  });

  it('is deterministic: the same seed gives the same names', () => {
    const draw = () => {
      const p = pool('same');
      return ['person', 'company', 'place', 'drug', 'team'].map((kind) => p.make({ kind: kind as NameKind }));
    };
    expect(draw()).toEqual(draw());
  });

  it('measures letter statistics by character: people are close to real names, invented places are not names', () => {
    const p = pool('letters');
    const people = Array.from({ length: 2000 }, () => p.person());
    const places = Array.from({ length: 500 }, () => p.place());
    expect(letterDistance(people, zh.letters)).toBeLessThan(0.25);
    // Place characters are mostly not name characters (those not in the table are not counted, so the rest is measured).
    expect(letterDistance(places, zh.letters)).toBeGreaterThan(letterDistance(people, zh.letters));
  });
});
