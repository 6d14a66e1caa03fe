/**
 * What the guard knows about one task of one world, built once and cached: the answer detector, the
 * answer facts, the entities a related query must name, and per-passage verdicts. It also holds the
 * one definition of "this text shows the answer" that the guard, its backstop and the audit share:
 * a detection the exemption does not cover.
 *
 * The exemption: a form the detector finds is allowed when a non-answer fact stated by the passage it
 * came from covers it (the fact's subject or value is written over the same text). A name is exempt
 * under any such fact (a brand that is the answer still appears on its other products' pages); a
 * number or date only under a fact whose value differs from the answer's (a rounded form of another
 * value), never under a fact with the same value (an aggregate also stated as a total, or a twin).
 */
import { loadFacts } from '../db/load.js';
import { FictionError } from '../errors.js';
import { formatShortDate } from '../format.js';
import type { PageRecord, PassageRecord } from '../search/types.js';
import type { SearchWorld } from '../search/world-index.js';
import { alnum, fold } from '../text/fold.js';
import { boundedCache } from '../util/bounded-cache.js';
import type { Fact, Task } from '../world/types.js';
import { createDetector, createFactDetector, createValueDetector, type Detection, type Detector } from './detector.js';
import type { Relatedness } from './relatedness.js';
import { shownPart } from './shown-part.js';
import { familyPolicy, protectedFacts, type FamilyPolicy } from './family-policy.js';
import { referrersOf, selfStatingNames, statingNamesOf } from './stating-names.js';

/** Facts of a world, indexed once per open world and shared by every task's context. */
export interface WorldFacts {
  byId: Map<number, Fact>;
  byRow: Map<string, Fact[]>;
  detectors: Map<number, Detector>;
  /** Folded letters and digits of each fact's subject and value. */
  keys: Map<number, { subject: string; object: string }>;
  contexts: Map<string, GuardContext>;
  /** Every subject and entity value of the world, as names (made on first need). */
  names?: Detector;
  /** Names of the entities that refer to each entity, folded (stating-names.ts; made on first need). */
  referrers?: Map<string, string[]>;
}

const worlds = new WeakMap<SearchWorld, WorldFacts>();

/** Passage and page ids below this are kept in typed arrays (a world has a few thousand passages). */
const MAX_DENSE_ID = 1 << 20;

/**
 * Set `arr[id] = value`, growing the array when `id` is past its end: the array to keep (the same one or
 * a grown copy), or null when `id` is not a small non-negative integer (the caller keeps it elsewhere).
 */
function denseSet(arr: Uint8Array<ArrayBuffer>, id: number, value: number): Uint8Array<ArrayBuffer> | null {
  if (!Number.isInteger(id) || id < 0 || id >= MAX_DENSE_ID) return null;
  let out = arr;
  if (id >= arr.length) {
    let n = arr.length;
    while (n <= id) n *= 2;
    out = new Uint8Array(n);
    out.set(arr);
  }
  out[id] = value;
  return out;
}

function worldFacts(world: SearchWorld): WorldFacts {
  let wf = worlds.get(world);
  if (!wf) {
    const facts = loadFacts(world.world);
    const byRow = new Map<string, Fact[]>();
    for (const f of facts) {
      const key = `${f.sourceTable}:${f.sourceRowid}`;
      const list = byRow.get(key);
      if (list) list.push(f);
      else byRow.set(key, [f]);
    }
    wf = { byId: new Map(facts.map((f) => [f.id, f])), byRow, detectors: new Map(), keys: new Map(), contexts: new Map() };
    worlds.set(world, wf);
  }
  return wf;
}

/** What a text shows of the answer: answer facts by provenance, and detections not exempted. */
export interface Exposure {
  factIds: number[];
  detections: Detection[];
}
// Exposures returned by GuardContext may be cached and shared: callers read them and build new ones.

export const exposes = (e: Exposure) => e.factIds.length > 0 || e.detections.length > 0;

/** An exposure made read-only (its arrays too), to be shared. */
function frozen(e: Exposure): Exposure {
  Object.freeze(e.factIds);
  Object.freeze(e.detections);
  return Object.freeze(e);
}

/** The exposure of a text that shows nothing. */
const NOTHING = frozen({ factIds: [], detections: [] });

export class GuardContext {
  readonly task: Task;
  readonly detector: Detector;
  /** Every answer fact: the evidence of the answer (protected facts and the work). */
  readonly answerFactIds: ReadonlySet<number>;
  /** The answer facts the task's family policy protects (family-policy.ts): the view hides their passages. */
  readonly protectedFactIds: ReadonlySet<number>;
  /** Folded subjects of the protected facts: a composite name containing one and the answer states it. */
  private readonly protectedSubjects: readonly string[];
  /** Both sides of each protected fact between two names (subject, value), folded. */
  private readonly pairs: readonly (readonly [string, string])[];
  /** Page ids whose title names one side of a protected fact, with the other side to look for. */
  private readonly titleSides = new Map<number, string[]>();
  /** Folded answer names that state a protected fact of their own (their value is part of the name). */
  private readonly selfStating: ReadonlySet<string>;
  /**
   * Folded names of entities that refer to a protected fact's subject and hold its value ("Bluevale
   * Software", a segment of the software company Bluevale Inc): wherever written, they state the fact.
   */
  readonly statingNames: readonly string[];
  readonly policy: FamilyPolicy;
  /** Subjects of answer facts and the entities their rows refer to: a related query names one. */
  readonly entities: Detector;
  readonly entityNames: readonly string[];
  /**
   * Passage verdicts by passage id (ids are small and dense within a world): 0 not judged yet, 1 safe,
   * 2 blocked. A typed array rather than a Map: the guard reads several per result on every search.
   */
  private verdicts = new Uint8Array(256);
  /** Verdicts of ids outside the array's reach (negative, or very large). */
  private readonly farVerdicts = new Map<number, boolean>();
  /** Page lines by page id, as `pageShows` answers: 0 not judged yet, 1 nothing, 2 the title, 3 the date. */
  private pageLines = new Uint8Array(64);
  private readonly pageFactCache = new Map<number, number[]>();
  private readonly partCache = boundedCache<string, Exposure>(4096);
  /** Snippet exposures by page, then passages and text: the same query gives the same snippets again. */
  private readonly snippetCache = boundedCache<string, Exposure>(4096);
  private readonly titleCache = new Map<number, Exposure>();
  private readonly dateCache = new Map<string, Exposure>();
  /** Query classifications by folded query (relatedness.ts). */
  readonly relatedCache = boundedCache<string, Relatedness>(4096);

  constructor(
    readonly world: SearchWorld,
    task: Task,
    private readonly facts: WorldFacts,
  ) {
    this.task = task;
    this.detector = createDetector(task);
    this.answerFactIds = new Set(task.answerFactIds);
    this.policy = familyPolicy(task.kind);
    const answerFacts = task.answerFactIds.map((id) => facts.byId.get(id)).filter((f): f is Fact => f !== undefined);
    const guarded = protectedFacts(task, answerFacts);
    this.protectedFactIds = new Set(guarded.map((f) => f.id));
    this.protectedSubjects = [...new Set(guarded.map((f) => fold(f.subject)))];
    this.pairs = guarded
      .filter((f) => f.objectType === 'entity' || f.objectType === 'text')
      .map((f) => [fold(f.subject), fold(f.object)] as const)
      .filter(([a, b]) => alnum(a).length >= 3 && alnum(b).length >= 3 && a !== b);
    this.selfStating = selfStatingNames(guarded);
    this.statingNames = this.pairs.length === 0 ? [] : statingNamesOf(this.pairs, (facts.referrers ??= referrersOf(facts.byId.values())));
    const answerNames = new Set(this.detector.items.flatMap((i) => i.names));
    const names = new Set<string>();
    for (const f of answerFacts) {
      names.add(f.subject);
      if (this.policy.relatedBy === 'rows')
        for (const g of facts.byRow.get(`${f.sourceTable}:${f.sourceRowid}`) ?? []) if (g.objectType === 'entity') names.add(g.object);
    }
    // When the answer is one of the candidates the work checks, naming it is naming a candidate.
    this.entityNames = [...names].filter((n) => !this.policy.stripAnswer || !answerNames.has(fold(n))).sort();
    this.entities = createValueDetector(this.entityNames.map((n) => ({ value: n, type: 'text' as const })));
  }

  /** A detector of every name of the world (fact subjects and entity values), shared by the world's tasks. */
  get worldNames(): Detector {
    if (!this.facts.names) {
      const names = new Set<string>();
      for (const f of this.facts.byId.values()) {
        names.add(f.subject);
        if (f.objectType === 'entity') names.add(f.object);
      }
      this.facts.names = createValueDetector([...names].sort().map((n) => ({ value: n, type: 'text' as const })));
    }
    return this.facts.names;
  }

  fact(id: number): Fact | undefined {
    return this.facts.byId.get(id);
  }

  private factDetector(id: number): Detector | undefined {
    let d = this.facts.detectors.get(id);
    if (!d) {
      const f = this.facts.byId.get(id);
      if (!f) return undefined;
      d = createFactDetector(f);
      this.facts.detectors.set(id, d);
    }
    return d;
  }

  /** Is `subject` a composite name holding the answer form `form` and the subject of a protected fact? */
  private composite(subject: string, form: string): boolean {
    const s = fold(subject);
    if (s === form || !s.includes(form)) return false;
    return this.protectedSubjects.some((p) => p !== form && p !== s && s.includes(p));
  }

  /** A cheap pre-check: can this fact's subject or value be written over a form of this kind? */
  private mayCover(fact: Fact, kind: Detection['kind'], key: string): boolean {
    let k = this.facts.keys.get(fact.id);
    if (!k) {
      k = { subject: alnum(fold(fact.subject)), object: alnum(fold(fact.object)) };
      this.facts.keys.set(fact.id, k);
    }
    if (k.subject.includes(key)) return true;
    if (kind === 'name') return (fact.objectType === 'text' || fact.objectType === 'entity') && k.object.includes(key);
    if (kind === 'number') return fact.objectType === 'integer' || fact.objectType === 'real';
    return fact.objectType === 'date';
  }

  /** Is a detection covered by a non-answer fact among `factIds` written over the same text? */
  private exempt(det: Detection, folded: string, factIds: readonly number[], memo: Map<number, Detection[]>, stated: boolean): boolean {
    const item = this.detector.items[det.item]!;
    if (det.kind === 'name' && this.selfStating.size > 0 && item.names.some((n) => this.selfStating.has(n))) return false;
    const key = alnum(det.form);
    for (const id of factIds) {
      if (this.protectedFactIds.has(id)) continue;
      const fact = this.facts.byId.get(id);
      if (!fact || !this.mayCover(fact, det.kind, key)) continue;
      // A composite name that holds the answer and a protected fact's subject ("‹candidate› in
      // ‹district›") states that fact: it exempts nothing.
      if (det.kind === 'name' && this.composite(fact.subject, det.form)) continue;
      const fd = this.factDetector(id)!;
      let found = memo.get(id);
      if (!found) memo.set(id, (found = fd.scanFolded(folded)));
      for (const f of found) {
        if (f.start > det.start || f.end < det.end) continue;
        // Text no passage accounts for must state the other fact itself: its subject and its value, in
        // one sentence, the value written as the record writes values (digits, a date, a name): a number
        // word anywhere ("one of the best" read as a count of 1) states nothing.
        if (stated && !found.some((x) => x.item !== f.item && statesWith(folded, f, x))) continue;
        if (det.kind === 'name' || f.item === 0) return true;
        const sameValue =
          item.kind === 'number' ? Math.abs(Number(fact.object) - item.value!) <= 1e-9 * Math.max(1, Math.abs(item.value!)) : fact.object === item.text;
        if (!sameValue) return true;
      }
    }
    return false;
  }

  /**
   * Detections in `text` that no non-answer fact among `factIds` exempts. With `stated`, a fact
   * exempts a form only when the text writes both the fact's subject and its value (for text that no
   * passage accounts for: it has to state the other fact itself).
   */
  detect(text: string, factIds: readonly number[] = [], stated = false): Detection[] {
    const { folded, detections } = this.detector.scan(text);
    if (detections.length === 0) return detections;
    const memo = new Map<number, Detection[]>();
    return detections.filter((d) => !this.exempt(d, folded, factIds, memo, stated));
  }

  /** Every fact stated anywhere on a page (the exemption for titles and freely written snippets). */
  pageFacts(pageId: number): number[] {
    let ids = this.pageFactCache.get(pageId);
    if (!ids) {
      ids = [...new Set(this.world.passagesOf(pageId).flatMap((p) => p.factIds))];
      this.pageFactCache.set(pageId, ids);
    }
    return ids;
  }

  /**
   * Does a text (an earlier observation, free text of any origin) show the answer in any form the
   * detector knows, or state a protected fact (its subject and its value)? No exemption: it is judged
   * as a whole, with no passage to account for it.
   */
  statesProtected(text: string): boolean {
    const { folded, detections } = this.detector.scan(text);
    if (detections.length > 0) return true;
    for (const id of this.protectedFactIds) {
      const found = this.factDetector(id)?.scanFolded(folded) ?? [];
      if (found.some((d) => d.item === 0) && found.some((d) => d.item === 1)) return true;
    }
    return false;
  }

  /**
   * The other side of a protected fact named on a page whose title names one side ("Golden Citadel"'s
   * page naming its studio; a brand's press release naming the model): the page states the fact by
   * what it is about, whatever other fact the passage states.
   */
  private statedByContext(passage: PassageRecord): boolean {
    if (this.pairs.length === 0) return false;
    let sides = this.titleSides.get(passage.documentId);
    if (!sides) {
      const title = fold(this.world.page(passage.documentId)?.title ?? '');
      sides = this.pairs.flatMap(([a, b]) => [...(title.includes(a) ? [b] : []), ...(title.includes(b) ? [a] : [])]);
      this.titleSides.set(passage.documentId, sides);
    }
    if (sides.length === 0) return false;
    const text = fold(passage.text);
    return sides.some((side) => text.includes(side));
  }

  /** Does a page's title name both sides of a protected fact ("Tyia Devices unveils the Tyia X59"), or a name stating one? */
  titleStates(page: PageRecord): boolean {
    const title = fold(page.title);
    return this.pairs.some(([a, b]) => title.includes(a) && title.includes(b)) || this.namesStating(page.title);
  }

  /** Does `text` write a name that states a protected fact by what it holds (statingNames)? */
  private namesStating(text: string): boolean {
    if (this.statingNames.length === 0) return false;
    const t = fold(text);
    return this.statingNames.some((n) => t.includes(n));
  }

  /** `blocked` of a passage id when it is already known (a lookup only), else undefined. */
  blockedVerdict(passageId: number): boolean | undefined {
    // A typed array reads undefined at any index it does not hold (negative, fractional, past its end).
    const v = this.verdicts[passageId];
    if (v !== undefined) return v === 0 ? undefined : v === 2;
    return this.farVerdicts.get(passageId);
  }

  private remember(passageId: number, blocked: boolean): void {
    const grown = denseSet(this.verdicts, passageId, blocked ? 2 : 1);
    if (grown) this.verdicts = grown;
    else this.farVerdicts.set(passageId, blocked);
  }

  /** A passage the guard must not show for an unrelated query: it states an answer fact or shows the answer. */
  blocked(passage: PassageRecord): boolean {
    let b = this.blockedVerdict(passage.id);
    if (b === undefined) {
      b =
        passage.factIds.some((id) => this.protectedFactIds.has(id)) ||
        this.detect(passage.text, passage.factIds).length > 0 ||
        this.statedByContext(passage) ||
        this.namesStating(passage.text);
      this.remember(passage.id, b);
    }
    return b;
  }

  /**
   * Which of a page's own lines shows the answer: its title ('title'), else its date line ('date'), else
   * null. Remembered per page in a typed array: the guard asks for every candidate of every search.
   */
  pageShows(page: PageRecord): 'title' | 'date' | null {
    const v = this.pageLines[page.id];
    if (v !== undefined && v !== 0) return v === 1 ? null : v === 2 ? 'title' : 'date';
    const shows = exposes(this.titleExposure(page)) || this.titleStates(page) ? 'title' : exposes(this.dateExposure(page.published)) ? 'date' : null;
    const grown = denseSet(this.pageLines, page.id, shows === null ? 1 : shows === 'title' ? 2 : 3);
    if (grown) this.pageLines = grown;
    return shows;
  }

  /** What a page's title line shows of the answer. */
  titleExposure(page: PageRecord): Exposure {
    let e = this.titleCache.get(page.id);
    if (!e) {
      const title = this.world.passagesOf(page.id).find((p) => p.ord === 0);
      const factIds = title ? title.factIds.filter((id) => this.protectedFactIds.has(id)) : [];
      e = { factIds, detections: this.detect(page.title, this.pageFacts(page.id)) };
      this.titleCache.set(page.id, e);
    }
    return e;
  }

  /** What a page's date line shows of the answer (no exemption: a date line states no fact). */
  dateExposure(published: string | null): Exposure {
    if (!published) return NOTHING;
    let e = this.dateCache.get(published);
    if (!e) this.dateCache.set(published, (e = frozen({ factIds: [], detections: this.detector.scan(formatShortDate(published)).detections })));
    return e;
  }

  /** What one passage shows through the part of it a snippet shows: answer facts whose value the part writes, and detections. */
  partExposure(passage: PassageRecord, part: string): Exposure {
    const key = part === passage.text ? `${passage.id}` : `${passage.id}|${part}`;
    let e = this.partCache.get(key);
    if (!e) this.partCache.set(key, (e = this.partExposureUncached(passage, part)));
    return e;
  }

  private partExposureUncached(passage: PassageRecord, part: string): Exposure {
    const factIds: number[] = [];
    for (const id of passage.factIds) {
      if (!this.protectedFactIds.has(id)) continue;
      const d = this.factDetector(id);
      if (d?.scan(part).detections.some((x) => x.item === 1)) factIds.push(id);
    }
    return { factIds, detections: this.detect(part, passage.factIds) };
  }

  private addPart(out: Exposure, p: PassageRecord, part: string): void {
    const e = this.partExposure(p, part);
    out.factIds.push(...e.factIds);
    out.detections.push(...e.detections);
  }

  /**
   * What a snippet shows. Each passage it came from (`passageIds`; for a snippet a renderer wrote
   * freely, every passage of the page) is judged on the part of it the snippet shows, with that
   * passage's exemption; text no passage accounts for is exempt only where it states another fact of
   * those passages (or of the page, for free text) itself.
   */
  snippetExposure(text: string | null, passageIds: readonly number[], pageId: number): Exposure {
    if (!text) return NOTHING;
    const key = `${pageId}|${passageIds.join(',')}|${text}`;
    const seen = this.snippetCache.get(key);
    if (seen) return seen;
    // Frozen: callers share the remembered exposure, so none can change it for the next.
    const exposure = frozen(this.snippetExposureUncached(text, passageIds, pageId));
    this.snippetCache.set(key, exposure);
    return exposure;
  }

  private snippetExposureUncached(text: string, passageIds: readonly number[], pageId: number): Exposure {
    const free = passageIds.length === 0;
    const passages = free
      ? this.world.passagesOf(pageId).filter((p) => p.ord > 0)
      : passageIds.map((id) => this.world.passage(id)).filter((p): p is PassageRecord => p !== undefined);
    const out: Exposure = { factIds: [], detections: [] };
    const shown = splitShown(text, passages);
    for (const p of shown.whole) this.addPart(out, p, p.text);
    let rest = shown.rest;
    for (const p of shown.cut) {
      const part = shownPart(p.text, rest);
      if (!part) continue;
      this.addPart(out, p, part.text);
      rest = rest.replace(part.text, ' | ');
    }
    const restFacts = free ? this.pageFacts(pageId) : passages.flatMap((p) => p.factIds);
    out.detections.push(...this.detect(rest, restFacts, true));
    out.factIds = [...new Set(out.factIds)];
    return out;
  }

  /** Everything one displayed result shows of the answer. */
  resultExposure(r: { title: string; snippet: string | null; date: string | null; passageIds: readonly number[]; documentId: number }): Exposure {
    const page = this.world.page(r.documentId);
    // A page's own title is judged against the page's facts; whatever a renderer added must state its fact.
    const own = page && r.title.includes(page.title) ? this.titleExposure(page) : { factIds: [], detections: [] };
    const added = page ? r.title.replace(page.title, ' | ') : r.title;
    const title = {
      factIds: own.factIds,
      detections: [...own.detections, ...(added.trim() === '|' ? [] : this.detect(added, this.pageFacts(r.documentId), true))],
    };
    const snippet = this.snippetExposure(r.snippet, r.passageIds, r.documentId);
    const date = this.dateExposure(r.date);
    return { factIds: [...title.factIds, ...snippet.factIds], detections: [...title.detections, ...snippet.detections, ...date.detections] };
  }
}

/** A sentence end, a cut (" … ", "...") or a piece separator between two spans of a text. */
const SENTENCE_BREAK = /[.!?…|;]\s|\.\.\.|\n/;

/**
 * Does `value` (a match of a fact's value) state that fact together with `subject` (a match of its
 * subject): in the same sentence, and written with digits when it is a number?
 */
function statesWith(folded: string, subject: Detection, value: Detection): boolean {
  if (value.kind === 'number' && !/\d/.test(value.form)) return false;
  const from = Math.min(subject.end, value.end);
  const to = Math.max(subject.start, value.start);
  return to <= from || !SENTENCE_BREAK.test(folded.slice(from, to));
}

/**
 * Which of `passages` a snippet shows whole and which cut (or not at all), and the text left when the
 * whole ones are taken out. Whole passages are found longest first, so a region is never credited to
 * a passage that merely begins with the same words as the one shown, nor a passage whose text also
 * occurs inside a longer one taken for whole.
 */
export function splitShown(text: string, passages: readonly PassageRecord[]): { whole: PassageRecord[]; cut: PassageRecord[]; rest: string } {
  let rest = text;
  const whole: PassageRecord[] = [];
  const cut: PassageRecord[] = [];
  for (const p of [...passages].sort((a, b) => b.text.length - a.text.length)) {
    if (p.text.length === 0 || !rest.includes(p.text)) {
      cut.push(p);
      continue;
    }
    whole.push(p);
    rest = rest.replace(p.text, ' | ');
  }
  return { whole, cut, rest };
}

/** The guard context of a task, cached on the open world (a view's is its world's). */
export function guardContext(of: SearchWorld, taskId: string): GuardContext {
  // A view of a world (the guard's own smaller world) shares its whole world's context.
  const world = of.base;
  const wf = worldFacts(world);
  let ctx = wf.contexts.get(taskId);
  if (!ctx) {
    const task = world.task(taskId);
    if (!task) throw new FictionError('NOT_FOUND', `task ${taskId} not found in world ${world.id}`);
    ctx = new GuardContext(world, task, wf);
    wf.contexts.set(taskId, ctx);
  }
  return ctx;
}
