import { describe, expect, it } from 'vitest';
import { periodEnd, factTime } from '../../src/world/fact-time.js';
import type { ColumnDef } from '../../src/themes/_define.js';
import type { Fact } from '../../src/world/types.js';

const fact = (object: string, objectType: Fact['objectType'] = 'date'): Fact => ({
  id: 1,
  subject: 'S',
  predicate: 'p',
  object,
  objectType,
  sourceTable: 't',
  sourceRowid: 1,
  sourceColumn: 'c',
});
const col = (time: ColumnDef['time']): ColumnDef => ({ name: 'c', type: 'date', label: 'c', time });

describe('periodEnd', () => {
  it('reads quarters, halves, months, years and week-ending dates', () => {
    expect(periodEnd('Q1 2031')).toBe('2031-03-31');
    expect(periodEnd('Q4 2031')).toBe('2031-12-31');
    expect(periodEnd('H1 2030')).toBe('2030-06-30');
    expect(periodEnd('February 2032')).toBe('2032-02-29');
    expect(periodEnd('2031')).toBe('2031-12-31');
    expect(periodEnd('2031-05-04')).toBe('2031-05-04');
    expect(periodEnd('spring')).toBeNull();
  });
});

describe('factTime', () => {
  it('an event is true from its date, a year total from the year end, a period figure from its period end', () => {
    expect(factTime(fact('2031-04-02'), col('event'), undefined, 2031)).toBe('2031-04-02');
    expect(factTime(fact('1200', 'integer'), col('year_end'), undefined, 2031)).toBe('2031-12-31');
    expect(factTime(fact('1200', 'integer'), col({ periodColumn: 'quarter' }), { id: 1, quarter: 'Q2 2031' }, 2031)).toBe('2031-06-30');
    expect(factTime(fact('2031-04-02'), col(undefined), undefined, 2031)).toBeNull();
  });
});
