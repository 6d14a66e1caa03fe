import { describe, expect, it } from 'vitest';
import { VerifiedAnswers } from '../../../src/render/llm/verified-answers.js';

const answer = (s: string) => ({ snippets: { [`https://example.test/${s}`]: s } });

describe('VerifiedAnswers', () => {
  it('gives back what was set, by key', () => {
    const v = new VerifiedAnswers(4);
    v.set('a', answer('a'), 'L');
    expect(v.get('a', 'L')).toEqual(answer('a'));
    expect(v.get('b', 'L')).toBeUndefined();
  });

  it('gives nothing back for a key checked against other world text', () => {
    const v = new VerifiedAnswers(4);
    v.set('a', answer('a'), 'check:world-text-1');
    expect(v.get('a', 'check:world-text-2')).toBeUndefined();
    expect(v.get('a', 'check:world-text-1')).toEqual(answer('a'));
  });

  it('drops the least recently used answer beyond its limit', () => {
    const v = new VerifiedAnswers(2);
    v.set('a', answer('a'), 'L');
    v.set('b', answer('b'), 'L');
    v.get('a', 'L');
    v.set('c', answer('c'), 'L');
    expect(v.size).toBe(2);
    expect(v.get('b', 'L')).toBeUndefined();
    expect(v.get('a', 'L')).toEqual(answer('a'));
    expect(v.get('c', 'L')).toEqual(answer('c'));
  });

  it('keeps nothing with a limit of 0', () => {
    const v = new VerifiedAnswers(0);
    v.set('a', answer('a'), 'L');
    expect(v.get('a', 'L')).toBeUndefined();
  });
});
