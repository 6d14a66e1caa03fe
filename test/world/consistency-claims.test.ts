/**
 * checkWorld on a small hand-built world (format v2): one phone stated exactly, by pronoun, rounded,
 * scheduled, as a preliminary estimate, wrongly in a forum post and then corrected; pages linked and
 * dated. The world as built holds; each test breaks one rule and expects the problem it makes.
 */
import { describe, expect, it } from 'vitest';
import type { ThemeDef } from '../../src/themes/_define.js';
import { checkWorld } from '../../src/world/consistency.js';
import type { Claim, Document, Fact, Passage, WorldData } from '../../src/world/types.js';

const theme: ThemeDef = {
  id: 'mini',
  title: 'Mini',
  description: 'one phone',
  tables: [
    {
      name: 'phones',
      entity: 'phone',
      plural: 'phones',
      nameColumn: 'name',
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'launch_date', type: 'date', label: 'launch date', time: 'event' },
        { name: 'price', type: 'integer', label: 'price', unit: 'usd' },
        { name: 'units_sold', type: 'integer', label: 'units sold', time: 'year_end' },
      ],
    },
  ],
  sites: {
    encyclopedia: { host: 'wiki.example', name: 'Wiki' },
    news: { host: 'news.example', name: 'News' },
    lists: { host: 'data.example', name: 'Data' },
    forum: { host: 'forum.example', name: 'Forum' },
  },
  generate: () => ({}),
  invariants: () => [],
};

const fact = (id: number, predicate: string, object: string, objectType: Fact['objectType']): Fact => ({
  id,
  subject: 'Zentria X9',
  predicate,
  object,
  objectType,
  sourceTable: 'phones',
  sourceRowid: 1,
  sourceColumn: predicate,
});
const LAUNCH = 1;
const PRICE = 2;
const UNITS = 3;

const claim = (factId: number, form: Claim['form'], stated: string, subjectForm: Claim['subjectForm'] = 'name', subjectText = 'Zentria X9'): Claim => ({
  factId,
  form,
  stated,
  subjectForm,
  subjectText,
});

let nextPassage = 1;
function page(id: number, kind: Document['kind'], url: string, title: string, published: string | null, lines: [string, Claim[]][], extra = ''): Document {
  const passages: Passage[] = [title, ...lines].map((l, ord) => {
    const [text, claims] = typeof l === 'string' ? [l, []] : l;
    return { id: nextPassage++, documentId: id, ord, text, claims, factIds: [...new Set(claims.filter((c) => c.form !== 'erroneous').map((c) => c.factId))] };
  });
  const body = `# ${title}\n\n${lines.map((l) => l[0]).join('\n\n')}\n${extra}`;
  return { id, kind, url, title, site: 'x', published, dateKind: published ? 'published' : undefined, body, passages, links: [] };
}

const WIKI = 'https://wiki.example/Zentria_X9';
const NEWS = 'https://news.example/zentria-x9-due';

/** The world as built: every rule holds. */
function world(): WorldData {
  nextPassage = 1;
  const wiki = page(
    1,
    'encyclopedia',
    WIKI,
    'Zentria X9 - Wiki',
    '2030-01-10',
    [
      ['The Zentria X9 is a smartphone that launched on March 4, 2029.', [claim(LAUNCH, 'exact', 'March 4, 2029')]],
      ['It launched at $429.', [claim(PRICE, 'exact', '$429', 'pronoun', 'It')]],
      ['| Units sold | about 1.2 million |', [claim(UNITS, 'rounded', 'about 1.2 million', 'none', '')]],
    ],
    `\nSee also: [the launch announcement](${NEWS}).\n`,
  );
  wiki.dateKind = 'edited';
  wiki.links = [{ url: NEWS, anchor: 'the launch announcement' }];
  const news = page(2, 'news', NEWS, 'Zentria X9 due in March - News', '2029-02-01', [
    [
      'The Zentria X9 is due to launch on March 4, 2029, at an estimated $430.',
      [claim(LAUNCH, 'scheduled', 'March 4, 2029'), claim(PRICE, 'preliminary', '$430')],
    ],
  ]);
  const forum = page(3, 'forum', 'https://forum.example/t/1', 'What does the X9 cost? - Forum', '2029-07-01', [
    ['I think the Zentria X9 costs $399.', [claim(PRICE, 'erroneous', '$399')]],
    ['No, the Zentria X9 was $429 at launch.', [claim(PRICE, 'corrected', '$429')]],
  ]);
  const data = page(4, 'data', 'https://data.example/phones-2029', 'Phones sold in 2029 - Data', '2030-01-12', [
    ['| Zentria X9 | 1,213,400 |', [claim(UNITS, 'exact', '1,213,400')]],
  ]);
  return {
    meta: {
      format_version: 2,
      world_id: 'w1-000000',
      theme: 'mini',
      seed: 1,
      index: 0,
      generator_version: 'test',
      reference_date: '2030-01-15',
      fact_count: 3,
      real_brands: false,
    },
    theme,
    rows: { phones: [{ id: 1, name: 'Zentria X9', launch_date: '2029-03-04', price: 429, units_sold: 1213400 }] },
    facts: [fact(LAUNCH, 'launch_date', '2029-03-04', 'date'), fact(PRICE, 'price', '429', 'integer'), fact(UNITS, 'units_sold', '1213400', 'integer')],
    documents: [wiki, news, forum, data],
    tasks: [],
  };
}

/** checkWorld's problems without the world-size ones a 3-fact world always has (fact count, tasks). */
function problems(d: WorldData): string[] {
  return checkWorld(d).filter((m) => !/^fact count|tasks, fewer than|^no \w+ task$/.test(m));
}

const passage = (d: WorldData, doc: number, ord: number) => d.documents[doc - 1]!.passages[ord]!;
const only = (d: WorldData) => {
  const found = problems(d);
  expect(found.length, found.join('\n')).toBeGreaterThan(0);
  return found;
};

describe('checkWorld on claims', () => {
  it('accepts the world as built: exact, pronoun, table row, rounded, scheduled, preliminary, erroneous then corrected, links, dates', () => {
    expect(problems(world())).toEqual([]);
  });

  it('refuses a rounding that is not one, and a rounding nothing marks as approximate', () => {
    const d = world();
    const p = passage(d, 1, 3);
    p.text = '| Units sold | about 1.3 million |';
    p.claims = [claim(UNITS, 'rounded', 'about 1.3 million', 'none', '')];
    expect(only(d)).toEqual([
      expect.stringMatching(/fact 3 .* rounded claim says: it states "about 1.3 million" as rounded, which is not a rounding of 1213400/),
    ]);
    const e = world();
    const q = passage(e, 1, 3);
    q.text = '| Units sold | 1,200,000 |';
    q.claims = [claim(UNITS, 'rounded', '1,200,000', 'none', '')];
    expect(only(e)).toEqual([expect.stringMatching(/rounds 1213400 as "1,200,000" with nothing marking it as approximate/)]);
  });

  it('refuses a preliminary figure no later page states exactly, and one the passage does not mark', () => {
    const d = world();
    // The wiki page and the forum thread are the later pages stating $429: make them earlier than the news.
    d.documents[1]!.published = '2030-02-01';
    d.documents[1]!.passages[1]!.claims = [claim(PRICE, 'preliminary', '$430')];
    d.documents[1]!.passages[1]!.factIds = [PRICE];
    d.documents[1]!.passages[1]!.text = 'The Zentria X9 sells at an estimated $430.';
    expect(only(d)).toEqual([expect.stringMatching(/preliminary claim says: it is preliminary, but no page dated after 2030-02-01 states 429 exactly/)]);
    const e = world();
    passage(e, 2, 1).text = 'The Zentria X9 is due to launch on March 4, 2029, at $430.';
    expect(only(e)).toEqual([expect.stringMatching(/states "\$430" as preliminary, but the passage does not mark it as such/)]);
  });

  it('refuses an erroneous claim never corrected, a correction of nothing, and an "erroneous" true value', () => {
    const d = world();
    passage(d, 3, 2).claims = [claim(PRICE, 'exact', '$429')];
    expect(only(d)).toEqual([expect.stringMatching(/erroneous claim says: it states the wrong "\$399", and no later passage of the page corrects it/)]);
    const e = world();
    passage(e, 3, 1).claims = [];
    expect(only(e)).toEqual([expect.stringMatching(/corrected claim says: it is a correction of no erroneous claim before it on the page/)]);
    const f = world();
    passage(f, 3, 1).text = 'I think the Zentria X9 costs $429.';
    passage(f, 3, 1).claims = [claim(PRICE, 'erroneous', '$429')];
    expect(only(f)).toEqual([expect.stringMatching(/states "\$429" as erroneous, but it is the true value/)]);
  });

  it('refuses a pronoun the passage does not contain, and one before the page names its subject', () => {
    const d = world();
    passage(d, 1, 2).claims = [claim(PRICE, 'exact', '$429', 'pronoun', 'She')];
    expect(only(d)).toEqual([expect.stringMatching(/refers to Zentria X9 as "She", which the passage does not contain/)]);
    const e = world();
    const wiki = e.documents[0]!;
    wiki.title = 'Phones - Wiki';
    wiki.passages[0]!.text = 'Phones - Wiki';
    wiki.body = wiki.body.replace('# Zentria X9 - Wiki', '# Phones - Wiki');
    // "It" first, then the name: no antecedent.
    [wiki.passages[1]!.ord, wiki.passages[2]!.ord] = [2, 1];
    const found = only(e);
    expect(found).toContainEqual(expect.stringMatching(/refers to Zentria X9 as "It" before the page names it/));
    // The table row on a page whose title no longer names the phone leaves it unnamed.
    expect(found).toContainEqual(expect.stringMatching(/leaves Zentria X9 unnamed on a page whose title and heading do not name it/));
    expect(found).toHaveLength(2);
  });

  it('accepts a table row that names no subject under a heading that does', () => {
    const d = world();
    const wiki = d.documents[0]!;
    wiki.title = 'Phones - Wiki';
    wiki.passages[0]!.text = 'Phones - Wiki';
    wiki.body = wiki.body.replace('# Zentria X9 - Wiki', '# Phones - Wiki').replace('| Units sold |', '## Zentria X9 in numbers\n\n| Units sold |');
    expect(problems(d)).toEqual([]);
    wiki.body = wiki.body.replace('## Zentria X9 in numbers', '## In numbers');
    expect(only(d)).toEqual([expect.stringMatching(/leaves Zentria X9 unnamed/)]);
  });

  it('refuses a scheduled claim written as done, an exact claim whose digits differ, and a claim for a missing fact', () => {
    const d = world();
    passage(d, 2, 1).text = 'The Zentria X9 launched on March 4, 2029, at an estimated $430.';
    expect(only(d)).toEqual([expect.stringMatching(/scheduled claim says: it is scheduled, but the passage is not written in the future/)]);
    const e = world();
    passage(e, 4, 1).text = '| Zentria X9 | 11,213,400 |';
    passage(e, 4, 1).claims = [claim(UNITS, 'exact', '11,213,400')];
    const found = only(e);
    expect(found).toContainEqual(expect.stringMatching(/exact claim says: it states "11,213,400" as exact, which is not 1213400 exactly/));
    expect(found).toContainEqual('fact 3 (Zentria X9 units_sold) is stated exactly on no page');
    // A stated value found only inside a longer number is not in the passage.
    const g = world();
    passage(g, 1, 2).text = 'It launched at $4290.';
    expect(only(g)).toEqual([expect.stringMatching(/exact claim says: it states "\$429", which the passage does not contain/)]);
    const f = world();
    passage(f, 4, 1).claims = [claim(99, 'exact', '1,213,400')];
    passage(f, 4, 1).factIds = [99];
    expect(only(f)).toContainEqual(expect.stringMatching(/has a claim for missing fact 99/));
  });

  it('keeps passage_facts equal to the claims that give a fact away (not the erroneous ones)', () => {
    const d = world();
    passage(d, 3, 1).factIds = [PRICE];
    expect(only(d)).toEqual([expect.stringMatching(/lists fact 2 in passage_facts but states it in no claim/)]);
    const e = world();
    passage(e, 1, 1).factIds = [];
    expect(only(e)).toEqual([expect.stringMatching(/states fact 1 but passage_facts does not list it/)]);
  });

  it('reports anachronisms: done before it is true, scheduled after it is, scheduled on an undated page', () => {
    const d = world();
    d.documents[0]!.published = '2029-02-01';
    const found = only(d);
    expect(found).toContainEqual(`anachronism: ${WIKI} (2029-02-01) reports Zentria X9 launch_date as done, but it is true only from 2029-03-04`);
    expect(found).toContainEqual(`anachronism: ${WIKI} (2029-02-01) reports Zentria X9 units_sold as done, but it is true only from 2029-12-31`);
    const e = world();
    e.documents[1]!.published = '2029-05-01';
    expect(only(e)).toEqual([`anachronism: ${NEWS} (2029-05-01) reports Zentria X9 launch_date as scheduled after 2029-03-04`]);
    const f = world();
    f.documents[1]!.published = null;
    f.documents[1]!.dateKind = undefined;
    const undated = only(f);
    expect(undated).toContainEqual(`anachronism: ${NEWS} (undated) reports Zentria X9 launch_date as scheduled`);
    expect(undated).toContainEqual(expect.stringMatching(/it is preliminary on an undated page/));
  });

  it('checks links and date kinds against the pages', () => {
    const d = world();
    d.documents[0]!.links = [{ url: 'https://news.example/nowhere', anchor: 'the launch announcement' }];
    const found = only(d);
    expect(found).toContainEqual(`${WIKI} links to https://news.example/nowhere, which is no page of the world`);
    expect(found).toContainEqual(`${WIKI} records a link [the launch announcement](https://news.example/nowhere) that its body does not contain`);
    expect(found).toContainEqual(`${WIKI} has a link [the launch announcement](${NEWS}) in its body that is not recorded`);
    const e = world();
    e.documents[2]!.published = null;
    expect(only(e)).toContainEqual('https://forum.example/t/1 is undated but has date_kind published');
  });

  it('reads a passage without claims as exact claims by name, and checks them as before', () => {
    const d = world();
    const p = passage(d, 4, 1);
    p.claims = undefined;
    expect(problems(d)).toEqual([]);
    p.text = '| Zentria X9 | 1,213,401 |';
    expect(only(d)).toContainEqual(
      expect.stringMatching(/passage \d+ of https:\/\/data.example\/phones-2029 does not state fact 3 .* as its exact claim says/),
    );
  });
});
