/**
 * What every family solver does with the web: find every entity of a kind (a page that lists it whole:
 * the kind's list, else the lists of each parent), read attributes of named entities (resolve.ts), and
 * pick the entities a description fits, condition by condition, reading linked entities for `via`
 * and `within_years` and the whole kind for `rank`. Only what pages state is used; a value a page
 * marks as not disclosed ("—") is known to be absent and is not searched for.
 */
import type { Condition, Described, EntityRef } from '../tasks/families/reading.js';
import type { Browser } from './browser.js';
import { findMembers, membersOnPage, nounForms } from './members.js';
import { withoutSite } from './page-read.js';
import { resolveNeeds, type Need } from './resolve.js';
import { kindOf, labelType, linkTarget, type Vocabulary } from './vocabulary.js';
import { dayOf, meets, sortKey } from './written.js';

export interface SolveContext {
  b: Browser;
  vocabulary: Vocabulary;
}

const key = (s: string) => s.trim().toLowerCase();

/** Every entity of `kind` a page lists whole, or null when no page within reach does. */
export async function allOf(ctx: SolveContext, kind: string): Promise<string[] | null> {
  const kv = kindOf(ctx.vocabulary, kind);
  const noun = kv?.plural ?? kind;
  const whole = await findMembers(ctx.b, { noun, scope: null });
  if (whole && whole.length > 0) return whole;
  // No list of the whole kind: the lists of each parent ("Payloads of Compass XII"), through a link whose parents have them.
  if (!kv) return null;
  for (const [link, l] of kv.labels) {
    if (!l.to || key(l.to) === key(kv.kind) || ctx.b.left === 0) continue;
    const parents = await allOf(ctx, l.to);
    if (!parents || parents.length === 0) continue;
    const found = await groupLists(ctx, noun, link, parents);
    if (found) return found;
  }
  return null;
}

/**
 * The members of every parent's list ("<plural> of <parent>"), searched 8 parents to a call and each
 * list opened; null when the first batch shows no such list (the link is not how the kind is filed).
 */
async function groupLists(ctx: SolveContext, noun: string, link: string, parents: readonly string[]): Promise<string[] | null> {
  const b = ctx.b;
  const forms = nounForms(noun);
  const out: string[] = [];
  let seen = 0;
  for (let at = 0; at < parents.length && b.left > 0; at += 8) {
    const batch = parents.slice(at, at + 8);
    const hits = (await b.search(batch.map((p) => `${noun} of ${p}`))).flat();
    for (const parent of batch) {
      const want = forms.map((f) => `${f} of ${key(parent)}`);
      const hit = hits.find((h) => want.includes(key(withoutSite(h.title).replace(/ \(\d{4}\)$/, ''))));
      if (!hit) continue;
      seen++;
      const page = await b.open(hit.url);
      const members = page ? membersOnPage(page, { noun, scope: { link, parent } }) : null;
      for (const m of members ?? []) if (!out.includes(m)) out.push(m);
    }
    if (seen === 0) return null;
  }
  return b.left > 0 || out.length > 0 ? out : null;
}

/**
 * Every entity of `kind` in the order of `label`, from a ranking page that ranks them all ("Companies
 * ranked by annual revenue (2034)": it says how many it ranks); null when none is found.
 */
export async function rankedWhole(ctx: SolveContext, kind: string, label: string): Promise<string[] | null> {
  const noun = kindOf(ctx.vocabulary, kind)?.plural ?? kind;
  const want = `${key(noun)} ranked by ${key(label)}`;
  const whole = (p: { heading: string; rankCount?: number; items: unknown[] }) =>
    key(p.heading.replace(/ \(\d{4}\)$/, '')) === want && p.rankCount !== undefined && p.rankCount === p.items.length;
  const known = ctx.b.knowledge.pages.find(whole);
  if (known) return known.items.map((i) => i.name);
  if (ctx.b.left < 2) return null;
  const ranking = (h: { title: string }) => key(withoutSite(h.title).replace(/ \(\d{4}\)$/, '')) === want;
  const query = `${noun} ranked by ${label}`;
  const seen = ctx.b.hits.find(ranking);
  if (!seen && ctx.b.asked.has(key(query))) return null;
  const hit = seen ?? (await ctx.b.search([query])).flat().find(ranking);
  if (!hit) return null;
  const page = await ctx.b.open(hit.url);
  return page && whole(page) ? page.items.map((i) => i.name) : null;
}

/** The kinds a description reads (its own, and those its links lead to), with the labels it ranks by. */
function kindsRead(v: Vocabulary, d: Described, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const ranks = out.get(d.kind) ?? out.set(d.kind, new Set()).get(d.kind)!;
  for (const c of d.conditions) {
    if (c.op === 'rank') ranks.add(c.label);
    else if (c.op === 'via') kindsRead(v, { kind: c.target.kind || linkTarget(v, c.link, d.kind) || '', conditions: c.target.conditions }, out);
    else if (c.op === 'within_years') {
      const to = linkTarget(v, c.link, d.kind);
      if (to && !out.has(to)) out.set(to, new Set());
    }
  }
  return out;
}

/**
 * One search call, made ahead, for the lists of every kind a description reads and the rankings it
 * ranks by: the pages later steps open without searching each (at most 8 queries, the batch limit).
 */
export async function searchAhead(ctx: SolveContext, described: readonly Described[], extra: readonly string[] = []): Promise<void> {
  const queries: string[] = [];
  for (const d of described)
    for (const [kind, ranks] of kindsRead(ctx.vocabulary, d)) {
      const noun = kindOf(ctx.vocabulary, kind)?.plural ?? kind;
      queries.push(`list of ${noun}`);
      for (const label of ranks) queries.push(`${noun} ranked by ${label}`);
    }
  queries.push(...extra);
  const fresh = [...new Set(queries)].filter((q) => !ctx.b.asked.has(key(q)));
  if (fresh.length > 1 && ctx.b.left > 1) await ctx.b.search(fresh.slice(0, 8));
}

/**
 * Open the list of `kind` without a search: a result seen so far, else a link on a page read ("List of
 * drug candidates (2033)" from a trial's article); failing both, with several `members` to read, the
 * article of one of them that a page read links to, and the list it links to. Its rows' values are then
 * known at once.
 */
export async function openSeenList(ctx: SolveContext, kind: string, members: readonly string[] = []): Promise<void> {
  const b = ctx.b;
  const noun = kindOf(ctx.vocabulary, kind)?.plural ?? kind;
  const forms = nounForms(noun);
  const isList = (title: string) => forms.some((f) => key(withoutSite(title).replace(/ \(\d{4}\)$/, '')) === `list of ${f}`);
  const linked = () => b.knowledge.pages.flatMap((p) => p.links).find((l) => !b.knowledge.hasOpened(l.url) && isList(l.anchor));
  const hit = b.hits.find((h) => !b.knowledge.hasOpened(h.url) && isList(h.title)) ?? linked();
  if (hit) {
    if (b.left > 0) await b.open(hit.url);
    return;
  }
  if (members.length < 3 || b.left < 2) return;
  const names = new Set(members.map(key));
  const article = b.knowledge.pages.flatMap((p) => p.links).find((l) => !b.knowledge.hasOpened(l.url) && names.has(key(l.anchor)));
  if (!article) return;
  await b.open(article.url);
  const list = linked();
  if (list && b.left > 0) await b.open(list.url);
}

/** The value of `label` for `name` as read so far ('' when a page marks it not disclosed), or undefined. */
export function statedValue(ctx: SolveContext, name: string, label: string): string | undefined {
  return ctx.b.knowledge.value(name, label) ?? (ctx.b.knowledge.isBlank(name, label) ? '' : undefined);
}

/** Read `labels` of every entity in `names` (what is not known yet), within the budget. */
export async function read(ctx: SolveContext, names: readonly string[], labels: readonly string[]): Promise<void> {
  const needs: Need[] = [];
  for (const name of names) for (const label of labels) if (statedValue(ctx, name, label) === undefined) needs.push({ alternatives: [{ name, label }] });
  if (needs.length > 0) await resolveNeeds(ctx.b, needs, { sameKind: true });
}

/** The labels read directly off the candidates by a list of conditions (links included). */
function ownLabels(conditions: readonly Condition[]): string[] {
  const out = new Set<string>();
  for (const c of conditions) {
    if (c.op === 'via') out.add(c.link);
    else if (c.op === 'within_years') {
      out.add(c.label);
      out.add(c.link);
    } else out.add(c.label);
  }
  return [...out];
}

const addYears = (iso: string, years: number) => `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;

/** The entities of `pool` (default: every entity of the kind) that meet every condition of `d`. */
export async function select(ctx: SolveContext, d: Described, pool?: readonly string[]): Promise<string[]> {
  let members: string[] | null = pool ? [...pool] : await allOf(ctx, d.kind);
  if (!members) return [];
  // Several linked entities to read: their kind's list, when one was seen, states them all at once.
  const unread = pool ? members.filter((m) => ownLabels(d.conditions).some((l) => statedValue(ctx, m, l) === undefined)) : [];
  if (unread.length > 1) await openSeenList(ctx, d.kind, unread);
  const v = ctx.vocabulary;
  // Cheap conditions first: those read off the candidates themselves narrow what links are followed.
  const order = (c: Condition) => (c.op === 'via' ? 3 : c.op === 'within_years' ? 2 : c.op === 'rank' ? 1 : 0);
  const conditions = [...d.conditions].sort((a, b) => order(a) - order(b));
  await read(ctx, members, ownLabels(conditions.filter((c) => c.op !== 'rank')));
  for (const c of conditions) {
    if (members.length === 0) break;
    if (c.op !== 'rank' && c.op !== 'within_years' && c.op !== 'via') {
      const type = labelType(v, c.label, d.kind);
      await read(ctx, members, [c.label]);
      members = members.filter((m) => {
        const s = statedValue(ctx, m, c.label);
        return s !== undefined && s !== '' && meets(c, s, type) === true;
      });
    } else if (c.op === 'rank') {
      const all: string[] = (await rankedWhole(ctx, d.kind, c.label)) ?? (await allOf(ctx, d.kind)) ?? members;
      await read(ctx, all, [c.label]);
      const type = labelType(v, c.label, d.kind);
      const keyed: { name: string; k: number }[] = all
        .map((name) => ({ name, k: sortKey(statedValue(ctx, name, c.label) ?? '', type) }))
        .filter((x): x is { name: string; k: number } => x.k !== null)
        .sort((a, b) => (c.order === 'highest' ? b.k - a.k : a.k - b.k) || (a.name < b.name ? -1 : 1));
      const at: string | undefined = keyed[c.n - 1]?.name;
      members = members.filter((m) => key(m) === key(at ?? '\u0000'));
    } else if (c.op === 'within_years') {
      await read(ctx, members, [c.label, c.link]);
      const others: string[] = [...new Set(members.map((m) => statedValue(ctx, m, c.link)).filter((x): x is string => !!x))];
      const otherKind = linkTarget(v, c.link, d.kind);
      const unread = others.filter((o) => statedValue(ctx, o, c.otherLabel) === undefined);
      if (otherKind && unread.length > 1) await openSeenList(ctx, otherKind, unread);
      await read(ctx, others, [c.otherLabel]);
      members = members.filter((m) => {
        const own = dayOf(statedValue(ctx, m, c.label) ?? '');
        const other = statedValue(ctx, m, c.link);
        const base = other ? dayOf(statedValue(ctx, other, c.otherLabel) ?? '') : null;
        return own !== null && base !== null && own >= addYears(base, -c.years) && own <= addYears(base, c.years);
      });
    } else {
      await read(ctx, members, [c.link]);
      const targets: string[] = [...new Set(members.map((m) => statedValue(ctx, m, c.link)).filter((x): x is string => !!x))];
      const kind = c.target.kind || linkTarget(v, c.link, d.kind) || '';
      const fit = new Set((await select(ctx, { kind, conditions: c.target.conditions }, targets)).map(key));
      members = members.filter((m) => fit.has(key(statedValue(ctx, m, c.link) ?? '')));
    }
  }
  return members;
}

/** The one entity a reference names or describes, or null (with how many fit a description). */
export async function resolveRef(ctx: SolveContext, ref: EntityRef): Promise<{ name: string | null; fits: number }> {
  if ('name' in ref) return { name: ctx.b.knowledge.knownName(ref.name) ?? ref.name, fits: 1 };
  const fit = await select(ctx, ref);
  return { name: fit.length === 1 ? fit[0]! : null, fits: fit.length };
}
