import { describe, expect, it } from 'vitest';
import { NamePool, inventWord } from '../../src/names/pool.js';
import { localeNames } from '../../src/names/locale.js';
import { Rng } from '../../src/rng.js';
import type { Locale, NameKind, NameModel } from '../../src/themes/spec/parts.js';
import { nameAliases } from '../../src/world/tasks.js';

const KINDS: NameKind[] = ['person', 'company', 'brand', 'product', 'place', 'team', 'party', 'drug', 'title', 'exchange', 'mission', 'vehicle'];

/** Kinds whose first word is an invented root or town. */
const ROOTED = new Set<NameKind>(['company', 'brand', 'team', 'exchange', 'vehicle']);

/** 10,000 names of a kind: 100 worlds' pools of 100 names each (a world names far fewer). */
function draws(model: NameModel, worlds = 100, each = 100, ctx: { parent?: string } = {}): { pool: NamePool; names: string[] }[] {
  return Array.from({ length: worlds }, (_, w) => {
    const pool = new NamePool(new Rng(`${model.kind}:${w}`));
    return { pool, names: Array.from({ length: each }, () => pool.make(model, ctx)) };
  });
}

describe('NamePool', () => {
  it('makes names of every kind, unique within a pool, and never a real name of the locale', () => {
    const real = new Set(localeNames('en').realNames.map((n) => n.toLowerCase()));
    for (const kind of KINDS) {
      for (const { names } of draws({ kind }, 100, 100, { parent: 'Corvane Mobile' })) {
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
        for (const n of names) {
          expect(real.has(n.toLowerCase()), `${kind}: ${n}`).toBe(false);
          if (ROOTED.has(kind)) expect(real.has(n.split(' ')[0]!.toLowerCase()), `${kind} first word: ${n}`).toBe(false);
        }
      }
    }
  });

  it('is deterministic: the same rng gives the same names, another gives others', () => {
    const run = (seed: string) => {
      const pool = new NamePool(new Rng(seed));
      return KINDS.flatMap((kind) => Array.from({ length: 20 }, () => pool.make({ kind }, { parent: 'Tessora Labs' })));
    };
    expect(run('a')).toEqual(run('a'));
    expect(run('a')).not.toEqual(run('b'));
    const w = (seed: string) => Array.from({ length: 50 }, (_, i) => inventWord(new Rng(`${seed}${i}`)));
    expect(w('x')).toEqual(w('x'));
  });

  it('records the gender of every person drawn, with or without a gender asked for', () => {
    const pool = new NamePool(new Rng('g'));
    const drawn = Array.from({ length: 300 }, () => pool.person());
    const genders = drawn.map((n) => pool.genderOf(n));
    expect(genders.every((g) => g === 'female' || g === 'male')).toBe(true);
    expect(genders.filter((g) => g === 'female').length).toBeGreaterThan(100);
    expect(genders.filter((g) => g === 'male').length).toBeGreaterThan(100);
    for (const g of ['female', 'male'] as const) {
      const names = Array.from({ length: 50 }, () => pool.make({ kind: 'person', gender: g }));
      expect(names.every((n) => pool.genderOf(n) === g)).toBe(true);
    }
    expect(pool.genderOf('Nobody Here')).toBeUndefined();
  });

  it('keeps the old calls working: take, has, word, withSuffix, person, place', () => {
    const pool = new NamePool(new Rng('old'));
    expect(pool.take(() => 'Apple')).toBe('Apple'); // a caller's own name (a real brand under --real-brands)
    expect(pool.has('apple')).toBe(true);
    expect(() => pool.take(() => 'Apple')).toThrow(/exhausted/);
    expect(pool.word()).toMatch(/^[A-Z][a-z]+$/);
    expect(pool.withSuffix(['Mobile'])).toMatch(/^[A-Z][a-z]+ Mobile$/);
    expect(pool.place([' Heights'])).toMatch(/^[A-Z][a-z]+ Heights$/);
    expect(pool.place(['ton'])).toMatch(/^[A-Z][a-z]+ton$/);
    expect(pool.person('male')).toMatch(/^[A-Z][a-z'-]+ [A-Z][a-z]+$/);
  });

  it('refuses a locale it has no data for with a clear message', () => {
    // Every declared locale has data now (zh-CN included): an undeclared one stands for a future locale.
    expect(() => new NamePool(new Rng(1), undefined, { locale: 'fr' as Locale })).toThrow(/fr' is not supported yet/);
  });
});

describe('near-names', () => {
  it('on request, a company shares its first word and a person their surname with one already made', () => {
    const pool = new NamePool(new Rng('near'), undefined, { nearRate: 0 });
    const a = pool.make({ kind: 'company', suffixes: ['Mobile', 'Labs', 'Devices'] });
    const b = pool.make({ kind: 'company', suffixes: ['Mobile', 'Labs', 'Devices'] }, { near: true });
    expect(b).not.toBe(a);
    expect(b.split(' ')[0]).toBe(a.split(' ')[0]);
    const p = pool.person();
    const q = pool.make({ kind: 'person' }, { near: true });
    expect(q).not.toBe(p);
    expect(q.split(' ')[1]).toBe(p.split(' ')[1]);
  });

  it('happen at the pool rate, never when off, and stay unique', () => {
    const share = (rate: number) => {
      let near = 0;
      for (let w = 0; w < 200; w++) {
        const pool = new NamePool(new Rng(`rate${w}`), undefined, { nearRate: rate });
        const names = Array.from({ length: 6 }, () => pool.make({ kind: 'company' }));
        expect(new Set(names).size).toBe(6);
        const firsts = names.map((n) => n.split(' ')[0]);
        near += firsts.length - new Set(firsts).size;
      }
      return near / (200 * 5);
    };
    expect(share(0)).toBe(0);
    const s = share(0.1);
    expect(s).toBeGreaterThan(0.05);
    expect(s).toBeLessThan(0.16);
  });

  it('leave neither near-name a short form, in the pool and in task aliases', () => {
    const pool = new NamePool(new Rng('short'), undefined, { nearRate: 0 });
    const a = pool.make({ kind: 'company', suffixes: ['Mobile'] });
    const other = pool.make({ kind: 'company', suffixes: ['Systems'] });
    expect(pool.short(a)).toBe(a.replace(/ Mobile$/, ''));
    const b = pool.make({ kind: 'company', suffixes: ['Systems'] }, { near: true });
    expect(b.split(' ')[0]).toBe(a.split(' ')[0]);
    expect(pool.short(a)).toBeUndefined();
    expect(pool.short(b)).toBeUndefined();
    expect(pool.short(other)).toBe(other.replace(/ Systems$/, ''));
    const all = new Set([a, b, other].map((n) => n.toLowerCase()));
    expect(nameAliases(b, all)).toEqual([]);
    expect(nameAliases(other, all)).toEqual([other.replace(/ Systems$/, '')]);
    const p = pool.person();
    const q = pool.make({ kind: 'person' }, { near: true });
    expect(pool.short(p)).toBeUndefined();
    expect(pool.short(q)).toBeUndefined();
  });
});
