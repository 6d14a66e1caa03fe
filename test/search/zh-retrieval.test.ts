import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/compose.js';
import { FTS_SQL, ftsSql, ftsTokenizerOf } from '../../src/db/ddl.js';
import { callToolSync } from '../../src/search/call-tool.js';
import { prepareQuery } from '../../src/search/query.js';
import { createSnippetBuilder, cutAtWord, SNIPPET_MAX_CHARS } from '../../src/search/snippet.js';
import { MAX_TRIGRAM_TERMS, TrigramVocabulary, trigramPieces, trigramQuery } from '../../src/search/trigram-query.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { INJECTION_CORPUS } from './injection-corpus.js';
import { zhUrl, zhWorldData, zhWorldPath } from './zh-world.js';

const world = createSearchWorld(zhWorldPath());
afterAll(() => world.close());

const data = zhWorldData();
const factId = (subject: string, predicate: string) => data.facts.find((f) => f.subject === subject && f.predicate === predicate)!.id;
const search = (q: string, want = 5) => world.retrieve(prepareQuery(q), want);
const topUrl = (q: string) => search(q)[0]?.page.url;

describe('Chinese worlds: the index', () => {
  it('says its tokenizer in its own DDL, which any SQLite reader can query', () => {
    const db = new Database(zhWorldPath(), { readonly: true });
    try {
      expect(ftsTokenizerOf(db)).toBe('trigram');
      expect(ftsTokenizerOf(db, 'documents_fts')).toBe('trigram');
      // A plain reader (no fictionworld code) finds a Chinese name as a substring.
      const hits = db.prepare(`SELECT rowid FROM passages_fts WHERE passages_fts MATCH '"新星科技"'`).pluck().all();
      expect(hits.length).toBeGreaterThan(3);
    } finally {
      db.close();
    }
    expect(world.tokenizer).toBe('trigram');
    expect(world.trigram).toBe(true);
  });

  it('keeps the English DDL byte for byte', () => {
    expect(FTS_SQL).toBe(`
CREATE VIRTUAL TABLE passages_fts USING fts5(text, content='passages', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE documents_fts USING fts5(title, body, content='documents', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
`);
    expect(ftsSql('porter unicode61 remove_diacritics 2')).toBe(FTS_SQL);
  });
});

describe('Chinese worlds: queries an agent writes', () => {
  // [query, subject, predicate]: the first page must be one stating that fact, in a passage that matched.
  const CASES: [string, string, string][] = [
    ['新星科技 营收', '新星科技有限公司', 'revenue_cny'],
    ['新星科技营收', '新星科技有限公司', 'revenue_cny'],
    ['新星科技2029年营收是多少', '新星科技有限公司', 'revenue_cny'],
    ['新星科技的首席执行官是谁', '新星科技有限公司', 'ceo'],
    ['Nova X3 发布日期', 'Nova X3', 'launch_date'],
    ['Nova X3 售价', 'Nova X3', 'launch_price_cny'],
    ['nova x3价格', 'Nova X3', 'launch_price_cny'],
    ['ＮＯＶＡ Ｘ３ 发布', 'Nova X3', 'launch_date'],
    ['星辰集团 董事长', '星辰集团', 'chair'],
    ['星辰集团董事长是谁', '星辰集团', 'chair'],
    ['临溪市 人口', '临溪市', 'population'],
    ['临溪 人口多少', '临溪市', 'population'],
  ];
  for (const [q, subject, predicate] of CASES)
    it(`"${q}" finds the page stating ${subject} ${predicate} first`, () => {
      const [top] = search(q);
      expect(top, q).toBeDefined();
      const id = factId(subject, predicate);
      expect(
        top!.passages.some((p) => p.factIds.includes(id)),
        `${q}: top ${top!.page.title}`,
      ).toBe(true);
    });

  it('tells a model from a longer one: "X3" is not "X30"', () => {
    expect(topUrl('Nova X3 发布日期')).toBe(zhUrl('Nova_X3'));
    const urls = search('X3', 10).map((c) => c.page.url);
    expect(urls).toContain(zhUrl('Nova_X3'));
    expect(urls).not.toContain(zhUrl('news-nova-x30'));
    expect(search('Nova X30', 10)[0]!.page.url).toBe(zhUrl('news-nova-x30'));
  });

  it('finds two-character words, which trigrams alone cannot', () => {
    for (const word of ['公司', '总部', '营收', '人口']) {
      const found = search(word, 10);
      expect(found.length, word).toBeGreaterThan(0);
      for (const c of found)
        expect(
          c.passages.some((p) => p.text.includes(word)),
          `${word}: ${c.page.title}`,
        ).toBe(true);
    }
    expect(search('市').length).toBeGreaterThan(0);
  });

  it('reads a query with and without spaces alike', () => {
    const pages = (q: string) => search(q, 3).map((c) => c.page.url);
    expect(pages('星辰集团董事长')[0]).toBe(pages('星辰集团 董事长')[0]);
    expect(pages('临溪市人口')[0]).toBe(pages('临溪市 人口')[0]);
  });

  it('cuts a query into runs and pairs, leaving out particles and question words', () => {
    expect(trigramPieces(prepareQuery('新星科技的营收是多少').tokens)).toEqual({
      phrases: ['新星科技的营收是多少'],
      pairs: ['新星', '星科', '科技', '营收'],
    });
    expect(trigramPieces(prepareQuery('Nova X3 发布日期').tokens)).toEqual({ phrases: ['nova', '发布日期'], pairs: ['x3', '发布', '布日', '日期'] });
  });

  it('never reads agent text as FTS5 syntax and is deterministic', () => {
    for (const q of [...INJECTION_CORPUS, 'NEAR("新星" OR) AND *', '"新星科技" OR', '新星*', '^临溪']) {
      expect(() => search(q), q.slice(0, 40)).not.toThrow();
      expect(search(q)).toEqual(search(q));
    }
  });
});

describe('Chinese worlds: snippets', () => {
  it('cut Chinese text between characters, best after a clause, within the budget', () => {
    const text = '新星科技有限公司是一家总部位于临溪市的消费电子企业，成立于2011年，主要产品包括手机和平板。';
    expect(cutAtWord(text, 30)).toBe('新星科技有限公司是一家总部位于临溪市的消费电子企业');
    expect(cutAtWord(text, 12)).toBe('新星科技有限公司是一家总');
    expect(cutAtWord('Nova X3是新星科技的手机', 6)).toBe('Nova');
  });

  it('show the query words of a long passage, and stay within the snippet length', () => {
    const query = prepareQuery('新星科技 年度报告');
    const [top] = world.retrieve(query, 5);
    expect(top!.page.url).toBe(zhUrl('新星科技有限公司'));
    const snippet = createSnippetBuilder(world, query)(top!);
    expect(snippet.text).toContain('年度报告');
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    for (const c of world.retrieve(prepareQuery('临溪市 人口'), 5)) {
      const s = createSnippetBuilder(world, prepareQuery('临溪市 人口'))(c);
      expect(s.text.length).toBeGreaterThan(0);
      expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    }
  });
});

describe('Chinese worlds: the guard view and the tools', () => {
  it('searches a view without some passages as a world without them', () => {
    const rev = factId('新星科技有限公司', 'revenue_cny');
    const hidden = new Set(data.documents.flatMap((d) => d.passages.filter((p) => p.factIds.includes(rev)).map((p) => p.id)));
    const view = world.without(hidden, new Set());
    try {
      expect(view.trigram).toBe(true);
      const found = view.retrieve(prepareQuery('新星科技 营收'), 10);
      expect(found.length).toBeGreaterThan(0);
      for (const c of found) for (const p of c.passages) expect(hidden.has(p.id)).toBe(false);
      // What the view still holds ranks as in the whole world, by the view's own statistics.
      expect(view.retrieve(prepareQuery('星辰集团 董事长'), 3)[0]!.page.url).toBe(zhUrl('星辰集团'));
    } finally {
      view.close();
    }
  });

  it('answers web_search and web_extractor in the observation format', () => {
    const session = createSession(world, { seed: 1 });
    const r = callToolSync(session, { name: 'web_search', arguments: { query: 'Nova X3 发布日期' } });
    expect(r.text).toMatch(/^Results for "Nova X3 发布日期":\n\[1\] /);
    expect(r.text.split('\n')[1]).toBe(`[1] ${zhUrl('Nova_X3')}`);
    expect(r.text).toContain('Snippet: Nova X3是新星科技于2029年3月4日发布的智能手机。');
    const page = callToolSync(session, { name: 'web_extractor', arguments: { url: zhUrl('Nova_X3') } });
    expect(page.text).toContain('Nova X3的起售价为3999元。');
  });
});

describe('Chinese worlds: the MATCH expression', () => {
  it('gives every pair of a long query its share of the terms, and never more than the cap', () => {
    // A vocabulary where every pair has far more trigrams than the expression could hold.
    const rows: [string, number][] = [];
    const hanzi = [...'新星科技营收总部人口董事长发布日期价格城市集团公司'];
    for (const a of hanzi) for (const b of hanzi) for (let k = 0; k < 40; k++) rows.push([`${a}${b}${String.fromCharCode(0x4e00 + k)}`, 1 + k]);
    const vocab = new TrigramVocabulary(rows);
    const q = trigramQuery(prepareQuery('新星科技 营收 总部 人口 董事长 发布日期 价格 城市 集团 公司'), vocab);
    const terms = q.match!.split(' OR ');
    expect(terms.length).toBeLessThanOrEqual(MAX_TRIGRAM_TERMS);
    // The last pair of the query is searched too, by its most frequent trigrams.
    expect(terms.filter((t) => t.startsWith('"公司')).length).toBeGreaterThanOrEqual(8);
    expect(terms.filter((t) => t.startsWith('"新星')).length).toBeGreaterThanOrEqual(8);
    expect(terms).toContain(`"公司${String.fromCharCode(0x4e00 + 39)}"`);
  });
});
