import { describe, expect, it } from 'vitest';
import { chainReadings, parseQuestion, splitCandidates } from '../../src/oracle/question.js';

const task = (kind: Parameters<typeof parseQuestion>[0]['kind'], question: string, columns: string[] = []) => ({ kind, question, columns });

describe('parseQuestion', () => {
  it('reads a lookup, keeping every split of " of ", a capitalised subject first', () => {
    const q = parseQuestion(task('lookup', 'What is the date of birth of Clementine Drunbreidel?'))!;
    expect(q.kind).toBe('chain');
    if (q.kind !== 'chain') return;
    expect(q.readings[0]).toEqual({ subject: 'Clementine Drunbreidel', links: [], label: 'date of birth' });
    expect(q.readings).toContainEqual({ subject: 'birth of Clementine Drunbreidel', links: [], label: 'date' });
    const film = parseQuestion(task('lookup', 'What is the box-office gross of The Meridian of Leizix?'))!;
    if (film.kind !== 'chain') return;
    expect(film.readings.slice(0, 2)).toEqual([
      { subject: 'The Meridian of Leizix', links: [], label: 'box-office gross' },
      { subject: 'Leizix', links: [], label: 'box-office gross of The Meridian' },
    ]);
  });

  it('reads a multi-hop chain, links in the order they are followed, names containing "of" intact', () => {
    const q = parseQuestion(task('multi_hop', 'What is the headquarters city of the parent company of the studio of The Signal of Zeiror?'))!;
    if (q.kind !== 'chain') throw new Error('not a chain');
    expect(q.readings[0]).toEqual({ subject: 'The Signal of Zeiror', links: ['studio', 'parent company'], label: 'headquarters city' });
    expect(q.readings.every((r) => r.links.length > 0 || q.readings.indexOf(r) > 0)).toBe(true);
  });

  it('puts readings whose subject starts in lower case last', () => {
    const r = chainReadings('number of listed companies of the stock exchange of Raekios Industries', true);
    expect(r[0]).toEqual({ subject: 'Raekios Industries', links: ['stock exchange'], label: 'number of listed companies' });
    expect(/^[a-z]/.test(r[r.length - 1]!.subject)).toBe(true);
  });

  it('reads both comparison forms', () => {
    expect(parseQuestion(task('comparison', 'Which of A One, B Two, C Three or D Four has the highest launch price?'))).toEqual({
      kind: 'extreme',
      candidates: ['A One', 'B Two', 'C Three', 'D Four'],
      extreme: 'highest',
      label: 'launch price',
      ask: 'which',
    });
    expect(parseQuestion(task('temporal', 'What is the earliest founding date among Alpha Corp, Beta Inc, Gamma Labs and Delta FC?'))).toEqual({
      kind: 'extreme',
      candidates: ['Alpha Corp', 'Beta Inc', 'Gamma Labs', 'Delta FC'],
      extreme: 'earliest',
      label: 'founding date',
      ask: 'value',
    });
    expect(splitCandidates('X, Y or Z')).toEqual(['X', 'Y', 'Z']);
  });

  it('reads an aggregation and a wide table, with and without scope', () => {
    expect(
      parseQuestion(task('aggregation', 'What is the total total payload mass in kg across all launches whose launch site is Draempimum Cosmodrome?')),
    ).toEqual({
      kind: 'total',
      label: 'total payload mass in kg',
      plural: 'launches',
      link: 'launch site',
      parent: 'Draempimum Cosmodrome',
    });
    const cols = ['Phone model', 'Units sold in the year', 'Launch price'];
    expect(
      parseQuestion(
        task(
          'wide_table',
          'List every phone model whose brand is Seheikar Devices with its units sold in the year, launch price. Answer with a Markdown table with columns Phone model, Units sold in the year, Launch price.',
          cols,
        ),
      ),
    ).toEqual({
      kind: 'table',
      entity: 'phone model',
      scope: { link: 'brand', parent: 'Seheikar Devices' },
      labels: ['units sold in the year', 'launch price'],
      columns: cols,
    });
    const all = parseQuestion(
      task('wide_table', 'List every mayor with its end of the current term. Answer with a Markdown table with columns Mayor, End of the current term.', [
        'Mayor',
        'End of the current term',
      ]),
    );
    expect(all).toMatchObject({ kind: 'table', entity: 'mayor', scope: null, labels: ['end of the current term'] });
  });

  it('returns null for a question it cannot read', () => {
    expect(parseQuestion(task('lookup', 'Tell me something.'))).toBeNull();
    expect(parseQuestion(task('aggregation', 'What is the launch price of X?'))).toBeNull();
  });
});
