import { describe, expect, it } from 'vitest';
import { FTS_STEMS_CACHE_LIMIT, ftsStems, ftsStemsOf } from '../../src/search/fts-tokens.js';

describe('ftsStems', () => {
  it('gives what FTS5 porter unicode61 makes of a token', () => {
    expect(ftsStems('batteries')).toEqual(['batteri']);
    expect(ftsStems('Running')).toEqual(['run']);
    expect(ftsStems('café')).toEqual(['cafe']);
  });

  it('splits a token FTS5 reads as a phrase, in order', () => {
    expect(ftsStems('1,200,000')).toEqual(['1', '200', '000']);
    expect(ftsStems('6.12')).toEqual(['6', '12']);
  });

  it('keeps nothing of a token FTS5 reads as separators only (a lone combining mark)', () => {
    expect(ftsStems('\u0301')).toEqual([]);
    expect(ftsStems('\u0903')).toEqual([]);
  });

  it('answers the same again from its cache', () => {
    const first = ftsStems('transmissions');
    expect(ftsStems('transmissions')).toBe(first);
  });
});

describe('ftsStemsOf', () => {
  it('tokenises a query\'s tokens together, each as it would be alone', () => {
    const tokens = ['valuations', '2,500', '\u0301', 'zürich', 'valuations', 'qqnever-seen-before'];
    const together = ftsStemsOf(tokens);
    expect(together).toEqual([['valuat'], ['2', '500'], [], ['zurich'], ['valuat'], ['qqnever', 'seen', 'befor']]);
    expect(together).toEqual(tokens.map((t) => ftsStems(t)));
  });
});

describe('the stems cache', () => {
  it('answers every token of a query when it starts over mid-query (cached tokens beside new ones)', () => {
    // Fill the cache to one short of its limit, then cache 'harbour': the next new tokens make it start over.
    ftsStemsOf(Array.from({ length: FTS_STEMS_CACHE_LIMIT - 1 }, (_, k) => `filler${k}x`));
    ftsStemsOf(['harbour']);
    const mixed = ['harbour', ...Array.from({ length: 600 }, (_, k) => `fresh${k}y`), 'harbour'];
    const stems = ftsStemsOf(mixed);
    expect(stems).toHaveLength(mixed.length);
    expect(stems[0]).toEqual(['harbour']);
    expect(stems.at(-1)).toEqual(['harbour']);
    expect(stems.every((s) => Array.isArray(s) && s.length === 1)).toBe(true);
  });
});
