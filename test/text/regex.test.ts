import { describe, expect, it } from 'vitest';
import { escapeRegExp } from '../../src/text/regex.js';

describe('escapeRegExp', () => {
  it('matches the text literally, pattern characters included', () => {
    for (const text of ['A.B (2031)', 'x+y*z?', '[beta]|{v}', 'C:\\path', '$4.99^2']) {
      const re = new RegExp(`^${escapeRegExp(text)}$`);
      expect(re.test(text)).toBe(true);
    }
    expect(new RegExp(escapeRegExp('A.B')).test('AxB')).toBe(false);
  });
});
