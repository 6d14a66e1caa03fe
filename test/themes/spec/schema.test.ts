/** The spec schema refuses bad specs with one line naming the theme and the path. */
import { Faker, base, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/rng.js';
import { NamePool } from '../../../src/themes/_names.js';
import { compileTheme } from '../../../src/themes/spec/compile.js';
import type { ThemeSpecInput } from '../../../src/themes/spec/schema.js';

/** A small valid spec: makers and their gadgets. */
function spec(): ThemeSpecInput {
  return {
    id: 'gadgets',
    title: 'Gadgets',
    description: 'Makers and their gadgets',
    domain: { field: 'gadget market', topics: ['a', 'b', 'c', 'd'], voices: ['x', 'y', 'z'] },
    sites: [
      { host: 'wiki.a.example', name: 'A', genres: ['encyclopedia'] },
      { host: 'news.b.example', name: 'B', genres: ['news'] },
      { host: 'data.c.example', name: 'C', genres: ['data'] },
      { host: 'forum.d.example', name: 'D', genres: ['forum'] },
    ],
    tables: [
      {
        name: 'makers',
        entity: 'maker',
        plural: 'makers',
        nameColumn: 'name',
        rows: { kind: 'count', range: [3, 4] },
        columns: [
          { name: 'name', type: 'text', label: 'name', gen: { kind: 'name', model: { kind: 'company', suffixes: ['Works'] } } },
          { name: 'founded', type: 'date', label: 'founding date', time: 'event', gen: { kind: 'date', days: [-9000, -400] } },
        ],
      },
      {
        name: 'gadgets',
        entity: 'gadget',
        plural: 'gadgets',
        nameColumn: 'name',
        naming: { kind: 'product' },
        rows: { kind: 'count', range: [5, 8] },
        columns: [
          { name: 'name', type: 'text', label: 'name', gen: { kind: 'name', parent: 'maker_id' } },
          { name: 'maker_id', type: 'entity', ref: 'makers', label: 'maker', gen: { kind: 'ref', spread: true } },
          { name: 'price_usd', type: 'integer', label: 'price', gen: { kind: 'int', range: [100, 900] } },
        ],
      },
    ],
    derive: [],
    invariants: [{ use: 'dateOrder', args: { parents: 'makers', parentDate: 'founded', children: 'gadgets', fk: 'maker_id', childDate: 'price_usd' } }],
    say: {
      'makers.founded': { noun: 'founding date', verb: 'was founded on {v}', future: 'is to be founded on {v}' },
      'gadgets.maker_id': { noun: 'maker', verb: 'is made by {v}' },
      'gadgets.price_usd': { noun: 'price', verb: 'costs {v}' },
    },
  };
}

/** The one-line message a broken copy of the spec is refused with. */
function refusal(breakIt: (s: ThemeSpecInput & Record<string, any>) => void): string {
  const s = structuredClone(spec()) as ThemeSpecInput & Record<string, any>;
  breakIt(s);
  try {
    compileTheme(s);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

describe('theme spec schema', () => {
  it('accepts a valid spec and compiles it to a theme with say, time and sites', () => {
    const theme = compileTheme(spec());
    expect(theme.sites.news.host).toBe('news.b.example');
    const founded = theme.tables[0]!.columns.find((c) => c.name === 'founded')!;
    expect(founded.time).toBe('event');
    expect(founded.say?.future).toBe('is to be founded on {v}');
    expect(theme.locale).toBe('en');
  });

  it.each([
    ['a missing say entry', (s: any) => delete s.say['gadgets.price_usd'], 'theme spec gadgets: say: missing say entry "gadgets.price_usd"'],
    ['a say entry for no column', (s: any) => (s.say['gadgets.colour'] = { noun: 'colour', verb: 'is {v}' }), 'say.gadgets.colour: say entry for no column'],
    [
      'an event column without a future form',
      (s: any) => delete s.say['makers.founded'].future,
      'say.makers.founded.future: an event column needs a future form',
    ],
    ['an unknown derivation', (s: any) => (s.derive = [{ use: 'sumOfEverything', args: {} }]), 'derive.0.use: unknown derivation "sumOfEverything"'],
    ['an unknown invariant', (s: any) => (s.invariants = [{ use: 'noSuchCheck', args: {} }]), 'invariants.0.use: unknown invariant "noSuchCheck"'],
    ['bad derivation arguments', (s: any) => (s.derive = [{ use: 'rank', args: { table: 'gadgets' } }]), 'derive.0.args.column:'],
    ['a bad range', (s: any) => (s.tables[1].columns[2].gen.range = [900, 100]), 'tables.1.columns.2.gen.range: bad range: min is above max'],
    ['a reference to no table', (s: any) => (s.tables[1].columns[1].ref = 'brands'), 'tables.1.columns.1.ref: entity column maker_id refers to no table'],
    ['a missing site genre', (s: any) => (s.sites[3].genres = ['review']), 'sites: no site of genre forum'],
    ['a template over no column', (s: any) => (s.tables[1].headline = '{maker} ships {name}'), 'template names no column "maker"'],
    [
      'a by-range over a column declared after it',
      (s: any) => (s.tables[1].columns[2].gen.by = { column: 'name_later', ranges: {} }),
      'tables.1.columns.2.gen.by: "name_later" is no drawn column declared before price_usd',
    ],
    [
      'a by-range over a derived column',
      (s: any) => {
        s.tables[1].columns.splice(2, 0, { name: 'rank', type: 'integer', label: 'rank', gen: { kind: 'derived' } });
        s.tables[1].columns[3].gen.by = { column: 'rank', ranges: {} };
        s.say['gadgets.rank'] = { noun: 'rank', verb: 'ranks {v}' };
      },
      'tables.1.columns.3.gen.by: "rank" is no drawn column declared before price_usd',
    ],
    [
      'a named table whose only profile column is left to a per-row chance',
      (s: any) => (s.tables[0].columns[1].rowChance = 0.5),
      'tables.0.columns: named table makers needs a link, date or text column set in every row',
    ],
  ])('refuses %s with one line', (_what, breakIt, expected) => {
    const msg = refusal(breakIt);
    expect(msg).toContain(expected);
    expect(msg.startsWith('theme spec gadgets: ')).toBe(true);
    expect(msg).not.toContain('\n');
  });

  it('keeps the first profile column of a named table in a world that drew all of them absent, and only that one', () => {
    const s = spec();
    const makers = s.tables[0]!;
    makers.columns[1] = { ...makers.columns[1]!, optional: 0.001 };
    makers.columns.push({ name: 'motto', type: 'text', label: 'motto', optional: 0.001, gen: { kind: 'pick', values: ['Onward', 'Always'] } });
    s.say['makers.motto'] = { noun: 'motto', verb: 'has the motto {v}' };
    const theme = compileTheme(s);
    for (let k = 0; k < 4; k++) {
      const rng = new Rng(`profile-${k}`);
      const faker = new Faker({ locale: [en, base], seed: k });
      const rows = theme.generate({ rng, faker, names: new NamePool(rng.fork('names'), faker), year: 2031, realBrands: false });
      for (const m of rows.makers!) {
        expect(m.founded).toMatch(/^\d{4}-\d\d-\d\d$/);
        expect(m.motto).toBeNull();
      }
    }
  });

  it('draws an int or real from the range `by` gives for the value of another column of the row, and `range` for any other value', () => {
    const s = spec();
    const gadgets = s.tables[1]!;
    gadgets.columns.splice(
      2,
      1,
      { name: 'kind', type: 'text', label: 'kind', gen: { kind: 'pick', values: ['phone', 'watch', 'radio'] } },
      {
        name: 'price_usd',
        type: 'integer',
        label: 'price',
        gen: { kind: 'int', range: [10, 20], by: { column: 'kind', ranges: { phone: [800, 900], watch: [300, 350] } } },
      },
      {
        name: 'weight_kg',
        type: 'real',
        decimals: 2,
        label: 'weight',
        gen: { kind: 'real', range: [5, 6], by: { column: 'kind', ranges: { phone: [0.1, 0.2], watch: [0.01, 0.05] } } },
      },
    );
    s.say['gadgets.kind'] = { noun: 'kind', verb: 'is a {v}' };
    s.say['gadgets.weight_kg'] = { noun: 'weight', verb: 'weighs {v}' };
    const theme = compileTheme(s);
    const seen = new Set<string>();
    for (let k = 0; k < 8; k++) {
      const rng = new Rng(`by-${k}`);
      const faker = new Faker({ locale: [en, base], seed: k });
      const rows = theme.generate({ rng, faker, names: new NamePool(rng.fork('names'), faker), year: 2031, realBrands: false });
      for (const g of rows.gadgets!) {
        seen.add(String(g.kind));
        const [lo, hi, wlo, whi] = g.kind === 'phone' ? [800, 900, 0.1, 0.2] : g.kind === 'watch' ? [300, 350, 0.01, 0.05] : [10, 20, 5, 6];
        expect(Number(g.price_usd)).toBeGreaterThanOrEqual(lo!);
        expect(Number(g.price_usd)).toBeLessThanOrEqual(hi!);
        expect(Number(g.weight_kg)).toBeGreaterThanOrEqual(wlo!);
        expect(Number(g.weight_kg)).toBeLessThanOrEqual(whi!);
      }
    }
    expect(seen).toEqual(new Set(['phone', 'watch', 'radio']));
  });
});
