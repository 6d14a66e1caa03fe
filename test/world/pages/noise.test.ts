/** Noise values and the sentences that carry them: rounded, preliminary, wrong, corrected. */
import { describe, expect, it } from 'vitest';
import type { FactIndex } from '../../../src/world/facts.js';
import { corrected, erroneous, preliminary, rounded } from '../../../src/world/pages/noise.js';
import { Rng } from '../../../src/rng.js';
import type { Fact } from '../../../src/world/types.js';
import { preliminaryValue, roundedValue, wrongValue } from '../../../src/world/value-text.js';

const fact = (object: string, unit: 'usd' | 'count' = 'count'): { f: Fact; fx: FactIndex } => {
  const f: Fact = {
    id: 1,
    subject: 'Zentria X9',
    predicate: 'units_sold',
    object,
    objectType: 'integer',
    sourceTable: 'models',
    sourceRowid: 1,
    sourceColumn: 'units_sold',
  };
  return { f, fx: { format: () => ({ label: 'units sold', unit, decimals: 0 }) } as unknown as FactIndex };
};

describe('noise values', () => {
  it('rounds to two significant digits in words', () => {
    const { f, fx } = fact('1234567');
    expect(roundedValue(fx, f)).toEqual({ text: 'about 1.2 million', value: 1200000 });
    expect(roundedValue(fact('2300000000', 'usd').fx, fact('2300000000', 'usd').f)).toBeNull();
    const usd = fact('2345678901', 'usd');
    expect(roundedValue(usd.fx, usd.f)!.text).toBe('about $2.3 billion');
    expect(roundedValue(fact('999').fx, fact('999').f)).toBeNull();
  });

  it('an estimate is near and marked; a wrong figure is off by 10–30%', () => {
    const { f, fx } = fact('1234567');
    const p = preliminaryValue(fx, f, 0.02, 'an estimated')!;
    expect(p.text).toBe('an estimated 1,260,000');
    const w = wrongValue(fx, f, -0.2)!;
    expect(w.value).toBe(990000);
    // Style 1 writes scale words where exact, grouped digits otherwise: never raw digits.
    expect(wrongValue(fx, f, -0.2, 1)!.text).toBe('990,000');
    const big = fact('12345678');
    expect(wrongValue(big.fx, big.f, -0.2, 1)!.text).toBe('9.9 million');
  });

  it('swaps the value in the Writer sentence and records the form', () => {
    const { f, fx } = fact('1234567');
    const s = {
      text: 'Zentria X9 sold 1,234,567 units.',
      facts: [f],
      claims: [{ factId: 1, form: 'exact' as const, stated: '1,234,567', subjectForm: 'name' as const, subjectText: 'Zentria X9' }],
    };
    expect(rounded(fx, s, f)).toMatchObject({
      text: 'Zentria X9 sold about 1.2 million units.',
      facts: [f],
      claims: [{ form: 'rounded', stated: 'about 1.2 million' }],
    });
    const pre = preliminary(fx, new Rng(1), s, f)!;
    expect(pre.text).toMatch(/sold (an estimated|a preliminary) 1,2\d\d,000 units/);
    expect(pre.claims[0]!.form).toBe('preliminary');
    const bad = erroneous(fx, new Rng(1), s, f)!;
    expect(bad.facts).toEqual([]);
    expect(bad.claims[0]!.form).toBe('erroneous');
    expect(bad.text).not.toContain('1,234,567');
    expect(corrected(s, f).claims[0]!.form).toBe('corrected');
    // A sentence that does not write the value as recorded is left alone.
    expect(rounded(fx, { ...s, text: 'Zentria X9 sold many units.' }, f)).toBeNull();
  });
});
