/** The spec schema refuses bad specs with one line naming the theme and the path. */
import { describe, expect, it } from 'vitest';
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
  ])('refuses %s with one line', (_what, breakIt, expected) => {
    const msg = refusal(breakIt);
    expect(msg).toContain(expected);
    expect(msg.startsWith('theme spec gadgets: ')).toBe(true);
    expect(msg).not.toContain('\n');
  });
});
