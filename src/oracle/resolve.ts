/**
 * Finding stated values: for each need (an entity and the attribute wanted, or several readings of
 * one), search for the entity and the attribute, then open the result most likely to state the most
 * outstanding needs. A ranking by that attribute, or a list item that leads with the entity and names
 * the attribute, is certain; when no result is, the oracle looks for the list of the entity's kind
 * ("list of phone models", the kind read from list and ranking titles that name the entity), then
 * opens the best page it has, then tries the bare name. Repeats until every need is met or nothing is
 * left to try, within the budget.
 */
import type { Browser, SearchHit } from './browser.js';
import { headingNoun } from './knowledge.js';
import { withoutSite } from './page-read.js';

export interface Want {
  name: string;
  label: string;
}

/** One value wanted; met when any alternative reading has a stated value. */
export interface Need {
  alternatives: Want[];
}

/** A hit score at or above this means the page states the value (barring a fault). */
export const CERTAIN = 5;

const lower = (s: string) => s.toLowerCase();

export function met(b: Browser, need: Need): { want: Want; value: string } | null {
  for (const want of need.alternatives) {
    const value = b.knowledge.value(want.name, want.label);
    if (value !== undefined) return { want, value };
  }
  return null;
}

/** What hitScore reads of a hit whatever is wanted: its heading and snippet lower-cased, and the heading's shape. */
interface HitText {
  heading: string;
  snippet: string;
  ranked: RegExpExecArray | null;
  group: string | undefined;
  listLike: boolean;
}

const hitTexts = new WeakMap<SearchHit, HitText>();

/** A hit's HitText, read once per hit (a hit is scored against every want, round after round). */
function readHit(hit: SearchHit): HitText {
  let t = hitTexts.get(hit);
  if (t) return t;
  const heading = lower(withoutSite(hit.title)).replace(/ \(\d{4}\)$/, '');
  const snippet = lower(hit.snippet);
  t = {
    heading,
    snippet,
    ranked: /^(.+) ranked by (.+)$/.exec(heading),
    // A list of one group ("Clinical trials of Jolpeilormab"): its snippet is cut from list items or its introduction.
    group: /^[^,]+? of ([^,]+)$/.exec(heading)?.[1],
    listLike: snippet.includes(' — ') || snippet.includes('this list covers'),
  };
  hitTexts.set(hit, t);
  return t;
}

/**
 * How likely opening `hit` states `want`. `nouns` are the kinds the entity is known to be filed under;
 * `near(g)` says whether something read so far names the entity together with `g` (so a list of the
 * entity's kind "of g" is likely to hold it).
 */
export function hitScore(hit: SearchHit, want: Want, nouns: readonly string[] = [], near: (g: string) => boolean = () => false): number {
  const { heading, snippet, ranked, group, listLike } = readHit(hit);
  const name = lower(want.name);
  const label = lower(want.label);
  let s = 0;
  // A ranking by the attribute states it for every row of its kind: certain when the entity is of that kind.
  if (ranked) s = ranked[2] !== label ? 0 : snippet.includes(name) || nouns.includes(ranked[1]!) ? 6 : 3;
  else if (snippet.includes(`${name} — `) && snippet.includes(`${label}: `)) s = 6;
  else if (nouns.some((n) => heading === `list of ${n}`)) s = 5;
  else if (nouns.some((n) => heading.startsWith(`${n} of `) && near(heading.slice(n.length + 4)))) s = 5;
  else if (snippet.includes(`the ${label} of ${name} is`)) s = 5;
  else if (snippet.includes(`${name} — `)) s = 4;
  else if (group && group !== name && listLike && near(group)) s = 3;
  else if (snippet.includes(`${name} (`)) s = 2;
  else if (heading.startsWith('list of ')) s = 2;
  else if (heading === name) s = 1;
  return s > 0 ? s - hit.rank * 0.01 : 0;
}

/** Kinds a hit files `name` under: a list or ranking whose snippet shows the entity's item. */
function nounFromHit(hit: SearchHit, name: string): string | null {
  if (!readHit(hit).snippet.includes(`${lower(name)} — `)) return null;
  return headingNoun(withoutSite(hit.title));
}

export interface ResolveOptions {
  /** The needs' entities are of one kind (a comparison's candidates): what one is filed under, all are. */
  sameKind?: boolean;
}

/** Meet as many needs as the budget allows. Returns the needs still unmet. */
export async function resolveNeeds(b: Browser, needs: readonly Need[], opts: ResolveOptions = {}): Promise<Need[]> {
  const hits: SearchHit[] = [];
  /** 1: searched "<name> <label>"; 2: bare name searched; 3: second page seen; 4: the site's lists seen. */
  const stage = new Map<Need, number>();
  const asked = (q: string) => b.asked.has(lower(q.trim()));
  /** Each hit's snippet, lower-cased once. */
  const snippets = new Map<SearchHit, string>();
  const ids = new Map<SearchHit, number>();
  const addHits = (found: SearchHit[]) => {
    for (const h of found) {
      ids.set(h, hits.length);
      hits.push(h);
      snippets.set(h, lower(h.snippet));
    }
  };
  const search = async (queries: string[]) => addHits((await b.search(queries)).flat());
  // Scores hold while neither the hits nor the knowledge change: one round of the loop (each round ends
  // with a search or an open, or returns). Kept per round, they are computed once per hit and want.
  let scores = new Map<string, number>();
  let naming = new Map<string, string[]>();
  const score = (h: SearchHit, w: Want) => {
    const k = `${ids.get(h)}\u0000${w.name}\u0000${w.label}`;
    const had = scores.get(k);
    if (had !== undefined) return had;
    const name = lower(w.name);
    const withName =
      naming.get(name) ??
      naming
        .set(
          name,
          [...snippets.values()].filter((x) => x.includes(name)),
        )
        .get(name)!;
    const near = (g: string) => b.knowledge.coMentioned(w.name, g) || withName.some((x) => x.includes(g));
    const s = hitScore(h, w, b.knowledge.nounsOf(w.name), near);
    scores.set(k, s);
    return s;
  };
  for (;;) {
    scores = new Map();
    naming = new Map();
    const pending = needs.filter((n) => !met(b, n));
    if (pending.length === 0 || b.left === 0) return pending;
    // 2. Learn the kinds the entities are filed under from the hits.
    for (const n of pending)
      for (const w of n.alternatives)
        for (const h of hits) {
          const noun = nounFromHit(h, w.name);
          if (noun) b.knowledge.noteNoun(w.name, noun);
        }
    if (opts.sameKind) {
      const shared = new Set(needs.flatMap((n) => n.alternatives.flatMap((w) => b.knowledge.nounsOf(w.name))));
      for (const n of pending) for (const w of n.alternatives) for (const noun of shared) b.knowledge.noteNoun(w.name, noun);
    }
    const totals = new Map<string, number>();
    let certain = 0;
    for (const n of pending) {
      const best = new Map<string, number>();
      for (const h of hits) {
        if (b.knowledge.hasOpened(h.url)) continue;
        const s = Math.max(...n.alternatives.map((w) => score(h, w)));
        if (s > (best.get(h.url) ?? 0)) best.set(h.url, s);
      }
      for (const [url, s] of best) {
        totals.set(url, (totals.get(url) ?? 0) + s);
        if (s >= CERTAIN) certain = Math.max(certain, s);
      }
    }
    const ranked = [...totals].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
    // 3. Open a page certain to state something wanted.
    if (certain > 0) {
      const pick = ranked.find(([url]) => pending.some((n) => hits.some((h) => h.url === url && n.alternatives.some((w) => score(h, w) >= CERTAIN))));
      if (pick) {
        await b.open(pick[0]);
        continue;
      }
    }
    // 1. Search for needs not searched yet: "<name> <label>", one batch call. After a page certain to state
    // some of them (3), so that a table stating many at once is read before the rest are searched one by one.
    const fresh = pending.filter((n) => !stage.has(n));
    if (fresh.length > 0) {
      const queries: string[] = [];
      for (const n of fresh) {
        const qs = n.alternatives.map((w) => `${w.name} ${w.label}`);
        if (queries.length + qs.filter((q) => !queries.includes(q)).length > 8 && queries.length > 0) break;
        for (const q of qs) if (!queries.includes(q)) queries.push(q);
        stage.set(n, 1);
      }
      // Room left in the batch: the bare names too (their results show the lists and rankings naming them).
      for (const n of fresh) for (const w of n.alternatives) if (queries.length < 8 && !queries.includes(w.name) && !asked(w.name)) queries.push(w.name);
      await search(queries.slice(0, 8));
      continue;
    }
    // 4. Look for the list of the entities' kind, and for lists of that kind naming them.
    const nounsOf = (n: Need) => n.alternatives.flatMap((w) => b.knowledge.nounsOf(w.name).map((noun) => ({ noun, name: w.name })));
    const listQueries = [
      ...new Set([
        ...pending.flatMap((n) => nounsOf(n).map(({ noun }) => `list of ${noun}`)),
        ...pending.flatMap((n) => nounsOf(n).map(({ noun, name }) => `${noun} ${name}`)),
      ]),
    ].filter((q) => !asked(q));
    if (listQueries.length > 0) {
      await search(listQueries.slice(0, 8));
      continue;
    }
    // 5. Open the most promising page left.
    if (ranked.length > 0) {
      await b.open(ranked[0]![0]);
      continue;
    }
    // 6. Search the bare names, then look at their second page of results, then at the site's lists.
    const next = Math.min(...pending.map((n) => stage.get(n) ?? 1));
    if (next >= 4) return pending;
    const now = pending.filter((n) => (stage.get(n) ?? 1) === next);
    for (const n of now) stage.set(n, next + 1);
    const names = [...new Set(now.flatMap((n) => n.alternatives.map((w) => w.name)))];
    if (next === 1) await search(names.filter((q) => !asked(q)).slice(0, 8));
    else if (next === 2) addHits((await b.search(names.slice(0, 8), 2)).flat());
    else if (!asked('list of')) await search(['list of']);
  }
}
