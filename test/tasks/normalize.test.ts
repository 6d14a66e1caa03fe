import { describe, expect, it } from 'vitest';
import { extractAnswer, headerWithoutParens, normalizeHeader, normalizeText, tokenF1 } from '../../src/tasks/normalize.js';

describe('normalizeText', () => {
  it.each([
    ['The Zentria X9', 'zentria x9'],
    ['  Zentria   X9. ', 'zentria x9'],
    ["O'Brien & Sons, Inc.", 'obrien sons inc'],
    ['Café Crème', 'cafe creme'],
    ['an apple a day', 'apple day'],
    ['Theatre', 'theatre'],
  ])('%j → %j', (input, want) => expect(normalizeText(input)).toBe(want));
});

describe('tokenF1', () => {
  it('is 1 for the same tokens in any case and punctuation', () => expect(tokenF1('the Zentria X9!', 'zentria x9')).toBe(1));
  it('is partial for overlapping tokens', () => expect(tokenF1('Zentria X9 Pro', 'Zentria X9')).toBeCloseTo(0.8, 5));
  it('is 0 without overlap', () => expect(tokenF1('Lisbon', 'Porto')).toBe(0));
  it('counts repeated tokens once each', () => expect(tokenF1('x x x', 'x')).toBeCloseTo(0.5, 5));
});

describe('extractAnswer', () => {
  it('takes the last complete <answer> block', () => {
    expect(extractAnswer('<answer>Porto</answer> no wait, <answer> Lisbon </answer> done')).toBe('Lisbon');
  });
  it('is case-insensitive and spans lines', () => {
    expect(extractAnswer('thinking…\n<ANSWER>\n| A |\n| - |\n| x |\n</ANSWER>')).toBe('| A |\n| - |\n| x |');
  });
  it('takes the text after an unclosed last tag', () => expect(extractAnswer('so <answer>Lisbon')).toBe('Lisbon'));
  it('falls back to the whole reply', () => expect(extractAnswer('  Lisbon \n')).toBe('Lisbon'));
});

describe('headers', () => {
  it('normalises emphasis and case', () => expect(normalizeHeader('**Launch Date**')).toBe('launch date'));
  it('drops a parenthetical unit', () => expect(headerWithoutParens('Launch price (USD)')).toBe('launch price'));
});
