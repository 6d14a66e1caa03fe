/**
 * Pools of invented sites by genre, and the house styles a site draws from: data only. Every host is
 * under `.example`; none names a real publication. A world draws its sites from these (sites.ts).
 */
import type { SiteGenre } from '../../themes/spec/parts.js';

export interface PoolSite {
  name: string;
  host: string;
  /** Where the site is based: its datelines. */
  city: string;
}

export const SITE_POOLS: Record<SiteGenre, PoolSite[]> = {
  encyclopedia: [
    { name: 'Orbis Encyclopedia', host: 'wiki.orbis-encyclopedia.example', city: 'Lisbourne' },
    { name: 'Compendia', host: 'en.compendia.example', city: 'Harwick' },
    { name: 'OpenAtlas Wiki', host: 'openatlas.example', city: 'Norrby' },
    { name: 'Lexicarium', host: 'www.lexicarium.example', city: 'Valmont' },
    { name: 'Wikiverse', host: 'en.wikiverse.example', city: 'Castellane' },
  ],
  news: [
    { name: 'Meridian Wire', host: 'www.meridianwire.example', city: 'Harwick' },
    { name: 'The Daily Ledger', host: 'dailyledger.example', city: 'Brennport' },
    { name: 'Continental Press Service', host: 'news.cps-wire.example', city: 'Valmont' },
    { name: 'The Harbour Courier', host: 'www.harbourcourier.example', city: 'Saltmere' },
    { name: 'Northgate Times', host: 'northgatetimes.example', city: 'Northgate' },
    { name: 'Ridgeway Post', host: 'www.ridgewaypost.example', city: 'Ridgeway' },
    { name: 'Global Desk', host: 'globaldesk.example', city: 'Lisbourne' },
  ],
  press_release: [
    { name: 'Newsline Releases', host: 'www.newsline-releases.example', city: 'Harwick' },
    { name: 'PR Channel', host: 'prchannel.example', city: 'Castellane' },
    { name: 'WireDesk Corporate', host: 'corporate.wiredesk.example', city: 'Brennport' },
  ],
  forum: [
    { name: 'Threadnest', host: 'forum.threadnest.example', city: '' },
    { name: 'The Common Room', host: 'commonroom.example', city: '' },
    { name: 'AskAround Boards', host: 'boards.askaround.example', city: '' },
    { name: 'Quorum Forums', host: 'www.quorumforums.example', city: '' },
  ],
  data: [
    { name: 'StatBase', host: 'data.statbase.example', city: 'Norrby' },
    { name: 'Figures & Facts', host: 'www.figuresandfacts.example', city: 'Harwick' },
    { name: 'Tabula Data', host: 'tabula-data.example', city: 'Valmont' },
    { name: 'NumberHouse', host: 'numberhouse.example', city: 'Saltmere' },
  ],
  review: [
    { name: 'Second Opinion', host: 'secondopinion.example', city: 'Brennport' },
    { name: 'The Critic’s Desk', host: 'www.criticsdesk.example', city: 'Lisbourne' },
    { name: 'Fieldnotes Blog', host: 'fieldnotes.example', city: 'Ridgeway' },
    { name: 'Plain Verdict', host: 'plainverdict.example', city: 'Northgate' },
  ],
  list_article: [
    { name: 'Listwise', host: 'www.listwise.example', city: 'Harwick' },
    { name: 'Ten Things', host: 'tenthings.example', city: 'Castellane' },
    { name: 'Roundup Weekly', host: 'roundupweekly.example', city: 'Saltmere' },
  ],
  faq: [
    { name: 'AnswerDesk', host: 'www.answerdesk.example', city: '' },
    { name: 'KnowHow Hub', host: 'knowhowhub.example', city: '' },
    { name: 'Quick Answers', host: 'quickanswers.example', city: '' },
  ],
  registry: [
    { name: 'Public Records Office', host: 'records.publicregistry.example', city: 'Valmont' },
    { name: 'Open Filings Register', host: 'www.openfilings.example', city: 'Harwick' },
    { name: 'Civic Register', host: 'register.civic.example', city: 'Norrby' },
  ],
  background: [
    { name: 'Broadsheet Review', host: 'www.broadsheetreview.example', city: 'Lisbourne' },
    { name: 'The Long Read', host: 'thelongread.example', city: 'Brennport' },
    { name: 'Context Magazine', host: 'contextmag.example', city: 'Ridgeway' },
  ],
};

/**
 * URL path schemes by genre. `{slug}` Title_Case_Words, `{kebab}` lower-kebab, `{yyyy}` `{mm}` `{dd}`
 * the page date, `{n}` a number unique on the site.
 */
export const URL_SCHEMES: Record<SiteGenre, string[]> = {
  encyclopedia: ['/wiki/{slug}', '/article/{slug}', '/entry/{kebab}', '/w/{slug}'],
  news: ['/{yyyy}/{mm}/{dd}/{kebab}', '/news/{kebab}-{n}', '/story/{yyyy}{mm}{dd}-{kebab}', '/articles/{n}/{kebab}', '/{yyyy}/{mm}/{kebab}'],
  press_release: ['/releases/{yyyy}/{kebab}', '/news-release/{n}-{kebab}', '/pr/{yyyy}{mm}{dd}/{kebab}'],
  forum: ['/t/{kebab}/{n}', '/threads/{kebab}.{n}', '/topic/{n}-{kebab}', '/discussion/{n}/{kebab}'],
  data: ['/tables/{kebab}', '/stats/{kebab}', '/datasets/{kebab}', '/figures/{kebab}'],
  review: ['/reviews/{kebab}', '/{yyyy}/{mm}/{kebab}', '/posts/{kebab}-{n}', '/blog/{kebab}'],
  list_article: ['/lists/{kebab}', '/features/{kebab}-{n}', '/roundups/{yyyy}/{kebab}'],
  faq: ['/questions/{n}/{kebab}', '/faq/{kebab}', '/answers/{kebab}-{n}'],
  registry: ['/records/{n}', '/filings/{yyyy}/{n}', '/entry/{n}/{kebab}'],
  background: ['/features/{yyyy}/{kebab}', '/essays/{kebab}', '/longform/{kebab}-{n}'],
};

/** How a title joins the page's heading and the site's name. */
export const TITLE_SEPARATORS = [' - ', ' | ', ' · '];

/** Byline shapes: `{name}` the writer, `{site}` the site. */
export const BYLINES = ['By {name}', 'By {name}, {site}', '{name} | {site}', 'Reporting by {name}', 'By {name}, staff writer'];

/** Given names and surnames of sites' staff (writers, editors, press officers). */
export const STAFF_GIVEN = [
  'Amelia',
  'Bruno',
  'Clara',
  'Dmitri',
  'Elena',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Katja',
  'Lionel',
  'Marta',
  'Nikhil',
  'Olivia',
  'Pavel',
  'Quentin',
  'Rosa',
  'Soren',
  'Tamsin',
  'Ulrich',
  'Vera',
  'Wen',
  'Yusuf',
  'Zofia',
  'Adrian',
  'Beatriz',
  'Callum',
];
export const STAFF_FAMILY = [
  'Ashdown',
  'Bellamy',
  'Carvalho',
  'Dunmore',
  'Eriksen',
  'Fairley',
  'Galloway',
  'Hartigan',
  'Ibarra',
  'Jansen',
  'Kowal',
  'Lindqvist',
  'Marlowe',
  'Novak',
  'Okafor',
  'Prentice',
  'Quayle',
  'Rourke',
  'Sandoval',
  'Thorne',
  'Underhill',
  'Varga',
  'Whitcombe',
  'Yardley',
];

/** Forum handles and their habits: how each opens and closes a post. */
export const FORUM_USERS: { handle: string; opener: string; closer: string }[] = [
  { handle: 'quietriver', opener: '', closer: '' },
  { handle: 'mk_walsh', opener: 'Quick one.', closer: 'Cheers.' },
  { handle: 'tessellate', opener: '', closer: 'Hope that helps.' },
  { handle: 'old_hand_77', opener: 'Been following this for years.', closer: '' },
  { handle: 'lurker_no_more', opener: 'First post here.', closer: 'Thanks all.' },
  { handle: 'brightside', opener: '', closer: ':)' },
  { handle: 'n.okafor', opener: 'For what it is worth:', closer: '' },
  { handle: 'fenwick', opener: '', closer: 'Happy to be corrected.' },
  { handle: 'graphite', opener: 'Short answer:', closer: '' },
  { handle: 'hollis_j', opener: '', closer: 'Just my two cents.' },
  { handle: 'marigold', opener: 'Good question.', closer: '' },
  { handle: 'vantage', opener: '', closer: '' },
];
