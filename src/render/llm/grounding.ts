/**
 * The grounding check of a world model's results: every result is a page of the world that was given
 * to the model, and everything its snippet states comes from that page's own record (its title, site,
 * URL, date line and the passages given):
 *
 * - URLs and host names written in a snippet are pages or sites of the world;
 * - every date (any common form) is a date of the record;
 * - every number, in digits or in words of any size ("one", "twelve hundred"), is written as the record
 *   writes it: the whole run of numbers it stands in ("19 70", "4-2", "one nine seven") is a run of the
 *   record, so a value split, spaced, hyphen-split, spelled out or reversed is not grounded by the
 *   numbers the record happens to have;
 * - no word is a name of the world written backwards;
 * - every proper name (a word with a capital letter, mixing letters and digits, or one the world only
 *   writes capitalized, in whatever case the snippet has it) is a word of the record, and a run of such
 *   words is a phrase of the record; a common word starting a sentence passes;
 * - no word of the agent's query that the record does not have (a model echoing the query, or an
 *   injection in it, rather than describing the page), and no markup characters the record does not have.
 *
 * Text is read after Unicode folding (the leakage guard's), so full-width digits, look-alike letters and
 * invisible characters hide nothing. What a record states is analysed once per passage and page, and kept.
 */
import { createHash } from 'node:crypto';
import { findPage } from '../../search/web-extractor.js';
import type { PassageRecord } from '../../search/types.js';
import type { SearchWorld } from '../../search/world-index.js';
import { findDates, type DateMention, type DateReading } from '../../text/dates.js';
import { alnum, fold } from '../../text/fold.js';
import { findNumbers } from '../../text/numbers.js';
import { memoize } from '../../util/bounded-cache.js';
import type { ParsedResult } from './parse-observation.js';
import type { PromptRecord } from './records.js';
import { separateWords, snippetParts, trimEdges } from './text.js';

/** A number written in parts is grounded by its parts, each checked on its own: its sum is not read. */
const PARTS_ONLY = { sums: false };

/** What one piece of a record (its head, or one passage) states, analysed on first need and kept. */
class Claims {
  private w?: { spaced: string; words: Set<string> };
  private n?: { numbers: number[]; dates: DateReading[] };
  private r?: Set<string>;

  /** The folded text. */
  constructor(readonly raw: string) {}

  /** Folded letters and digits, one space between words, padded: phrase lookups. */
  get spaced(): string {
    return this.wordsInfo().spaced;
  }

  get words(): Set<string> {
    return this.wordsInfo().words;
  }

  get numbers(): number[] {
    return this.numberInfo().numbers;
  }

  get dates(): DateReading[] {
    return this.numberInfo().dates;
  }

  /** Everything at once (ahead of need). */
  analyse(): void {
    this.wordsInfo();
    this.numberInfo();
    void this.runs;
  }

  /** The piece's number runs (numberRuns) and date parts, as written. */
  get runs(): Set<string> {
    return (this.r ??= new Set([...numberRuns(this.raw), ...this.dates.flatMap((d) => [String(d.y), ...(d.d !== undefined ? [String(d.d)] : [])])]));
  }

  private wordsInfo() {
    if (!this.w) {
      const spaced = alnumSpaced(this.raw);
      this.w = { spaced, words: new Set(spaced.trim().split(' ')) };
    }
    return this.w;
  }

  private numberInfo() {
    if (!this.n) {
      const dates = findDates(this.raw).flatMap((d) => d.readings);
      const numbers = findNumbers(this.raw, [], PARTS_ONLY).flatMap((n) => n.readings.map((r) => r.value));
      for (const d of dates) numbers.push(d.y, d.m, ...(d.d !== undefined ? [d.d] : []));
      this.n = { numbers, dates };
    }
    return this.n;
  }

  /**
   * Does the piece contain `needle` (folded) verbatim, on word boundaries? A number is never cut: a
   * separator between digits ("11,621,927") joins them.
   */
  quotes(needle: string): boolean {
    if (needle.length === 0) return true;
    const raw = this.raw;
    const word = (i: number) => i >= 0 && i < raw.length && /[\p{L}\p{N}]/u.test(raw[i]!);
    const digit = (i: number) => i >= 0 && i < raw.length && raw.charCodeAt(i) >= 48 && raw.charCodeAt(i) <= 57;
    const sep = (i: number) => raw[i] === ',' || raw[i] === '.';
    for (let at = raw.indexOf(needle); at >= 0; at = raw.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const cutStart = (word(at) && word(at - 1)) || (digit(at) && sep(at - 1) && digit(at - 2));
      const cutEnd = (word(end - 1) && word(end)) || (digit(end - 1) && sep(end) && digit(end + 1));
      if (!cutStart && !cutEnd) return true;
    }
    return false;
  }
}

export interface Grounded {
  record: PromptRecord;
  result: ParsedResult;
}

export type GroundingOutcome = { ok: true; matched: Grounded[] } | { ok: false; violations: string[] };

/** Words that may start a sentence without being stated by the record. */
const SENTENCE_WORDS = new Set(
  (
    "a an the this that these those it its it's in on at for with as by from of to and but or also both each all some most many more " +
    'other another our their his her its see read learn find compare discover explore get view browse here there what which who when ' +
    'where why how according after before during while since until if although though however meanwhile overall today now currently ' +
    'new latest full official complete recent top best key main first last next one two three several no not only just yes ' +
    'launched released announced introduced priced rated ranked sold reported listed founded based located known called named'
  ).split(' '),
);

const memo = new WeakMap<SearchWorld, Map<string, Claims>>();

function alnumSpaced(folded: string): string {
  return ` ${separateWords(folded).trim()} `;
}

function claimsOf(world: SearchWorld, key: string, text: () => string): Claims {
  let m = memo.get(world);
  if (!m) memo.set(world, (m = new Map()));
  let c = m.get(key);
  if (!c) m.set(key, (c = new Claims(fold(text()))));
  return c;
}

/** What a passage states (kept per passage: worlds hand out the same passage objects every time). */
const passageMemo = new WeakMap<PassageRecord, Claims>();

function passageClaims(p: PassageRecord): Claims {
  let c = passageMemo.get(p);
  if (!c) passageMemo.set(p, (c = new Claims(fold(p.text))));
  return c;
}

function evidence(world: SearchWorld, r: PromptRecord): Claims[] {
  const ev = [claimsOf(world, `page:${r.pageId}`, () => `${r.title} | ${r.site} | ${r.url} | ${r.date}`)];
  for (const p of r.passages) ev.push(passageClaims(p));
  return ev;
}

/** The date mentions of a text (folded first), kept: date lines are few and come again and again. */
const datesOf = memoize<string, readonly DateMention[]>(4096, (text) => findDates(fold(text)));

/**
 * Names this grounding check in the cache (cache.ts `checked`): an answer stored by this check and
 * unaltered since is used without checking it again. Change it whenever the check changes, so that
 * answers an older check let through are checked again.
 */
export const GROUNDING_CHECK = 'grounding-v3';

/**
 * What a cache row says it was checked by: this check, over this world's text (every page's URL, title
 * and date, every passage). The request key already names the pages and passages given; the label adds
 * their text, so a world rebuilt with other text under the same id gives another label and its rows are
 * checked again. Worked out once per open world (a digest of its text, about a millisecond).
 */
export function groundingLabel(world: SearchWorld): string {
  let label = worldLabels.get(world);
  if (label === undefined) {
    const h = createHash('sha256');
    for (const page of world.allPages()) {
      h.update(`${page.url}\u0000${page.title}\u0000${page.published ?? ''}\u0000`);
      for (const p of world.passagesOf(page.id)) h.update(`${p.id}\u0001${p.text}\u0002`);
    }
    worldLabels.set(world, (label = `${GROUNDING_CHECK}:${h.digest('hex').slice(0, 24)}`));
  }
  return label;
}

const worldLabels = new WeakMap<SearchWorld, string>();

/**
 * What checking snippets against a request's records needs of the records: each record's evidence, its
 * date line's readings, the records by page and by URL, and the query's words, each worked out on first
 * need and kept. None of it depends on the model's reply, so the renderer works it all out (`prepare()`)
 * while the request is in flight, and the check on the reply only reads the model's own text. Outcomes
 * are the same with a context or without one.
 */
export class GroundingContext {
  #words?: ReadonlySet<string>;
  #byPage?: ReadonlyMap<number, PromptRecord>;
  #byUrl?: ReadonlyMap<string, PromptRecord>;
  readonly #evidence = new Map<PromptRecord, Claims[]>();

  constructor(
    readonly world: SearchWorld,
    readonly records: readonly PromptRecord[],
    readonly query = '',
  ) {}

  /** The query's words an echo check looks for. */
  get words(): ReadonlySet<string> {
    return (this.#words ??= queryWords(this.query));
  }

  get byPage(): ReadonlyMap<number, PromptRecord> {
    return (this.#byPage ??= new Map(this.records.map((r) => [r.pageId, r])));
  }

  get byUrl(): ReadonlyMap<string, PromptRecord> {
    return (this.#byUrl ??= new Map(this.records.map((r) => [r.url, r])));
  }

  evidence(record: PromptRecord): Claims[] {
    let ev = this.#evidence.get(record);
    if (!ev) this.#evidence.set(record, (ev = evidence(this.world, record)));
    return ev;
  }

  /** What in `snippet` `record` does not state (`ungroundedClaims` with this context's query). */
  unstated(record: PromptRecord, snippet: string): string[] {
    return unstated(this.world, this.evidence(record), snippet, () => this.words);
  }

  /** Work out everything now: every record's folded text, words, numbers and dates, and date line. */
  prepare(): this {
    void this.words;
    void this.byPage;
    for (const r of this.records) {
      for (const c of this.evidence(r)) c.analyse();
      if (r.date !== 'N/A') datesOf(r.date);
    }
    return this;
  }

  /** Is this the context of a check of `records` in `world` for `query`? */
  fits(world: SearchWorld, records: readonly PromptRecord[], query: string): boolean {
    return this.world === world && this.records === records && this.query === query;
  }
}

/** A context for these records: the one given when it fits, else a new one. */
export function groundingContext(world: SearchWorld, records: readonly PromptRecord[], query = '', given?: GroundingContext): GroundingContext {
  return given?.fits(world, records, query) ? given : new GroundingContext(world, records, query);
}

const sameDate = (a: DateReading, b: DateReading) => a.y === b.y && a.m === b.m && (a.d === undefined || a.d === b.d);

const URL_RE = /(?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s"'<>)]*)?/gi;
/** Something after a URL's host (its scheme taken off): a path, a query or a fragment. */
const PAST_HOST = /^[^/?#]+[/?#]./;
/** Punctuation and markup that end a sentence or wrap a link, not part of the URL before it. */
const URL_TRAILER = /[.,;:!?*\]`]+$/;
const TOKEN_RE = /[\p{L}\p{M}\p{N}]+/gu;

/** A URL with a path is a page of the world as written (no query or fragment added); a bare host is one of its sites. */
function urlGrounded(world: SearchWorld, u: string): boolean {
  const found = /^https?:/i.test(u) || u.includes('/') ? findPage(world, u) : { page: undefined, host: u };
  if (found.page) return !/[?#]/.test(u);
  return found.host !== null && !PAST_HOST.test(u.replace(/^https?:\/\//i, '')) && world.hasHost(found.host);
}

function isNameLike(token: string): boolean {
  return /\p{Lu}/u.test(token) || (/\p{L}/u.test(token) && /\p{N}/u.test(token));
}

function sentenceInitial(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /[\s"'“”‘’([*\-–—]/u.test(text[i]!)) i--;
  return i < 0 || /[.!?:;…|]/u.test(text[i]!);
}

/** The words of a query (folded, 3+ letters or digits) that an echo check looks for. */
export function queryWords(query: string): Set<string> {
  return new Set(
    alnumSpaced(fold(query))
      .trim()
      .split(' ')
      .filter((w) => w.length >= 3),
  );
}

/**
 * The parts of a snippet (cut at " ... " and at sentence ends) that no piece of the record quotes
 * verbatim, joined by " ... "; '' when the record quotes them all. Quoting is the common case, and a
 * quoted part states only what the record states, so only the rest needs reading claim by claim.
 */
function unquoted(text: string, ev: readonly Claims[]): string {
  return snippetParts(text)
    .filter((part) => {
      const f = trimEdges(fold(part));
      return f !== '' && !ev.some((c) => c.quotes(f));
    })
    .join(' ... ');
}

/** What in `snippet` the record does not state; empty when grounded. */
export function ungroundedClaims(
  world: SearchWorld,
  record: PromptRecord,
  snippet: string,
  query: ReadonlySet<string> = new Set(),
  context?: GroundingContext,
): string[] {
  const ev = context && context.world === world ? context.evidence(record) : evidence(world, record);
  return unstated(world, ev, snippet, () => query);
}

/** What in `snippet` the evidence `ev` does not state (`query`: asked for only when a part is not quoted). */
function unstated(world: SearchWorld, ev: readonly Claims[], snippet: string, queryWordsOf: () => ReadonlySet<string>): string[] {
  const text = unquoted(snippet, ev);
  if (text === '') return [];
  const query = queryWordsOf();
  const problems: string[] = [];
  const folded = fold(text);
  for (const ch of new Set(folded.match(/[{}<>]/g) ?? [])) if (!ev.some((c) => c.raw.includes(ch))) problems.push(`markup:${ch}`);
  if (query.size > 0) {
    for (const w of new Set(alnumSpaced(folded).trim().split(' '))) if (query.has(w) && !ev.some((c) => c.words.has(w))) problems.push(`echo:${w}`);
  }
  // URLs are read with their case (paths are case-sensitive).
  const cased = text.normalize('NFKC').replace(/\p{Cf}+/gu, '');
  for (const m of cased.matchAll(URL_RE)) {
    const u = m[0].replace(URL_TRAILER, '');
    if (!urlGrounded(world, u)) problems.push(`url:${u}`);
  }
  // Words are read outside URLs (a URL is checked whole above); blanks keep every offset.
  const words = cased.replace(URL_RE, (u) => ' '.repeat(u.length));
  const dateMentions = findDates(folded);
  for (const d of dateMentions) if (!d.readings.some((r) => ev.some((c) => c.dates.some((e) => sameDate(r, e))))) problems.push(`date:${d.text}`);
  // A number is grounded only as the record writes it: the whole run of numbers it stands in (digits and
  // number words joined by spaces, hyphens or separators) is a run of the record, so a value split,
  // spaced, hyphen-split, spelled out or reversed is never read back from numbers the record has.
  for (const run of numberRuns(folded, dateMentions)) if (!ev.some((c) => c.runs.has(run))) problems.push(`number:${run}`);
  const vocab = worldWords(world);
  let run: string[] = [];
  let runEnd = -1;
  const closeRun = () => {
    if (run.length >= 2) {
      const phrase = ` ${run.join(' ')} `;
      if (!ev.some((c) => c.spaced.includes(phrase))) problems.push(`phrase:${run.join(' ')}`);
    }
    run = [];
  };
  for (const m of words.matchAll(TOKEN_RE)) {
    const token = m[0];
    const start = m.index!;
    const key = alnum(fold(token));
    if (key === '') continue;
    const nameLike = isNameLike(token);
    // A name of the world written backwards ("airtnez") is not the record's (a name-like token is checked
    // as a name below).
    if (!nameLike && key.length >= 3 && !vocab.words.has(key) && vocab.proper.has([...key].reverse().join(''))) {
      closeRun();
      problems.push(`word:${token}`);
      continue;
    }
    // A word the world writes only as part of a name is a name in any case ("zentria").
    if (!nameLike && !vocab.proper.has(key)) {
      closeRun();
      continue;
    }
    const stated = ev.some((c) => c.words.has(key));
    if (!stated) {
      closeRun();
      if (!(sentenceInitial(cased, start) && SENTENCE_WORDS.has(key))) problems.push(`name:${token}`);
      continue;
    }
    if (run.length > 0 && cased.slice(runEnd, start) !== ' ') closeRun();
    if (run.length === 0 && sentenceInitial(cased, start) && SENTENCE_WORDS.has(key)) {
      runEnd = start + token.length;
      continue;
    }
    run.push(key);
    runEnd = start + token.length;
  }
  closeRun();
  return problems;
}

/** Characters that join the numbers of one run: white space, hyphens and dashes, separators. */
const RUN_JOINER = /^[\s\-\u2010-\u2015.,/:]{1,3}$/u;

/**
 * The runs of numbers of a folded text, outside its dates: neighbouring numbers (digits or number
 * words) joined by at most three joiner characters, or by none (Chinese: "1亿2000万"), are one run
 * ("19 70", "4-2", "one nine seven"), each as written with its white space collapsed.
 */
export function numberRuns(folded: string, dates: readonly { start: number; end: number }[] = findDates(folded)): string[] {
  const found = findNumbers(folded, dates, PARTS_ONLY);
  const out: string[] = [];
  let start = -1;
  let end = -1;
  for (const n of found) {
    if (n.start < end) {
      end = Math.max(end, n.end);
      continue;
    }
    if (start >= 0 && (n.start === end || RUN_JOINER.test(folded.slice(end, n.start)))) {
      end = n.end;
      continue;
    }
    if (start >= 0) out.push(folded.slice(start, end).replace(/\s+/g, ' '));
    start = n.start;
    end = n.end;
  }
  if (start >= 0) out.push(folded.slice(start, end).replace(/\s+/g, ' '));
  return out;
}

/** Every word a world writes (folded), and the words it writes only capitalized (parts of names). */
interface WorldWords {
  words: Set<string>;
  proper: Set<string>;
}

const worldWordsMemo = new WeakMap<SearchWorld, WorldWords>();

function worldWords(world: SearchWorld): WorldWords {
  let ww = worldWordsMemo.get(world);
  if (ww) return ww;
  const words = new Set<string>();
  const lower = new Set<string>();
  const capital = new Set<string>();
  const add = (text: string) => {
    for (const m of text.normalize('NFKC').matchAll(TOKEN_RE)) {
      const key = alnum(fold(m[0]));
      if (key === '') continue;
      words.add(key);
      (/^\p{Lu}/u.test(m[0]) ? capital : lower).add(key);
    }
  };
  for (const page of world.allPages()) {
    add(`${page.title} ${page.site} ${page.url}`);
    for (const p of world.passagesOf(page.id)) add(p.text);
  }
  for (const w of SENTENCE_WORDS) words.add(w);
  ww = { words, proper: new Set([...capital].filter((w) => !lower.has(w) && /\p{L}/u.test(w))) };
  worldWordsMemo.set(world, ww);
  return ww;
}

/** Does a date line the model wrote agree with the record's? ("N/A" and no line always do.) */
function dateLineAgrees(record: PromptRecord, line: string | null): boolean {
  if (line === null || /^n\/?a$/i.test(line.trim())) return true;
  if (record.date === 'N/A') return false;
  const expected = datesOf(record.date);
  const given = datesOf(line);
  return given.length > 0 && given.every((g) => g.readings.some((r) => expected.some((d) => d.readings.some((e) => sameDate(r, e)))));
}

/**
 * Match the model's results to the records by URL and check each. A result on a page that is not the
 * world's, or not given, or written from facts its record does not state, is a violation.
 */
export function checkGrounding(
  world: SearchWorld,
  records: readonly PromptRecord[],
  results: readonly ParsedResult[],
  query = '',
  context?: GroundingContext,
): GroundingOutcome {
  const ctx = groundingContext(world, records, query, context);
  const byPage = ctx.byPage;
  const violations: string[] = [];
  const matched: Grounded[] = [];
  const used = new Set<number>();
  for (const result of results) {
    const page = findPage(world, result.url).page;
    if (!page) {
      violations.push(`[${result.rank}] url not in the world: ${result.url.slice(0, 120)}`);
      continue;
    }
    const record = byPage.get(page.id);
    if (!record) {
      violations.push(`[${result.rank}] page not among the records: ${page.url}`);
      continue;
    }
    if (used.has(page.id)) continue;
    used.add(page.id);
    if (!dateLineAgrees(record, result.date)) violations.push(`[${result.rank}] date line ${JSON.stringify(result.date)} is not the page's`);
    if (result.snippet) for (const p of ctx.unstated(record, result.snippet)) violations.push(`[${result.rank}] ${p}`);
    matched.push({ record, result });
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, matched };
}
