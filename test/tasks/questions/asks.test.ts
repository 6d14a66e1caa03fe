import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_FRAMES, SUBJECT_FRAMES, attributeSlots, fill, framesFor, matchEvery } from '../../../src/tasks/questions/asks.js';
import { allTableWords, refWords } from '../../../src/tasks/questions/labels.js';
import { grammarProblem } from './grammar.js';

describe('question frames', () => {
  it('has at least 5 frames per direction, and a type-specific one for money, counts, dates, people and links', () => {
    expect(SUBJECT_FRAMES.length).toBeGreaterThanOrEqual(5);
    expect(ATTRIBUTE_FRAMES.filter((f) => f.category === 'any').length).toBeGreaterThanOrEqual(5);
    for (const cat of ['money', 'count', 'date', 'person', 'link']) expect(ATTRIBUTE_FRAMES.some((f) => f.category === cat)).toBe(true);
  });

  it('renders every frame with every theme’s attribute words and entity nouns grammatically', () => {
    let n = 0;
    for (const w of allTableWords()) {
      const subjects = [w.kind, ...w.columns.filter((c) => c.col.type === 'entity').map((l) => `${l.q} of the ${refWords(w, l).kind}`)];
      for (const x of [w.kind])
        for (const f of SUBJECT_FRAMES)
          if (f.subject === 'any' || w.person) {
            const q = fill(f.template, { x });
            n++;
            expect(grammarProblem(q), q).toBeNull();
          }
      for (const c of w.columns)
        for (const f of framesFor(c))
          for (const x of subjects) {
            const q = fill(f.template, attributeSlots(w, c, x));
            n++;
            expect(grammarProblem(q), q).toBeNull();
          }
    }
    expect(n).toBeGreaterThan(1000);
  });

  it('the agreement check catches what it looks for', () => {
    for (const bad of [
      'What is the the launch price of the phone model?',
      'Which is a phone models whose launch price is more than $400?',
      'Name an brand.',
      'Name a electoral district.',
      'What is the total total payload mass of the launch?',
      'How many phones does the full-year unit sales is?',
      'Which is the launch whose launch count is more than 1 launches?',
      'What is the launch price in USD of the phone model?',
    ])
      expect(grammarProblem(bad), bad).not.toBeNull();
    expect(grammarProblem('Which is an electoral district whose turnout is more than 50%?')).toBeNull();
  });

  it('the type-specific frames go where the answer type asks', () => {
    for (const w of allTableWords())
      for (const c of w.columns) {
        const ids = framesFor(c).map((f) => f.category);
        if (c.col.unit === 'usd') expect(ids).toContain('money');
        if (c.col.type === 'date') expect(ids).toContain('date');
        if (c.col.type === 'entity' && !c.person) expect(ids).toContain('link');
        if (c.col.type === 'text') expect(ids).not.toContain('money');
      }
  });

  it('cuts slots every way the literals allow', () => {
    const cuts = matchEvery('What is the {a} of the {x}?', 'What is the end of the current term of the mayor of the city?');
    expect(cuts.map((c) => c.a)).toEqual(['end', 'end of the current term', 'end of the current term of the mayor']);
    expect(matchEvery('Name the {x}.', 'Name the club?')).toEqual([]);
  });
});
