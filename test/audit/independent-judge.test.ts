import { describe, expect, it } from 'vitest';
import { dateForms, foldForJudge, formMatcher, numberForms, spellInteger } from '../../src/audit/answer-forms.js';
import { createIndependentJudge, loadClaims } from '../../src/audit/independent-judge.js';
import { openWorld } from '../../src/db/open.js';
import { loadFacts, loadTasks } from '../../src/db/load.js';
import { scoreAnswer } from '../../src/tasks/score.js';
import { sampleWorlds } from '../search/sample-worlds.js';

describe('answer forms', () => {
  it('spell integers in English words', () => {
    expect(spellInteger(0)).toBe('zero');
    expect(spellInteger(15)).toBe('fifteen');
    expect(spellInteger(97846)).toBe('ninety-seven thousand eight hundred forty-six');
    expect(spellInteger(1_200_000)).toBe('one million two hundred thousand');
    expect(spellInteger(105, true)).toBe('one hundred and five');
  });

  it('write a number the ways pages do, and find it only whole', () => {
    const forms = numberForms(1_851_156);
    for (const f of [
      '1851156',
      '1,851,156',
      '1 851 156',
      '1.851.156',
      '1.85 million',
      '1.9 million',
      '1.851m',
      'one million eight hundred fifty-one thousand one hundred fifty-six',
    ])
      expect(forms).toContain(f);
    const m = formMatcher(forms);
    expect(m(foldForJudge('Sales reached 1.85 million units in Q1'))).toBe('1.85 million');
    expect(m(foldForJudge('sales of １,８５１,１５６'))).toBe('1,851,156'); // full-width digits fold
    expect(m(foldForJudge('sales of 11,851,156'))).toBeNull();
    expect(m(foldForJudge('sales of 1,851,156.5'))).toBeNull();
    // A day or month of a date written with digits is no count: "12" goals conceded is not in a reference's date.
    const twelve = formMatcher(numberForms(12));
    expect(twelve(foldForJudge('"Otton signs with Tynemore". Touchline Daily. 2032-01-12.'))).toBeNull();
    expect(twelve(foldForJudge('Listed on 2032/12/03.'))).toBeNull();
    expect(twelve(foldForJudge('Date of birth: 12 October 2004; Birthplace: Walhurst'))).toBeNull();
    expect(twelve(foldForJudge('Founded on October 12, 1990.'))).toBeNull();
    expect(twelve(foldForJudge('Tynemore conceded 12 goals.'))).toBe('12');
    expect(twelve(foldForJudge('12 in October alone'))).toBe('12');
    expect(formMatcher(dateForms('2032-01-12'))(foldForJudge('Touchline Daily. 2032-01-12.'))).toBe('2032-01-12');
    expect(numberForms(2.37)).toEqual(expect.arrayContaining(['2.37', '2,37']));
    expect(numberForms(37)).not.toContain('37 thousand');
  });

  it('write a number as Chinese pages do (万, 亿, numerals), and find it beside Chinese words but not inside a longer number', () => {
    const forms = numberForms(121_340_000);
    for (const f of ['1.2134亿', '12134万', '12,134万', '1.2亿', '1.21亿', '1亿2134万', '一亿二千一百三十四万']) expect(forms).toContain(f);
    expect(numberForms(121_340_000, { rounded: false })).not.toContain('1.2亿');
    expect(numberForms(121_340_000, { rounded: false })).toContain('12134万');
    expect(numberForms(12_000_000)).toEqual(expect.arrayContaining(['1200万', '一千二百万']));
    expect(numberForms(2000)).toEqual(expect.arrayContaining(['二千', '两千']));
    expect(numberForms(12)).toContain('十二');
    expect(numberForms(100_050_000)).toContain('一亿零五万');
    const m = formMatcher(numberForms(121_340_000));
    expect(m(foldForJudge('该公司全年收入1.2亿元'))).toBe('1.2亿');
    expect(m(foldForJudge('收入达到12134万美元'))).toBe('12134万');
    expect(m(foldForJudge('收入达到1.2万亿美元'))).toBeNull(); // 1.2万亿 is another number
    const twelve = formMatcher(numberForms(12));
    expect(twelve(foldForJudge('共有12家门店'))).toBe('12');
    expect(twelve(foldForJudge('共有十二家门店'))).toBe('十二');
    expect(twelve(foldForJudge('共有12万名会员'))).toBeNull(); // 120,000
    expect(twelve(foldForJudge('共有二十二家门店'))).toBeNull(); // 22
    expect(twelve(foldForJudge('于2032年12月3日开业'))).toBeNull(); // a month
    expect(twelve(foldForJudge('于2032年3月12日开业'))).toBeNull(); // a day
  });

  it('write a date in the common formats', () => {
    const forms = dateForms('2029-03-04');
    for (const f of [
      '2029-03-04',
      'march 4, 2029',
      'mar 4, 2029',
      '4 march 2029',
      'march 4th, 2029',
      '4th of march 2029',
      '03/04/2029',
      '04.03.2029',
      '2029/03/04',
      '2029年3月4日',
      '2029年03月04日',
      '二〇二九年三月四日',
    ])
      expect(forms).toContain(f);
    expect(formMatcher(dateForms('2029-12-31'))(foldForJudge('该店于2029年12月31日开业'))).toBe('2029年12月31日');
    expect(dateForms('2029-12-31')).toContain('二〇二九年十二月三十一日');
    expect(dateForms('not a date')).toEqual([]);
  });
});

describe('the independent judge', () => {
  // Every theme's sample world: the judge is built from the file (tasks, facts, claims) as the audit builds it.
  const worlds = sampleWorlds().map((w) => {
    const ow = openWorld(w.path);
    try {
      return { ...w, tasks: loadTasks(ow), facts: new Map(loadFacts(ow).map((f) => [f.id, f])), claims: loadClaims(ow.db) };
    } finally {
      ow.db.close();
    }
  });

  it('sees every claim of an answer fact stated with its subject, and not with another subject', () => {
    let checked = 0;
    for (const w of worlds)
      for (const task of w.tasks.filter((t) => t.answerType !== 'table' && t.answerType !== 'list')) {
        const judge = createIndependentJudge(task, w.facts, w.claims);
        const cell = String((JSON.parse(task.answer) as unknown[][])[0]![0]);
        for (const id of task.answerFactIds) {
          const fact = w.facts.get(id)!;
          if (fact.object !== cell && Number(fact.object) !== Number(cell)) continue;
          const other = [...w.facts.values()].find(
            (f) => f.subject !== fact.subject && !f.subject.includes(fact.subject) && !fact.subject.includes(f.subject),
          )!;
          for (const c of (w.claims.get(id) ?? []).filter((x) => x.form !== 'erroneous')) {
            const stated = `${fact.subject} went on with ${c.stated} that year.`;
            expect(judge.judge({ title: 'A page', snippet: stated, date: 'N/A' }), `${w.theme} ${task.id}: ${stated}`).not.toBeNull();
            const elsewhere = `${other.subject} went on with ${c.stated} that year.`;
            const v = judge.judge({ title: 'A page', snippet: elsewhere, date: 'N/A' });
            // Another subject with the value is no cell; only the scorer (a text stating just that value) or a distinctive number may match.
            if (v) expect(['scorer', 'value']).toContain(v.criterion);
            // The subject named in another sentence states nothing of it; named in the title, it does.
            const apart = judge.judge({ title: 'A page', snippet: `${elsewhere} Later, ${fact.subject} was in the news.`, date: 'N/A' });
            // (Unless the subject's own name states the value, "Rosocitumab-88" of its drug Rosocitumab: a composite name is exposure.)
            const composite = fact.subject.toLowerCase().includes(c.stated.toLowerCase());
            if (apart && !composite) expect(['scorer', 'value'], `${w.theme} ${task.id}: ${elsewhere}`).toContain(apart.criterion);
            expect(judge.judge({ title: `${fact.subject} - Wiki`, snippet: `It went on with ${c.stated} that year.`, date: 'N/A' })).not.toBeNull();
            checked++;
          }
        }
      }
    expect(checked).toBeGreaterThan(10);
  });

  it('counts a text that scores 1 with the scorer, and nothing for a text that does not name the answer', () => {
    for (const w of worlds)
      for (const task of w.tasks.filter((t) => t.answerType !== 'table' && t.answerType !== 'list')) {
        const judge = createIndependentJudge(task, w.facts, w.claims);
        expect(scoreAnswer(task, task.answerText).reward).toBe(1);
        expect(judge.judge({ title: 'Results', snippet: task.answerText, date: 'N/A' })?.criterion).toBe('scorer');
        expect(judge.judge({ title: 'Results', snippet: 'Nothing to see on this page.', date: 'N/A' })).toBeNull();
      }
  });

  it('sees a table cell only with every part of its row key', () => {
    let checked = 0;
    for (const w of worlds)
      for (const task of w.tasks.filter((t) => t.answerType === 'table' && t.keyColumns.length > 0)) {
        const judge = createIndependentJudge(task, w.facts, w.claims);
        const cols = task.columns;
        const keyIdx = task.keyColumns.map((k) => cols.indexOf(k));
        const row = (JSON.parse(task.answer) as unknown[][])[0]!;
        const valueIdx = cols.findIndex((_, i) => !keyIdx.includes(i));
        if (valueIdx < 0) continue;
        const keys = keyIdx.map((i) => String(row[i]));
        const value = row[valueIdx];
        const shown = typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : String(value);
        const text = `${keys.join(' in ')}: ${shown}.`;
        expect(judge.cellsStated({ title: 'T', snippet: text, date: 'N/A' }).length, text).toBeGreaterThan(0);
        expect(judge.judge({ title: 'T', snippet: text, date: 'N/A' })).not.toBeNull();
        if (keys.length > 1) expect(judge.cellsStated({ title: 'T', snippet: `${keys[0]}: ${shown}.`, date: 'N/A' })).toEqual([]);
        checked++;
      }
    expect(checked).toBeGreaterThan(0);
  });
});
