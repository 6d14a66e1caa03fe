import { describe, expect, it } from 'vitest';
import { createShaper } from '../../src/report/shapes.js';

const shape = createShaper({ names: ['Tacova Corp', 'Tacova Corp X9', 'Lyonbridge', 'Weston Nadreigris'], values: ['midfielder', 'plaque psoriasis'] });

describe('sentence shapes', () => {
  it.each([
    // names of the world, longest first, whole words only, possessives kept
    ['Tacova Corp X9 is made by Tacova Corp.', '<NAME> is made by <NAME>.'],
    ["Tacova Corp's chief is Weston Nadreigris.", "<NAME>'s chief is <NAME>."],
    ['Lyonbridges are bridges.', 'Lyonbridges are bridges.'],
    // lower-case values, also capitalised at a sentence start
    ['He plays as a midfielder.', 'He plays as a <VALUE>.'],
    ['Plaque psoriasis is its indication.', '<VALUE> is its indication.'],
    // numbers in every form
    ['It sold 1,200 units.', 'It sold <NUM> units.'],
    ['Revenue was 1.2 million.', 'Revenue was <NUM>.'],
    ['It costs $429.', 'It costs <NUM>.'],
    ['Its share is 12.5%.', 'Its share is <NUM>.'],
    ['Its share is 12.5 percent.', 'Its share is <NUM>.'],
    ['About €3.4 billion changed hands.', 'About <NUM> changed hands.'],
    ['It has twenty-three stores and seven depots.', 'It has <NUM> stores and <NUM> depots.'],
    ['It ranked 3rd, then ninth.', 'It ranked <NUM>, then <NUM>.'],
    ['Its first flight carried a second stage.', 'Its first flight carried a second stage.'],
    // dates in every form, bare years as numbers
    ['It opened on May 5, 2031.', 'It opened on <DATE>.'],
    ['It opened on 5 May 2031.', 'It opened on <DATE>.'],
    ['It opened on 2031-05-05.', 'It opened on <DATE>.'],
    ['It opened in March 2031.', 'It opened in <DATE>.'],
    ['It opened in Q2 2031, in the 2031–32 season.', 'It opened in <DATE>, in the <DATE> season.'],
    ['It opened on Monday, in 2031.', 'It opened on <DATE>, in <NUM>.'],
    // names the facts do not hold: bylines, handles, sites
    ['By Jane Smith, staff writer', 'By <NAME>, staff writer'],
    ['The Orbital Wire reports', 'The <NAME> reports'],
    ['@quantum_fan wrote this', '<NAME> wrote this'],
    ['user8653 asked', 'user<NUM> asked'],
    // link targets
    ['See [Tacova Corp](https://wiki.toy.example/wiki/Tacova_Corp) and https://x.example/a', 'See [<NAME>](<URL>) and <URL>'],
    // whitespace
    ['  Wide   spaces\n here ', 'Wide spaces here'],
  ])('%s → %s', (text, want) => {
    expect(shape(text)).toBe(want);
  });

  it('a title-case headline whose words the world writes in lower case is not a name', () => {
    const headline = createShaper({ names: ['Tacova Corp'], lowerWords: new Set(['launches', 'new', 'phone']) });
    expect(headline('Tacova Corp Launches New Phone')).toBe('<NAME> Launches New Phone');
    expect(headline('Jane Smith Launches New Phone')).toBe('<NAME> Launches New Phone');
    expect(headline('Analysts at Halvorsen Capital agree')).toBe('Analysts at <NAME> agree');
  });

  it('two passages differing only in names, numbers and dates share a shape; a different frame does not', () => {
    const a = shape('Tacova Corp was founded on May 5, 2031 with 1,200 staff.');
    expect(shape('Lyonbridge was founded on 2 March 2019 with 429 staff.')).toBe(a);
    expect(shape('Founded on May 5, 2031, Tacova Corp had 1,200 staff.')).not.toBe(a);
  });
});
