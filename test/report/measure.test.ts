/** Each figure of the report on the hand-built world of fixture.ts, where the answer is known by reading it. */
import { describe, expect, it } from 'vitest';
import { measureWorld } from '../../src/report/measure.js';
import { reportRows } from '../../src/report/rows.js';
import { createTally, jaccard } from '../../src/report/tally.js';
import { toyWorld } from './fixture.js';

describe('one world’s figures (format v2, with claims)', () => {
  const w = measureWorld(toyWorld(true), true);
  const f = (() => {
    const t = createTally();
    t.add(w);
    return t.result();
  })();

  it('sentence shapes, with names, values, numbers and dates as placeholders', () => {
    expect(w.shapes).toEqual([
      '<NAME> - Toypedia',
      '<NAME> was founded on <DATE>.',
      'It reported revenue of <NUM>.',
      '<NAME> is headquartered in <NAME>.', // "Tacova", a short name a claim records
      'The firm works in <VALUE>.',
      '<NAME> - Toypedia',
      '<NAME> was founded on <DATE>.',
      '<NAME> reported revenue of <NUM>.',
      '<NAME> is headquartered in <NAME>.',
      '<NAME> works in <VALUE>.',
      '<NAME> opens its doors - <NAME>',
      'By <NAME>, staff writer',
      '<NAME>, founded in <NUM>, earns <NUM> more than <NAME>.',
      'List of companies (<NUM>) - <NAME>',
      '<NAME> — <NUM>',
      '<NAME> — <NUM>',
    ]);
    expect(f.passages).toBe(16);
    expect(f.shapes).toBe(12);
    expect(f.shapeShare).toBeCloseTo(12 / 16, 9);
    expect(f.topShare).toBe(1); // fewer than 100 shapes: the 100 commonest are all of them
  });

  it('phrasings per attribute: distinct shapes of the passages stating exactly that one fact', () => {
    expect(f.phrasings.byAttribute).toEqual({ 'companies.founded': 2, 'companies.headquarters': 1, 'companies.revenue': 3, 'companies.sector': 2 });
    expect(f.phrasings).toMatchObject({ attributes: 4, min: 1, median: 2, atTarget: 0 });
  });

  it('median words per page by genre, and the fewest on any page', () => {
    expect(w.pages).toEqual([
      { kind: 'entity', words: 27, dated: true, links: 0 },
      { kind: 'entity', words: 28, dated: false, links: 0 },
      { kind: 'news', words: 40, dated: true, links: 1 },
      { kind: 'list', words: 14, dated: true, links: 0 },
    ]);
    expect(f.words.byGenre).toEqual({ entity: { pages: 2, median: 27.5 }, list: { pages: 1, median: 14 }, news: { pages: 1, median: 40 } });
    expect(f.words.min).toBe(14);
  });

  it('dated pages and links to other pages of the world', () => {
    expect(f.dated).toEqual({ share: 3 / 4, byGenre: { entity: 1 / 2, list: 1, news: 1 } });
    expect(f.links).toEqual({ share: 1 / 4, median: 0 });
  });

  it('pronoun, short-name and description share of fact-stating passages', () => {
    // 11 passages carry claims; "It …" (pronoun), "Tacova …" (short), "The firm …" (description).
    expect(f.coreference).toEqual({ worlds: 1, factPassages: 11, share: 3 / 11 });
  });

  it('non-exact claims: rounded, preliminary and erroneous (not scheduled or corrected)', () => {
    expect(w.claims?.noise).toBe(3);
    expect(w.claims?.forms).toEqual({ exact: 8, rounded: 1, erroneous: 1, preliminary: 1 });
    expect(f.noise).toMatchObject({ worlds: 1, perWorld: { min: 3, median: 3, max: 3 }, worldsAtTarget: 1, share: 1 });
  });

  it('anachronisms: the encyclopedia page dated 2030-01-01 reports the 2031-05-05 founding as done', () => {
    expect(w.anachronisms).toHaveLength(1);
    expect(w.anachronisms[0]).toContain('https://wiki.toy.example/wiki/Tacova_Corp (2030-01-01) reports Tacova Corp founded as done');
    expect(f.anachronisms).toBe(1);
  });

  it('sites, URL schemes, names and facts', () => {
    expect(w.sites).toBe(3);
    expect(w.urlSchemes).toBe(3); // /wiki/{slug} twice, /{n}/{n}/{slug}, /lists/{slug}
    expect(w.names).toBe(4); // Tacova Corp, Brell Works, Lyonbridge, Quenford
    expect([...w.nameLetters.values()].reduce((s, n) => s + n, 0)).toBe(38);
    expect(f.names.xShare).toBe(0);
    expect(f.facts).toEqual({ min: 8, max: 8 });
  });
});

describe('a format-v1 world (no claims)', () => {
  const w = measureWorld(toyWorld(false), false);
  const t = createTally();
  t.add(w);
  const f = t.result();

  it('coreference and noise are n/a; a short name no claim records stays in the shape', () => {
    expect(w.claims).toBeNull();
    expect(f.coreference).toBeNull();
    expect(f.noise).toBeNull();
    expect(w.shapes[3]).toBe('Tacova is headquartered in <NAME>.');
    expect(f.shapes).toBe(13);
  });

  it('anachronisms are still found from passage_facts (each read as an exact claim)', () => {
    expect(w.anachronisms).toHaveLength(1);
  });
});

describe('pooling worlds', () => {
  const shaped = (shapes: string[], theme = 'toy') => ({ ...measureWorld(toyWorld(true), true), theme, shapes, attributeShapes: [] as [string, string][] });

  it('the 100 commonest shapes: their share of all passages', () => {
    // 150 passages: one shape 30 times, 120 shapes once each. The 100 commonest cover 30 + 99 passages.
    const t = createTally();
    t.add(shaped([...Array(30).fill('common'), ...Array.from({ length: 120 }, (_, i) => `rare ${i}`)]));
    const f = t.result();
    expect(f.passages).toBe(150);
    expect(f.shapes).toBe(121);
    expect(f.topShare).toBeCloseTo(129 / 150, 9);
  });

  it('shapes are counted once over worlds; attributes of two themes stay apart under a prefix', () => {
    const t = createTally();
    const a = measureWorld(toyWorld(true), true);
    t.add(a, 'toy/');
    t.add({ ...a, theme: 'other' }, 'other/');
    const f = t.result();
    expect(f.worlds).toBe(2);
    expect(f.passages).toBe(32);
    expect(f.shapes).toBe(12);
    expect(f.phrasings.attributes).toBe(8);
    expect(f.phrasings.byAttribute['other/companies.revenue']).toBe(3);
    expect(f.sites).toEqual({ min: 3, median: 3, max: 3 });
    expect(f.noise?.share).toBe(1);
  });
});

describe('world shapes', () => {
  const w = measureWorld(toyWorld(true), true);
  const shaped = (theme: string, attributes: string[]) => ({ ...w, theme, attributes });

  it("a world's shape is the sorted set of attributes that state a fact", () => {
    expect(w.attributes).toEqual([...new Set(w.attributes)].sort());
    expect(w.attributes.length).toBeGreaterThan(1);
  });

  it('Jaccard of attribute sets, averaged over same-theme pairs only; signatures count distinct (theme, set)', () => {
    expect(jaccard(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(0.5);
    const t = createTally();
    t.add(shaped('x', ['a', 'b', 'c']));
    t.add(shaped('x', ['b', 'c', 'd']));
    t.add(shaped('x', ['a', 'b', 'c']));
    t.add(shaped('y', ['q'])); // alone in its theme: no pair, and never compared with x
    const f = t.result();
    expect(f.worldShapes.signatures).toBe(3);
    expect(f.worldShapes.jaccard).toBeCloseTo((0.5 + 1 + 0.5) / 3, 9);
    const lone = createTally();
    lone.add(shaped('y', ['q']));
    expect(lone.result().worldShapes).toEqual({ signatures: 1, jaccard: null });
  });
});

describe('anachronisms on a theme without time roles', () => {
  it('cannot be checked: n/a, not a pass', () => {
    const data = toyWorld(true);
    data.theme = { ...data.theme, tables: data.theme.tables.map((t) => ({ ...t, columns: t.columns.map(({ time: _time, ...c }) => c) })) };
    const w = measureWorld(data, true);
    expect(w.timedColumns).toBe(0);
    expect(w.anachronisms).toEqual([]);
    const t = createTally();
    t.add(w);
    const f = t.result();
    expect(f.untimedWorlds).toBe(1);
    const row = reportRows([]).find((r) => r.id === 'anachronisms')!;
    expect(row.show(f)).toBe('n/a');
    expect(row.pass?.(f)).toBeNull();
    // with the time role the same world is checked (the fixture's one anachronism)
    const timed = createTally();
    timed.add(measureWorld(toyWorld(true), true));
    expect(row.show(timed.result())).toBe('1');
    expect(row.pass?.(timed.result())).toBe(false);
  });
});
