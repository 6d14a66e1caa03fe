/**
 * A small hand-built world whose figures are known: two companies, a handful of pages and passages,
 * written by hand so every count below can be checked by reading it.
 */
import type { ThemeDef } from '../../src/themes/_define.js';
import type { Claim, Document, Fact, Passage, WorldData } from '../../src/world/types.js';

export const THEME: ThemeDef = {
  id: 'toy',
  title: 'Toy',
  description: 'a theme for tests',
  tables: [
    {
      name: 'companies',
      entity: 'company',
      plural: 'companies',
      nameColumn: 'name',
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'founded', type: 'date', label: 'founding date', time: 'event' },
        { name: 'revenue', type: 'integer', label: 'revenue', unit: 'usd' },
        { name: 'headquarters', type: 'text', label: 'headquarters' },
        { name: 'sector', type: 'text', label: 'sector' },
      ],
    },
  ],
  sites: {
    encyclopedia: { host: 'wiki.toy.example', name: 'Toypedia' },
    news: { host: 'news.toy.example', name: 'Toy News' },
    lists: { host: 'stats.toy.example', name: 'Toy Stats' },
    forum: { host: 'forum.toy.example', name: 'Toy Talk' },
  },
  generate: () => ({}),
  invariants: () => [],
};

const fact = (id: number, subject: string, predicate: string, object: string, objectType: Fact['objectType'], rowid: number, column: string): Fact => ({
  id,
  subject,
  predicate,
  object,
  objectType,
  sourceTable: 'companies',
  sourceRowid: rowid,
  sourceColumn: column,
});

export const FACTS: Fact[] = [
  fact(1, 'Tacova Corp', 'founded', '2031-05-05', 'date', 1, 'founded'),
  fact(2, 'Tacova Corp', 'revenue', '1200000', 'integer', 1, 'revenue'),
  fact(3, 'Tacova Corp', 'headquarters', 'Lyonbridge', 'text', 1, 'headquarters'),
  fact(4, 'Tacova Corp', 'sector', 'logistics', 'text', 1, 'sector'),
  fact(5, 'Brell Works', 'founded', '2019-03-02', 'date', 2, 'founded'),
  fact(6, 'Brell Works', 'revenue', '429', 'integer', 2, 'revenue'),
  fact(7, 'Brell Works', 'headquarters', 'Quenford', 'text', 2, 'headquarters'),
  fact(8, 'Brell Works', 'sector', 'mining', 'text', 2, 'sector'),
];

/** [text, fact ids, claims] of each passage. */
type P = [string, number[], Claim[]?];

const claim = (factId: number, subjectForm: Claim['subjectForm'], form: Claim['form'] = 'exact'): Claim => ({
  factId,
  form,
  stated: '',
  subjectForm,
  subjectText: subjectForm === 'pronoun' ? 'it' : subjectForm === 'short' ? 'Tacova' : subjectForm === 'description' ? 'the firm' : 'Tacova Corp',
});

let nextPassage = 1;
function doc(id: number, url: string, site: string, kind: Document['kind'], published: string | null, passages: P[], extraBody = ''): Document {
  const ps: Passage[] = passages.map(([text, factIds, claims], ord) => ({
    id: nextPassage++,
    documentId: id,
    ord,
    text,
    factIds,
    ...(claims ? { claims } : {}),
  }));
  return { id, url, title: passages[0]![0], site, published, kind, body: [...ps.map((p) => p.text), extraBody].filter(Boolean).join('\n\n'), passages: ps };
}

/**
 * Pages (shapes in comments). With `claims`, passages carry format-v2 claims.
 * - an encyclopedia page on Tacova (dated 2030-01-01, before its founding on 2031-05-05: an anachronism when
 *   it states the founding as done);
 * - an encyclopedia page on Brell;
 * - a news page;
 * - a list page.
 */
export function toyWorld(withClaims: boolean): WorldData {
  nextPassage = 1;
  const c = (claims: Claim[]) => (withClaims ? claims : undefined);
  const documents: Document[] = [
    doc(1, 'https://wiki.toy.example/wiki/Tacova_Corp', 'wiki.toy.example', 'entity', '2030-01-01', [
      ['Tacova Corp - Toypedia', []], // <NAME> - Toypedia
      ['Tacova Corp was founded on May 5, 2031.', [1], c([claim(1, 'name')])], // <NAME> was founded on <DATE>.
      ['It reported revenue of $1.2 million.', [2], c([claim(2, 'pronoun', 'rounded')])], // It reported revenue of <NUM>.
      ['Tacova is headquartered in Lyonbridge.', [3], c([claim(3, 'short')])], // <NAME> is headquartered in <NAME>. (short name recorded by a claim)
      ['The firm works in logistics.', [4], c([claim(4, 'description')])], // The firm works in <VALUE>.
    ]),
    doc(2, 'https://wiki.toy.example/wiki/Brell_Works', 'wiki.toy.example', 'entity', null, [
      ['Brell Works - Toypedia', []], // <NAME> - Toypedia (same as page 1's title)
      ['Brell Works was founded on 2 March 2019.', [5], c([claim(5, 'name')])], // <NAME> was founded on <DATE>. (same as page 1)
      ['Brell Works reported revenue of $429.', [6], c([claim(6, 'name')])], // <NAME> reported revenue of <NUM>.
      ['Brell Works is headquartered in Quenford.', [7], c([claim(7, 'name')])], // same as Tacova's (short name replaced)
      ['Brell Works works in mining.', [8], c([claim(8, 'name', 'erroneous')])], // <NAME> works in <VALUE>.
    ]),
    doc(
      3,
      'https://news.toy.example/2031/05/tacova-opens',
      'news.toy.example',
      'news',
      '2031-06-01',
      [
        ['Tacova Corp opens its doors - Toy News', []], // <NAME> opens its doors - <NAME>
        ['By Jane Smith, staff writer', []], // By <NAME>, staff writer
        ['Tacova Corp, founded in 2031, earns twelve percent more than Brell Works.', [1], c([claim(1, 'name', 'preliminary')])], // <NAME>, founded in <NUM>, earns <NUM> more than <NAME>.
      ],
      'More words follow here to make the page longer than its passages alone. See [Brell Works](https://wiki.toy.example/wiki/Brell_Works).',
    ),
    doc(
      4,
      'https://stats.toy.example/lists/companies-2031',
      'stats.toy.example',
      'list',
      '2031-12-31',
      [
        ['List of companies (2031) - Toy Stats', []], // List of companies (<NUM>) - <NAME>
        ['Tacova Corp — 1,200,000', [2], c([claim(2, 'none')])], // <NAME> — <NUM>
        ['Brell Works — 429', [6], c([claim(6, 'none')])], // <NAME> — <NUM> (same)
      ],
      // links outside the world and to the page itself are not links to another page of the world
      '[elsewhere](https://elsewhere.example/x) [self](https://stats.toy.example/lists/companies-2031)',
    ),
  ];
  return {
    meta: {
      format_version: 1,
      world_id: 'w1-000000',
      theme: 'toy',
      seed: 1,
      index: 0,
      generator_version: 'test',
      reference_date: '2032-01-01',
      fact_count: FACTS.length,
      real_brands: false,
    },
    theme: THEME,
    rows: {
      companies: [
        { id: 1, name: 'Tacova Corp', founded: '2031-05-05', revenue: 1200000, headquarters: 'Lyonbridge', sector: 'logistics' },
        { id: 2, name: 'Brell Works', founded: '2019-03-02', revenue: 429, headquarters: 'Quenford', sector: 'mining' },
      ],
    },
    facts: FACTS,
    documents,
    tasks: [],
  };
}
