import { describe, expect, it } from 'vitest';
import { numberRuns } from '../../../src/render/llm/grounding.js';
import { fold } from '../../../src/text/fold.js';

// The grounding check reads a snippet's numbers as runs, as written (grounding.ts): Chinese forms are
// runs of their own, glued to the text around them, outside dates.
describe('number runs of Chinese text', () => {
  it('are the numbers as written, scale characters and numerals included', () => {
    expect(numberRuns(fold('全年销量达1.2亿台，同比增长12%'))).toEqual(['1.2亿', '12']);
    expect(numberRuns(fold('全年销量达一亿二千万台'))).toEqual(['一亿二千万']);
    expect(numberRuns(fold('全年销量达１２，０００万台'))).toEqual(['12,000万']);
    // a number written in parts is one run of its parts
    expect(numberRuns(fold('营收1亿2000万元'))).toEqual(['1亿2000万']);
  });
  it('leave out dates, and tell a value spelled another way from the one the record writes', () => {
    expect(numberRuns(fold('该机型于2029年3月4日发布'))).toEqual([]);
    expect(numberRuns(fold('该机型于二〇二九年三月四日发布'))).toEqual([]);
    const record = new Set(numberRuns(fold('全年销量达1.2亿台')));
    expect(numberRuns(fold('销量1.2亿')).every((r) => record.has(r))).toBe(true);
    expect(numberRuns(fold('销量一亿二千万')).every((r) => record.has(r))).toBe(false);
  });
});
