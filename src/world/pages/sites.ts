/**
 * A world's sites: at least 12, drawn deterministically from the theme's own seeds and the generic
 * pools (site-pools.ts), each with its own URL scheme, title format and house style.
 */
import { kebab, slug, type DateStyle, type NumberStyle } from '../../format.js';
import type { Rng } from '../../rng.js';
import type { SiteGenre } from '../../themes/spec/parts.js';
import type { ThemeDef } from '../../themes/_define.js';
import { drawHouseNotes, type HouseNotes } from './house-notes.js';
import { BYLINES, SITE_POOLS, STAFF_FAMILY, STAFF_GIVEN, TITLE_SEPARATORS, URL_SCHEMES, type PoolSite } from './site-pools.js';

export interface Site {
  name: string;
  host: string;
  city: string;
  genre: SiteGenre;
  /** Path template (site-pools.ts URL_SCHEMES). */
  scheme: string;
  /** Between a page's heading and the site's name in its title. */
  sep: string;
  byline: string;
  dateStyle: DateStyle;
  num: NumberStyle;
  /** Writers, editors and press officers of the site. */
  staff: string[];
  /** The site's own licence, method and register notices (house-notes.ts), the same on each of its pages. */
  notes: HouseNotes;
}

/** How many sites of each genre a world has (16 in all). */
export const SITE_COUNTS: Record<SiteGenre, number> = {
  encyclopedia: 2,
  news: 3,
  press_release: 1,
  forum: 2,
  data: 2,
  review: 2,
  list_article: 1,
  faq: 1,
  registry: 1,
  background: 1,
};

export type WorldSites = Record<SiteGenre, Site[]>;

/** The theme's own sites first (siteSeeds, then its legacy four), then the generic pool in a drawn order. */
function candidates(theme: ThemeDef, genre: SiteGenre, rng: Rng): PoolSite[] {
  const own: PoolSite[] = (theme.siteSeeds ?? []).filter((s) => s.genres.includes(genre)).map((s) => ({ name: s.name, host: s.host, city: '' }));
  const legacy = { encyclopedia: theme.sites?.encyclopedia, news: theme.sites?.news, data: theme.sites?.lists, forum: theme.sites?.forum } as Partial<
    Record<SiteGenre, { name: string; host: string } | undefined>
  >;
  const old = legacy[genre];
  if (old) own.push({ name: old.name, host: old.host, city: '' });
  return [...own, ...rng.shuffle(SITE_POOLS[genre])];
}

export function drawSites(theme: ThemeDef, rng: Rng): WorldSites {
  const hosts = new Set<string>();
  const out = {} as WorldSites;
  const cities = Object.values(SITE_POOLS)
    .flat()
    .map((s) => s.city)
    .filter(Boolean);
  for (const genre of Object.keys(SITE_COUNTS) as SiteGenre[]) {
    const schemes = rng.shuffle(URL_SCHEMES[genre]);
    const list: Site[] = [];
    for (const c of candidates(theme, genre, rng)) {
      if (list.length >= SITE_COUNTS[genre]) break;
      if (hosts.has(c.host)) continue;
      hosts.add(c.host);
      const given = rng.shuffle(STAFF_GIVEN);
      const family = rng.shuffle(STAFF_FAMILY);
      list.push({
        ...c,
        city: c.city || rng.pick(cities),
        genre,
        scheme: schemes[list.length % schemes.length]!,
        sep: rng.pick(TITLE_SEPARATORS),
        byline: rng.pick(BYLINES),
        dateStyle: rng.pick([0, 0, 1, 2] as const),
        num: genre === 'data' || genre === 'registry' ? rng.pick([0, 1] as const) : rng.chance(0.85) ? 0 : 1,
        staff: [0, 1, 2, 3].map((i) => `${given[i]} ${family[i]}`),
        notes: drawHouseNotes(rng.fork(`house:${c.host}`), c.name),
      });
    }
    out[genre] = list;
  }
  return out;
}

export function allSites(sites: WorldSites): Site[] {
  return Object.values(sites).flat();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A page URL on `site` from its scheme: the heading, the page date and a number unique on the site. */
export function siteUrl(site: Site, heading: string, date: string | null, n: number): string {
  const [y, m, d] = (date ?? '2000-01-01').split('-');
  const path = site.scheme
    .replace('{slug}', slug(heading))
    .replace('{kebab}', kebab(heading).slice(0, 80).replace(/-+$/, ''))
    .replace('{yyyy}', y!)
    .replace('{mm}', pad(Number(m)))
    .replace('{dd}', pad(Number(d)))
    .replace('{n}', String(n));
  return `https://${site.host}${path}`;
}

export function siteTitle(site: Site, heading: string): string {
  return `${heading}${site.sep}${site.name}`;
}
