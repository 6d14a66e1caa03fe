import { describe, expect, it } from 'vitest';
import { VerifiedAnswers } from '../../../src/render/llm/verified-answers.js';

const answer = (s: string) => ({ snippets: { [`https://example.test/${s}`]: s } });

describe('VerifiedAnswers', () => {
  it('gives back what was set, by key', () => {
    const v = new VerifiedAnswers(4);
    v.set('a', answer('a'));
    expect(v.get('a')).toEqual(answer('a'));
    expect(v.get('b')).toBeUndefined();
  });

  it('drops the least recently used answer beyond its limit', () => {
    const v = new VerifiedAnswers(2);
    v.set('a', answer('a'));
    v.set('b', answer('b'));
    v.get('a');
    v.set('c', answer('c'));
    expect(v.size).toBe(2);
    expect(v.get('b')).toBeUndefined();
    expect(v.get('a')).toEqual(answer('a'));
    expect(v.get('c')).toEqual(answer('c'));
  });

  it('keeps nothing with a limit of 0', () => {
    const v = new VerifiedAnswers(0);
    v.set('a', answer('a'));
    expect(v.get('a')).toBeUndefined();
  });
});
