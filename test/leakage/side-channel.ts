/**
 * The guard's side channels, measured from what an agent reads. For each task with a single-valued
 * answer, guess-and-confirm queries "‹attribute› ‹right answer›" and "‹attribute› ‹wrong value of the
 * same type›" (up to three wrong values; each also written "‹value›" and "‹value› ‹attribute›"), all
 * labelled unrelated, are searched in a session bound to the task (guard on) and in one with the guard
 * off. The wrong value is one the guard's world treats like the right one: a value
 * of the same type that the world states nowhere the guard shows when the right answer is stated
 * nowhere the guard shows (an absent value: the guard must make a right guess look like one), else
 * another entity of the same kind that it shows. Figures:
 *
 * - differential: results the guard changed (a page the guard-off search shows too, shown otherwise:
 *   another snippet, title or date) against results it left untouched: share with a " ... " gap, mean
 *   snippet length, share whose snippet has none of the query's words; and per query (changed: any
 *   result or the order differs) the share of short first pages (fewer results than a full page while
 *   a next page exists). The pages a guard changes are not a random sample (pages with several
 *   matching passages, one of which it leaves out), so the same figures are given for the changed
 *   results as the guard-off search shows them, and what the guard adds is the difference of the two;
 * - the same features for the results of right guesses against those of wrong ones (a right guess
 *   must read like an absent value);
 * - the advantage of a simple classifier telling the right guess from the wrong one from the
 *   observation text: the best decision stump over observation features (result count, gaps, snippet
 *   length, query words, guess words shown, paging, results shared with the attribute searched alone
 *   and their order), its direction and threshold learned on
 *   one half of the tasks and its TPR − FPR measured on the other, both ways, averaged; and the share
 *   of pairs whose observations are identical but for the query line.
 *
 * Only the public search API is used, so the same measure runs against any version of the guard.
 */
import { createSession } from '../../src/compose.js';
import { guardContext } from '../../src/leakage/guard-context.js';
import { classifyQuery } from '../../src/leakage/relatedness.js';
import { callToolSync } from '../../src/search/call-tool.js';
import { tokenise } from '../../src/search/query.js';
import type { SearchWorld } from '../../src/search/world-index.js';
import type { Task } from '../../src/world/types.js';

interface ParsedResult {
  url: string;
  title: string;
  snippet: string;
  date: string;
}

/** The results of one query block of an observation text. */
export function parseObservation(text: string): ParsedResult[] {
  const out: ParsedResult[] = [];
  for (const block of text.split(/\n(?=\[\d+\] )/)) {
    const m = /^\[\d+\] (\S+)\nTitle: (.*)\nSnippet: (.*)\nDate: (.*)/m.exec(block.trim());
    if (m) out.push({ url: m[1]!, title: m[2]!, snippet: m[3]!, date: m[4]! });
  }
  return out;
}

const GAP = ' ... ';
const hasWord = (text: string, words: readonly string[]) => {
  const t = new Set(tokenise(text));
  return words.some((w) => t.has(w));
};

interface Observation {
  text: string;
  results: ParsedResult[];
  hasMore: boolean;
}

function observe(session: ReturnType<typeof createSession>, query: string): Observation {
  const r = callToolSync(session, { name: 'web_search', arguments: { query } });
  const json = r.json as { queries: { hasMore?: boolean }[] };
  return { text: r.text, results: parseObservation(r.text), hasMore: Boolean(json.queries[0]?.hasMore) };
}

/** Numeric features of one observation, for the classifier. */
function features(o: Observation, query: string, guess: string, plain: Observation): number[] {
  const words = tokenise(query);
  const guessWords = tokenise(guess).filter((w) => !tokenise(query.replace(guess, ' ')).includes(w));
  const snippets = o.results.map((r) => r.snippet);
  const sum = (f: (r: ParsedResult) => number) => o.results.reduce((s, r) => s + f(r), 0);
  const n = Math.max(1, o.results.length);
  // Against the attribute searched alone (a query the agent can make too): which results stay, in which order.
  const plainUrls = plain.results.map((r) => r.url);
  const common = o.results.map((r) => r.url).filter((u) => plainUrls.includes(u));
  const inOrder = common.every((u, i) => i === 0 || plainUrls.indexOf(u) > plainUrls.indexOf(common[i - 1]!));
  const firstSame = o.results[0]?.url === plain.results[0]?.url ? 1 : 0;
  return [
    o.results.length,
    sum((r) => r.snippet.split(GAP).length - 1),
    sum((r) => r.snippet.length) / n,
    snippets.filter((s) => !hasWord(s, words)).length / n,
    o.results.filter((r) => hasWord(`${r.title} ${r.snippet}`, guessWords)).length,
    o.hasMore ? 1 : 0,
    o.results.length < 10 && o.hasMore ? 1 : 0,
    o.results.filter((r) => r.date === 'N/A').length,
    common.length / n,
    inOrder ? 1 : 0,
    firstSame,
  ];
}

export interface SideChannelFigures {
  tasks: number;
  pairs: number;
  skipped: number;
  /** Share of (right, wrong) pairs whose two observations are the same but for the query line. */
  identicalPairs: number;
  /** Guarded results whose page the guard-off search did not show (neither group). */
  entering: number;
  /** The best stump's advantage (TPR − FPR on held-out tasks), and which feature it used. */
  advantage: number;
  advantageFeature: string;
  changed: GroupFigures;
  untouched: GroupFigures;
  /** The changed results as the guard-off search shows them (no queries: results only). */
  changedOff: GroupFigures;
  /** changed − untouched, in percentage points (snippet length: percent of the untouched mean). */
  diff: { ellipsisPts: number; snippetLengthPct: number; noQueryWordPts: number; shortFirstPagePts: number };
  /**
   * The same for the changed results with the guard off: the pages a guard changes differ from the
   * others before it changes them (pages with several matching passages, one of which it leaves out).
   */
  offDiff: SideChannelFigures['diff'];
  /**
   * What the guard adds: changed results guard on − the same results guard off (diff − offDiff). A
   * result it changed lost the passage that matched the guessed value, so fewer of them show a query
   * word: what an absent value shows too (guessDiff compares with that).
   */
  guardDiff: SideChannelFigures['diff'];
  /** Results of right guesses and of wrong ones (query words: the attribute's, which both share). */
  rightGuess: GroupFigures;
  wrongGuess: GroupFigures;
  /** Right − wrong guesses: how a right guess differs from an absent value, feature by feature. */
  guessDiff: SideChannelFigures['diff'];
  /** Median time of a guarded call (the query's first), right guesses against wrong ones: reported, not asserted (timing is noisy). */
  p50Ms: { right: number; wrong: number };
}

export interface GroupFigures {
  results: number;
  withGap: number;
  meanSnippetChars: number;
  noQueryWord: number;
  queries: number;
  shortFirstPages: number;
}

const FEATURE_NAMES = [
  'results',
  'gaps',
  'snippet length',
  'no query word',
  'guess shown',
  'next page',
  'short first page',
  'undated',
  'results shared with the attribute alone',
  'shared results in the same order',
  'same first result',
];
/** How a guess is written into a query. */
const TEMPLATES: ((attribute: string, value: string) => string)[] = [(a, v) => `${a} ${v}`, (_a, v) => v, (a, v) => `${v} ${a}`];
/** Wrong values per task, each searched with every template. */
const WRONG_PER_TASK = 3;

/** The attribute words of a task's answer: its first answer fact's predicate. */
function attributeOf(world: SearchWorld, task: Task): string | null {
  const fact = world.fact(task.answerFactIds[0]!);
  return fact ? fact.predicate.replace(/_/g, ' ') : null;
}

/** Is `value` written (all its words) in some passage the guard may show for an unrelated query? */
function shownSomewhere(world: SearchWorld, ctx: ReturnType<typeof guardContext>, value: string): boolean {
  const words = tokenise(value);
  if (words.length === 0) return false;
  for (const page of world.allPages())
    for (const p of world.passagesOf(page.id)) {
      if (ctx.blocked(p)) continue;
      const t = new Set(tokenise(p.text));
      if (words.every((w) => t.has(w))) return true;
    }
  return false;
}

/** Values of the answer's type to try as the wrong guess, in a fixed order. */
function wrongCandidates(world: SearchWorld, task: Task): string[] {
  const text = task.answerText;
  const out: string[] = [];
  if (/\d/.test(text)) {
    // Change one digit of the last group (a number's last significant digits, a date's day).
    const m = /(\d+)(?!.*\d)/.exec(text);
    if (m) {
      const digits = m[1]!;
      for (let pos = digits.length - 1; pos >= 0 && out.length < 24; pos--)
        for (let k = 1; k <= 9; k++) {
          const d = String((Number(digits[pos]) + k) % 10);
          if (pos === 0 && d === '0' && digits.length > 1) continue;
          const changed = digits.slice(0, pos) + d + digits.slice(pos + 1);
          out.push(text.slice(0, m.index) + changed + text.slice(m.index + digits.length));
        }
    }
  }
  // Other entities of the answer's kind: the subjects of facts of the same table as the answer entity.
  const answerFact = world.fact(task.answerFactIds[0]!);
  const sameKind = new Set<string>();
  for (let id = 1; id < 5000 && sameKind.size < 12; id++) {
    const f = world.fact(id);
    if (!f || !answerFact) continue;
    if (answerFact.objectType === 'entity' && f.objectType === 'entity' && f.predicate === answerFact.predicate && f.object !== text) sameKind.add(f.object);
    if (answerFact.objectType === 'text' && f.predicate === answerFact.predicate && f.object !== text) sameKind.add(f.object);
  }
  out.push(...sameKind);
  return out.filter((v) => v !== text);
}

/** Measure the side channels over `worlds` (each opened for search). */
export function measureSideChannels(worlds: readonly SearchWorld[]): SideChannelFigures {
  const changed: GroupFigures = { results: 0, withGap: 0, meanSnippetChars: 0, noQueryWord: 0, queries: 0, shortFirstPages: 0 };
  const untouched: GroupFigures = { ...changed };
  const rightGuess: GroupFigures = { ...changed };
  const wrongGuess: GroupFigures = { ...changed };
  /** The changed results as the guard-off search shows them (the same pages, the same queries). */
  const changedOff: GroupFigures = { ...changed };
  const samples: { task: number; right: boolean; x: number[] }[] = [];
  let tasks = 0;
  let pairs = 0;
  let skipped = 0;
  let identical = 0;
  let entering = 0;
  /** Time of each guarded call (its query's first), right guesses and wrong ones. */
  const rightMs: number[] = [];
  const wrongMs: number[] = [];
  for (const world of worlds) {
    for (const id of world.taskIds()) {
      const task = world.task(id)!;
      if (task.answerType === 'list' || task.answerType === 'table' || task.answerText.includes('\n')) continue;
      tasks++;
      const attribute = attributeOf(world, task);
      const ctx = guardContext(world, id);
      if (!attribute) {
        skipped++;
        continue;
      }
      const right = task.answerText;
      const rightShown = shownSomewhere(world, ctx, right);
      const wrongs = wrongCandidates(world, task)
        .filter((v) => shownSomewhere(world, ctx, v) === rightShown)
        .slice(0, WRONG_PER_TASK);
      if (wrongs.length === 0) {
        skipped++;
        continue;
      }
      const on = createSession(world, { taskId: id, historyLimit: 0 });
      const off = createSession(world, { taskId: id, guard: null, historyLimit: 0 });
      const plain = observe(on, attribute);
      for (const template of TEMPLATES) {
        const qRight = template(attribute, right);
        const qWrongs = wrongs.map((w) => [template(attribute, w), w] as const).filter(([q]) => !classifyQuery(ctx, q).related);
        if (classifyQuery(ctx, qRight).related || qWrongs.length === 0) {
          skipped++;
          continue;
        }
        const seen: string[] = [];
        for (const [query, guess, isRight] of [[qRight, right, true] as const, ...qWrongs.map(([q, w]) => [q, w, false] as const)]) {
          const t0 = performance.now();
          const g = observe(on, query);
          (isRight ? rightMs : wrongMs).push(performance.now() - t0);
          const raw = observe(off, query);
          seen.push(g.text.split('\n').slice(1).join('\n'));
          samples.push({ task: tasks, right: isRight, x: features(g, query, guess, plain) });
          // Right against wrong guesses, on what both share: the attribute's words.
          const side = isRight ? rightGuess : wrongGuess;
          const attributeWords = tokenise(attribute);
          side.queries++;
          if (g.results.length < 10 && g.hasMore) side.shortFirstPages++;
          for (const r of g.results) {
            side.results++;
            if (r.snippet.includes(GAP)) side.withGap++;
            side.meanSnippetChars += r.snippet.length;
            if (!hasWord(r.snippet, attributeWords)) side.noQueryWord++;
          }
          const rawByUrl = new Map(raw.results.map((r) => [r.url, r]));
          const words = tokenise(query);
          let anyChanged = false;
          for (const r of g.results) {
            const before = rawByUrl.get(r.url);
            if (!before) {
              entering++;
              continue;
            }
            // Refilled: the same page shown otherwise (snippet, title or date) than with the guard off.
            const same = before.snippet === r.snippet && before.title === r.title && before.date === r.date;
            const group = same ? untouched : changed;
            if (!same) anyChanged = true;
            group.results++;
            if (r.snippet.includes(GAP)) group.withGap++;
            group.meanSnippetChars += r.snippet.length;
            if (!hasWord(r.snippet, words)) group.noQueryWord++;
            if (!same) {
              changedOff.results++;
              if (before.snippet.includes(GAP)) changedOff.withGap++;
              changedOff.meanSnippetChars += before.snippet.length;
              if (!hasWord(before.snippet, words)) changedOff.noQueryWord++;
            }
          }
          if (g.results.length !== raw.results.length || g.results.some((r, i) => r.url !== raw.results[i]!.url)) anyChanged = true;
          const group = anyChanged ? changed : untouched;
          group.queries++;
          if (g.results.length < 10 && g.hasMore) group.shortFirstPages++;
        }
        pairs += seen.length - 1;
        identical += seen.slice(1).filter((t) => t === seen[0]).length;
      }
    }
  }
  for (const g of [changed, untouched, changedOff, rightGuess, wrongGuess]) g.meanSnippetChars = g.results > 0 ? g.meanSnippetChars / g.results : 0;
  const rate = (n: number, d: number) => (d > 0 ? n / d : 0);
  const { advantage, feature } = stumpAdvantage(samples);
  return {
    tasks,
    pairs,
    skipped,
    identicalPairs: rate(identical, pairs),
    entering,
    advantage,
    advantageFeature: FEATURE_NAMES[feature] ?? '-',
    changed,
    untouched,
    changedOff,
    diff: differences(changed, untouched),
    offDiff: differences(changedOff, untouched),
    guardDiff: differences(changed, changedOff),
    rightGuess,
    wrongGuess,
    guessDiff: differences(rightGuess, wrongGuess),
    p50Ms: { right: median(rightMs), wrong: median(wrongMs) },
  };
}

type Differences = SideChannelFigures['diff'];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length > 0 ? s[Math.floor(s.length / 2)]! : 0;
};

/** a − b: rates in percentage points, snippet length in percent of b's mean. */
function differences(a: GroupFigures, b: GroupFigures): Differences {
  const rate = (n: number, d: number) => (d > 0 ? n / d : 0);
  return {
    ellipsisPts: 100 * (rate(a.withGap, a.results) - rate(b.withGap, b.results)),
    snippetLengthPct: b.meanSnippetChars > 0 ? (100 * (a.meanSnippetChars - b.meanSnippetChars)) / b.meanSnippetChars : 0,
    noQueryWordPts: 100 * (rate(a.noQueryWord, a.results) - rate(b.noQueryWord, b.results)),
    shortFirstPagePts: 100 * (rate(a.shortFirstPages, a.queries) - rate(b.shortFirstPages, b.queries)),
  };
}

/** TPR − FPR of the rule "x[f] > t" (or "<", as trained) on `test`. */
function score(test: readonly { right: boolean; x: number[] }[], f: number, t: number, above: boolean): number {
  let tp = 0,
    fp = 0,
    p = 0,
    n = 0;
  for (const s of test) {
    const says = above ? s.x[f]! > t : s.x[f]! <= t;
    if (s.right) {
      p++;
      if (says) tp++;
    } else {
      n++;
      if (says) fp++;
    }
  }
  return (p > 0 ? tp / p : 0) - (n > 0 ? fp / n : 0);
}

/**
 * The best decision stump's held-out advantage: each feature's best threshold and direction on one
 * half of the tasks (odd or even), scored on the other half, averaged over both ways; the largest over
 * the features (a pessimistic pick for the guard).
 */
function stumpAdvantage(samples: readonly { task: number; right: boolean; x: number[] }[]): { advantage: number; feature: number } {
  let best = { advantage: 0, feature: -1 };
  const features = samples[0]?.x.length ?? 0;
  for (let f = 0; f < features; f++) {
    let total = 0;
    for (const half of [0, 1]) {
      const train = samples.filter((s) => s.task % 2 === half);
      const test = samples.filter((s) => s.task % 2 !== half);
      let fit = { v: -Infinity, t: 0, above: true };
      for (const t of [...new Set(train.map((s) => s.x[f]!))])
        for (const above of [true, false]) {
          const v = score(train, f, t, above);
          if (v > fit.v) fit = { v, t, above };
        }
      total += score(test, f, fit.t, fit.above);
    }
    const advantage = total / 2;
    if (advantage > best.advantage) best = { advantage, feature: f };
  }
  return best;
}
