import { describe, expect, it } from 'vitest';
import { separateWords, snippetParts, trimEdges } from '../../../src/render/llm/text.js';
import { collapseSpaces } from '../../../src/text.js';

/** Texts made of the pieces these helpers care about: words, every kind of space, punctuation, ellipses, astral characters. */
function randomTexts(count: number, seed = 7): string[] {
  const pieces = [
    'word',
    'Zentria',
    'X9',
    '11,621,927',
    '2029-03-04',
    'é',
    'ß',
    '日本',
    '𝐀𝐁',
    '😀',
    ' ',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r\n',
    '\u00a0',
    '\u2003',
    '\u2028',
    '\ufeff',
    '\u200b',
    '.',
    '...',
    '. ..',
    '…',
    ' … ',
    '!',
    '?',
    ';',
    ':',
    ',',
    '-',
    '—',
    '"',
    "'",
    '(',
    ')',
    '*',
    '**',
    '<b>',
    '{x}',
  ];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff);
  const out: string[] = ['', ' ', '...', '…', ' . ', 'a', '  a  ', '.a.', ';;', ' ... ', 'end.', 'a ... b', 'a. b', 'a.  b', 'a.\nb'];
  while (out.length < count) {
    const n = next() % 30;
    let s = '';
    for (let i = 0; i < n; i++) s += pieces[next() % pieces.length];
    out.push(s);
  }
  return out;
}

const texts = randomTexts(3000);

describe('text helpers give what the plain regular expressions give', () => {
  it('collapseSpaces = replace(/\\s+/g, " ")', () => {
    for (const s of texts) expect(collapseSpaces(s)).toBe(s.replace(/\s+/g, ' '));
  });

  it('separateWords = replace(/[^\\p{L}\\p{N}]+/gu, " ")', () => {
    for (const s of texts) expect(separateWords(s)).toBe(s.replace(/[^\p{L}\p{N}]+/gu, ' '));
  });

  it('snippetParts = split(/\\s*(?:\\.\\.\\.|…)\\s*|(?<=[.!?;])\\s+/u)', () => {
    for (const s of texts) expect(snippetParts(s)).toEqual(s.split(/\s*(?:\.\.\.|…)\s*|(?<=[.!?;])\s+/u));
  });

  it('trimEdges = replace(/^[\\s.,;:]+|[\\s.,;:]+$/g, "")', () => {
    for (const s of texts) expect(trimEdges(s)).toBe(s.replace(/^[\s.,;:]+|[\s.,;:]+$/g, ''));
  });

  it('examples', () => {
    expect(collapseSpaces('a \t b\n\nc d')).toBe('a b c d');
    expect(separateWords('Zentria-X9, sold: 11,621,927!')).toBe('Zentria X9 sold 11 621 927 ');
    expect(snippetParts('First part... second part. Third! ... fourth…fifth')).toEqual(['First part', 'second part.', 'Third!', 'fourth', 'fifth']);
    expect(trimEdges(' ;.a, b.: ')).toBe('a, b');
    expect(trimEdges('...')).toBe('');
  });
});
