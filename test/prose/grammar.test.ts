import { describe, expect, it } from 'vitest';
import { fill } from '../../src/prose/frames.js';
import { agreeWithCount, copulaFor, finish, indefiniteArticle, isPlural, possessive, tenseOf, withAlso, withArticle } from '../../src/prose/grammar.js';

describe('grammar', () => {
  it('agrees the copula with a plural head noun, not with a noun that merely ends in s', () => {
    expect(copulaFor('sold {v}', 'full-year unit sales')).toBe('were');
    expect(copulaFor('has sold {v}', 'lifetime sales across its games')).toBe('are');
    expect(copulaFor('sold {v}', 'number of floors')).toBe('was');
    for (const np of ['weekly gross', 'total payload mass', 'peak brightness', 'headquarters', 'status']) expect(isPlural(np), np).toBe(false);
    expect(copulaFor('is based in {v}')).toBe('is');
    expect(agreeWithCount('There are 1 hotels under the Benid banner', '1')).toBe('There is 1 hotel under the Benid banner');
  });

  it('articles, possessives, tense and "also"', () => {
    expect(withArticle('launch vehicle')).toBe('a launch vehicle');
    expect(withArticle('approval')).toBe('an approval');
    expect(withArticle('8-inch screen')).toBe('an 8-inch screen');
    expect(withArticle('unit')).toBe('a unit');
    expect(indefiniteArticle('university')).toBe('a');
    expect(indefiniteArticle('operator')).toBe('an');
    expect(possessive('Halvorsen Mobile')).toBe("Halvorsen Mobile's");
    expect(possessive('Borealis Dynamics')).toBe("Borealis Dynamics'");
    expect(possessive('the train class')).toBe("the train class's");
    expect(possessive('the bus')).toBe("the bus's");
    expect(tenseOf('is headquartered in {v}')).toBe('present');
    expect(tenseOf('employs {v} people')).toBe('present');
    expect(tenseOf('launched at {v}')).toBe('past');
    expect(tenseOf('was founded on {v}')).toBe('past');
    expect(withAlso('is based in Korsvik')).toBe('is also based in Korsvik');
    expect(withAlso('launched at $429')).toBe('also launched at $429');
  });

  it('sentence ends, articles before values and counts of one', () => {
    expect(finish('it launched at $429')).toBe('It launched at $429.');
    expect(finish('the maker is Tacova Inc.')).toBe('The maker is Tacova Inc.');
    expect(finish('"Nobody is surprised," said an analyst')).toBe('"Nobody is surprised," said an analyst.');
    expect(finish('an analyst was blunt: "No."')).toBe('An analyst was blunt: "No."');
    expect(fill('is a {v}', 'antisense oligonucleotide')).toBe('is an antisense oligonucleotide');
    expect(fill('plays as a {v}', 'defender')).toBe('plays as a defender');
    expect(agreeWithCount('scored 1 league goals', '1')).toBe('scored 1 league goal');
    expect(agreeWithCount('lists 1 companies', '1')).toBe('lists 1 company');
    expect(agreeWithCount('scored 11 league goals', '11')).toBe('scored 11 league goals');
    expect(agreeWithCount('placed number 1 on the chart', '1')).toBe('placed number 1 on the chart');
    expect(agreeWithCount('scored 1 in Gresgaekis Rovers v Shaesren United', '1')).toBe('scored 1 in Gresgaekis Rovers v Shaesren United');
    expect(agreeWithCount('scored 1 Rovers goals', '1')).toBe('scored 1 Rovers goals');
  });
});
