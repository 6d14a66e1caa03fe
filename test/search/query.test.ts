import { describe, expect, it } from 'vitest';
import { MAX_QUERY_CHARS, MAX_QUERY_TOKENS, buildMatch, normaliseQueryText, prepareQuery, quoteToken, tokenise } from '../../src/search/query.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { Rng } from '../../src/rng.js';
import { INJECTION_CORPUS } from './injection-corpus.js';
import { smartphoneWorld } from './sample-worlds.js';

/** A MATCH expression is only ever quoted tokens joined by OR. */
const SAFE_MATCH = /^"(?:[^"]|"")*"(?: OR "(?:[^"]|"")*")*$/;

describe('normaliseQueryText', () => {
  it('applies NFKC and strips control and zero-width characters', () => {
    expect(normaliseQueryText('ｚｅｎｔｒｉａ')).toBe('zentria');
    expect(normaliseQueryText('zen\u200Btria\u200D x\u0000y')).toBe('zentria x y');
    expect(normaliseQueryText('  a\t\n b  ')).toBe('a b');
    expect(normaliseQueryText('\u202Eevil')).toBe('evil');
    expect(normaliseQueryText('a\uD800b')).toBe('ab');
  });

  it('caps the length without splitting a surrogate pair', () => {
    expect(normaliseQueryText('x'.repeat(100_000))).toHaveLength(MAX_QUERY_CHARS);
    const emoji = normaliseQueryText(`${'a'.repeat(MAX_QUERY_CHARS - 1)}🙂`);
    expect(emoji).toBe('a'.repeat(MAX_QUERY_CHARS - 1));
  });
});

describe('tokenise and buildMatch', () => {
  it('keeps digit groups together, drops stopwords, dedupes and lower-cases', () => {
    expect(tokenise('What is the price of the Zentria X9, $1,200,000 or 6.12?')).toEqual(['price', 'zentria', 'x9', '1,200,000', '6.12']);
    expect(tokenise('Zentria zentria ZENTRIA')).toEqual(['zentria']);
  });

  it('keeps stopwords when nothing else is left', () => {
    expect(tokenise('the who')).toEqual(['the', 'who']);
  });

  it('caps the token count', () => {
    expect(tokenise(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_QUERY_TOKENS);
  });

  it('quotes every token and doubles inner quotes', () => {
    expect(quoteToken('a"b')).toBe('"a""b"');
    expect(buildMatch(['near', 'x'])).toBe('"near" OR "x"');
    expect(buildMatch([])).toBeNull();
  });

  it('turns operators into plain quoted words', () => {
    expect(prepareQuery('x AND b NOT c NEAR(d) text:e f* -g ^h').match).toBe(
      '"x" OR "b" OR "not" OR "c" OR "near" OR "d" OR "text" OR "e" OR "f" OR "g" OR "h"',
    );
  });

  it('gives no MATCH for text without letters or digits', () => {
    for (const q of ['', '   ', '***', '🙂', '"()"', '\u0000']) expect(prepareQuery(q).match).toBeNull();
  });
});

describe('injection corpus', () => {
  it('never throws, and every MATCH it builds is safe and accepted by FTS5', () => {
    const world = createSearchWorld(smartphoneWorld().path);
    try {
      for (const q of INJECTION_CORPUS) {
        const p = prepareQuery(q);
        expect(p.text.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
        expect(p.tokens.length).toBeLessThanOrEqual(MAX_QUERY_TOKENS);
        if (p.match !== null) expect(p.match).toMatch(SAFE_MATCH);
        expect(() => world.retrievePassages(p, 20)).not.toThrow();
      }
    } finally {
      world.close();
    }
  });
});

describe('property: random strings', () => {
  it('10,000 random strings never throw and always give a safe MATCH', () => {
    const world = createSearchWorld(smartphoneWorld().path);
    const rng = new Rng('query-property');
    const pool = [
      'a',
      'Z',
      '9',
      ' ',
      '"',
      "'",
      '*',
      '-',
      ':',
      '^',
      '(',
      ')',
      '{',
      '}',
      '+',
      'AND',
      'OR',
      'NOT',
      'NEAR',
      '\u0000',
      '\n',
      '\u200B',
      '\u202E',
      '\uFEFF',
      'é',
      'e\u0301',
      'ß',
      'ﬁ',
      'ｘ',
      '中',
      'ش',
      'ע',
      '🙂',
      '\uD83D',
      '\uDE42',
      '\uD800',
      ',',
      '.',
      '1,2',
      'text:',
      '%',
      '\\',
    ];
    try {
      for (let i = 0; i < 10_000; i++) {
        const len = rng.int(0, 40);
        let s = '';
        for (let k = 0; k < len; k++) s += rng.chance(0.2) ? String.fromCharCode(rng.int(0, 0xffff)) : rng.pick(pool);
        const p = prepareQuery(s);
        if (p.match !== null) expect(p.match).toMatch(SAFE_MATCH);
        world.retrievePassages(p, 10);
      }
    } finally {
      world.close();
    }
  });
});
