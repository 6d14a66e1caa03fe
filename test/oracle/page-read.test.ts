import { describe, expect, it } from 'vitest';
import { Knowledge, headingNoun } from '../../src/oracle/knowledge.js';
import { readPage, readPairs, sentences, withoutSite } from '../../src/oracle/page-read.js';
import { dateOf, numberOf, orderKey } from '../../src/oracle/values.js';

const LIST = `# List of launch vehicles (2031)

This list covers 2 launch vehicles as recorded for 2031.

- **Laemrios X** — operator: Driamflolsis Space Agency; first flight date: January 24, 2008; cost per launch: $55,600,000; height in metres: 28.1
- **Brianflora Prime** — operator: Foxremlen Systems; first flight date: 2017-02-17; cost per launch: $25200000; height in metres: 25.5
`;

const RANKING = `# Launch vehicles ranked by cost per launch (2031)

The ranking below orders 2 launch vehicles by cost per launch, highest first.

1. **Laemrios X** — $55,600,000
2. **Brianflora Prime** — $25,200,000
`;

const ENTITY = `# Driamflolsis Space Agency

Driamflolsis Space Agency is headquartered in Meixmuda Heights. The chief executive of Driamflolsis Space Agency is Gabriella Riorondris. The height of it is 28.1 m.

## Launch vehicles

- **Laemrios X** (operator: Driamflolsis Space Agency)

## Quarterly results

- Driamflolsis Space Agency, Q1 2031
`;

describe('readPage', () => {
  it('reads list items into label → value, and the list count', () => {
    const p = readPage('u', 'List of launch vehicles (2031) - Ledger', LIST);
    expect(p.heading).toBe('List of launch vehicles (2031)');
    expect(p.listCount).toBe(2);
    expect(p.items.map((i) => i.name)).toEqual(['Laemrios X', 'Brianflora Prime']);
    expect(p.items[0]!.values.get('cost per launch')).toBe('$55,600,000');
    expect(p.items[1]!.values.get('first flight date')).toBe('2017-02-17');
  });

  it('reads a ranking under its attribute, and entity-page members and sentences', () => {
    const r = readPage('r', 't', RANKING);
    expect(r.rankedBy).toBe('cost per launch');
    expect(r.items[1]).toEqual({ name: 'Brianflora Prime', values: new Map([['cost per launch', '$25,200,000']]) });
    const e = readPage('e', 't', ENTITY);
    expect(e.sections.get('Launch vehicles')).toEqual(['Laemrios X']);
    expect(e.sections.get('Quarterly results')).toEqual(['Driamflolsis Space Agency, Q1 2031']);
    expect(e.items[0]!.values.get('operator')).toBe('Driamflolsis Space Agency');
    expect(e.texts).toContain('The height of it is 28.1 m.');
  });

  it('knowledge answers from items first, then from "the label of name is value." sentences', () => {
    const k = new Knowledge();
    k.add(readPage('u', 't', LIST));
    k.add(readPage('e', 't', ENTITY));
    expect(k.value('laemrios x', 'Height in metres')).toBe('28.1');
    expect(k.value('Driamflolsis Space Agency', 'chief executive')).toBe('Gabriella Riorondris');
    expect(k.value('Driamflolsis Space Agency', 'founding date')).toBeUndefined();
    expect(k.namesWhere('operator', 'Foxremlen Systems')).toEqual(['Brianflora Prime']);
    expect(k.nounsOf('Laemrios X')).toEqual(['launch vehicles']);
    expect(k.coMentioned('Driamflolsis Space Agency', 'Meixmuda Heights')).toBe(true);
    expect(headingNoun('Clinical trials of Jolpeilormab - Registry')).toBe('clinical trials');
  });

  it('splits pairs and sentences without breaking decimals', () => {
    expect([...readPairs('a: 1; b: 2.5; nothing')]).toEqual([
      ['a', '1'],
      ['b', '2.5'],
    ]);
    expect(sentences('It is 28.1 m tall. It opened on March 4, 2029. Done')).toEqual(['It is 28.1 m tall.', 'It opened on March 4, 2029.', 'Done']);
  });
});

const DATA = `# List of launch vehicles (2031)

This list covers 2 launch vehicles as recorded for 2031.

| Launch vehicle | Operator | Cost per launch |
|---|---|---|
| [Laemrios X](https://wiki.example/wiki/Laemrios_X) | Driamflolsis Space Agency | $55,600,000 |
| Brianflora Prime | Foxremlen Systems | — |
`;

const TABLE_RANKING = `# Launch vehicles ranked by cost per launch (2031)

| Rank | Launch vehicle | Cost per launch |
|---|---|---|
| 1 | Laemrios X | $55,600,000 |
| 2 | Brianflora Prime | $25,200,000 |
`;

const ARTICLE = `# Driamflolsis Space Agency

**Driamflolsis Space Agency** is a launch operator. About 1.2 million people visit. The budget of Driamflolsis Space Agency is about $1.2 million.

| Driamflolsis Space Agency |  |
|---|---|
| Headquarters | [Meixmuda Heights](https://wiki.example/wiki/Meixmuda_Heights) |
| Founding date | 4 March 1990 |

## Launch vehicles

| Launch vehicle | Operator | First flight date |
|---|---|---|
| Laemrios X | Driamflolsis Space Agency | January 24, 2008 |
`;

describe('readPage: Markdown tables', () => {
  it('reads a data table by its headers, links and dashes removed, and the list count', () => {
    const p = readPage('u', 'List of launch vehicles (2031) | StatBase', DATA);
    expect(p.listCount).toBe(2);
    expect(p.items.map((i) => i.name)).toEqual(['Laemrios X', 'Brianflora Prime']);
    expect(p.items[0]!.values.get('cost per launch')).toBe('$55,600,000');
    expect(p.items[1]!.values.has('cost per launch')).toBe(false);
  });

  it('reads a ranking table past its rank column', () => {
    const r = readPage('r', 't', TABLE_RANKING);
    expect(r.rankedBy).toBe('cost per launch');
    expect(r.items[1]).toEqual({ name: 'Brianflora Prime', values: new Map([['cost per launch', '$25,200,000']]) });
  });

  it('reads an infobox under its entity, member tables under their section, and ignores hedged figures', () => {
    const k = new Knowledge();
    const e = readPage('e', 't', ARTICLE);
    k.add(e);
    expect(k.value('Driamflolsis Space Agency', 'headquarters')).toBe('Meixmuda Heights');
    expect(k.value('Driamflolsis Space Agency', 'founding date')).toBe('4 March 1990');
    expect(e.sections.get('Launch vehicles')).toEqual(['Laemrios X']);
    expect(k.value('Laemrios X', 'operator')).toBe('Driamflolsis Space Agency');
    expect(k.value('Driamflolsis Space Agency', 'budget')).toBeUndefined();
  });

  it('strips a site from a title whatever its separator', () => {
    expect(withoutSite('List of launch vehicles (2031) - StatBase')).toBe('List of launch vehicles (2031)');
    expect(withoutSite('Zentria X9 review | Second Opinion')).toBe('Zentria X9 review');
    expect(withoutSite('Zentria X9 · Orbis Encyclopedia')).toBe('Zentria X9');
  });
});

describe('values', () => {
  it('reads numbers and dates in every page style', () => {
    expect(numberOf('$1,234,567')).toBe(1234567);
    expect(numberOf('12.50%')).toBe(12.5);
    expect(numberOf('-3.5')).toBe(-3.5);
    expect(numberOf('1234')).toBe(1234);
    expect(numberOf('March 4, 2029')).toBeNull();
    expect(dateOf('March 4, 2029')).toBe('2029-03-04');
    expect(dateOf('4 March 2029')).toBe('2029-03-04');
    expect(dateOf('2029-03-04')).toBe('2029-03-04');
    expect(dateOf('Smarch 4, 2029')).toBeNull();
    expect(orderKey('7 March 2006')).toEqual({ date: '2006-03-07' });
    expect(orderKey('$5,500,000')).toEqual({ number: 5500000 });
  });
});
