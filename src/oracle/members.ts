/**
 * Finding every member of a set the question describes ("every phone model", "all phone models whose
 * brand is B"): a complete list page of the table, a list page of the parent's group, or the parent's
 * encyclopedia page, which lists the rows that refer to it. A set is only returned when a page shows
 * it whole.
 */
import type { Browser, SearchHit } from './browser.js';
import { withoutSite, type PageReading } from './page-read.js';
import { escapeRegExp } from '../text/regex.js';

export interface MemberQuery {
  /** The row noun: a plural ("phone models") or a singular ("phone model"). */
  noun: string;
  scope: { link: string; parent: string } | null;
}

const lower = (s: string) => s.trim().toLowerCase();

/** The plural forms a singular or plural noun may take in a heading. */
export function nounForms(noun: string): string[] {
  const n = lower(noun);
  return [...new Set([n, `${n}s`, `${n}es`, n.replace(/y$/, 'ies'), n.replace(/s$/, ''), n.replace(/es$/, ''), n.replace(/ies$/, 'y')])];
}

const withoutYear = (heading: string) => heading.replace(/ \(\d{4}\)$/, '').trim();

function isTableList(heading: string, forms: string[]): boolean {
  const h = lower(withoutYear(heading));
  return forms.some((f) => h === `list of ${f}`);
}

function isGroupList(heading: string, forms: string[], parent: string): boolean {
  const h = lower(heading);
  return forms.some((f) => h === `${f} of ${lower(parent)}`);
}

const whole = (p: PageReading) => p.listCount !== null && p.listCount === p.items.length;

/** The members a page shows whole, or null when it does not show the whole set. */
export function membersOnPage(p: PageReading, q: MemberQuery): string[] | null {
  const forms = nounForms(q.noun);
  if (!q.scope) return isTableList(p.heading, forms) && whole(p) ? p.items.map((i) => i.name) : null;
  const { link, parent } = q.scope;
  const linked = (name: string, values: Map<string, string>) => lower(values.get(lower(link)) ?? '') === lower(parent) && name !== '';
  if (isTableList(p.heading, forms) && whole(p)) return p.items.filter((i) => linked(i.name, i.values)).map((i) => i.name);
  if (isGroupList(p.heading, forms, parent) && whole(p) && p.items.every((i) => linked(i.name, i.values))) return p.items.map((i) => i.name);
  if (lower(p.heading) === lower(parent)) {
    const sections = [...p.sections].filter(([h]) => forms.includes(lower(h)));
    if (sections.length === 0) return null;
    const named = p.items.filter((i) => linked(i.name, i.values)).map((i) => i.name);
    const inSections = new Set(sections.flatMap(([, names]) => names));
    const members = named.filter((n) => inSections.has(n));
    if (members.length > 0) return members;
    // Rows without names are listed bare: unambiguous only when one section lists them.
    return sections.length === 1 ? sections[0]![1] : null;
  }
  return null;
}

function memberHitScore(h: SearchHit, q: MemberQuery): number {
  const forms = nounForms(q.noun);
  const heading = withoutSite(h.title);
  let s = 0;
  if (isTableList(heading, forms)) s = 5;
  else if (q.scope && isGroupList(heading, forms, q.scope.parent)) s = 6;
  else if (q.scope && lower(heading) === lower(q.scope.parent)) s = 4;
  else if (lower(heading).startsWith('list of ')) s = 1;
  return s > 0 ? s - h.rank * 0.01 : 0;
}

/** The members, or null when no page within `maxOpens` opens shows the set whole. */
export async function findMembers(b: Browser, q: MemberQuery, maxOpens = 4): Promise<string[] | null> {
  const have = () => {
    for (const p of b.knowledge.pages) {
      const m = membersOnPage(p, q);
      if (m) return m;
    }
    return null;
  };
  const known = have();
  if (known) return known;
  let opens = 0;
  // A list already among the results seen (a batch of list searches made ahead) is opened without a search.
  for (const [url] of [...new Map(b.hits.map((h) => [h.url, memberHitScore(h, q)] as const))].filter(([, s]) => s >= 4).sort((x, y) => y[1] - x[1])) {
    if (opens >= maxOpens || b.left === 0) break;
    if (b.knowledge.hasOpened(url)) continue;
    opens++;
    await b.open(url);
    const m = have();
    if (m) return m;
  }
  // A plural is searched as written; a singular ("phone model") also in its plural forms.
  const forms = /s$/i.test(q.noun.trim())
    ? []
    : nounForms(q.noun)
        .filter((f) => f !== lower(q.noun))
        .slice(0, 3);
  const lists = [q.noun, ...forms].map((f) => `list of ${f}`);
  const first = q.scope
    ? [`${q.noun} ${q.scope.link} ${q.scope.parent}`, ...[q.noun, ...forms].map((f) => `${f} of ${q.scope!.parent}`), q.scope.parent, ...lists]
    : lists;
  // Results of these very queries made earlier (a batch searched ahead) count as this search's own.
  const hits: SearchHit[] = b.hits.filter((h) => first.some((f) => lower(f) === lower(h.query)));
  // A member's name as other pages state it ("mayor: Alba Stiamgrobris"): a query naming one is about the set.
  const memberQueries = () => {
    const singular = nounForms(q.noun).sort((a, b) => a.length - b.length)[0]!;
    const re = new RegExp(`(?:^|[;—(]\\s*)${escapeRegExp(singular)}: ([^;()]+?)(?=;|\\)|$)`, 'i');
    const names = new Set<string>();
    for (const h of hits) {
      const m = re.exec(h.snippet);
      if (m) names.add(m[1]!.trim());
    }
    return [...names].slice(0, 3).map((n) => `list of ${q.noun} ${n}`);
  };
  // A list the pages read so far link to ("List of business segments (2034)" from a segment's article).
  const linked = async (): Promise<string[] | null> => {
    for (const p of [...b.knowledge.pages])
      for (const l of p.links) {
        const anchor = withoutSite(l.anchor);
        if (b.knowledge.hasOpened(l.url) || !(isTableList(anchor, nounForms(q.noun)) || (q.scope && isGroupList(anchor, nounForms(q.noun), q.scope.parent))))
          continue;
        if (b.left === 0) return null;
        await b.open(l.url);
        const m = have();
        if (m) return m;
      }
    return null;
  };
  // Round 1: the lists by name; round 2: the lists beside a member, else a list linked from the best
  // page found (pages linking a list crowd its name's first page), else the lists' second page of
  // results; round 3: every list of the site.
  for (let round = 0; round < 3 && b.left > 0; round++) {
    if (round === 1 && !hits.some((h) => memberHitScore(h, q) >= 4)) {
      const viaLink = await linked();
      if (viaLink) return viaLink;
      const top = hits.find((h) => !b.knowledge.hasOpened(h.url));
      if (top && b.left > 1 && opens < maxOpens) {
        opens++;
        await b.open(top.url);
        const m = have() ?? (await linked());
        if (m) return m;
      }
    }
    const queries = round === 0 ? first : round === 1 ? memberQueries() : ['list of'];
    const fresh = queries.filter((x) => !b.asked.has(lower(x))).slice(0, 8);
    const found = hits.some((h) => memberHitScore(h, q) >= 4);
    if (round === 1 && fresh.length === 0 && !found) hits.push(...(await b.search(first.slice(0, 8), 2)).flat());
    else hits.push(...(await b.search(fresh)).flat());
    const ranked = [...new Map(hits.map((h) => [h.url, memberHitScore(h, q)] as const))]
      .filter(([, s]) => s >= (round < 2 ? 4 : 1))
      .sort((x, y) => y[1] - x[1]);
    for (const [url] of ranked) {
      if (opens >= maxOpens || b.left === 0) break;
      if (b.knowledge.hasOpened(url)) continue;
      opens++;
      await b.open(url);
      const m = have();
      if (m) return m;
    }
  }
  return null;
}
