/**
 * A zero-search attacker: it answers a task with web_extractor alone, guessing URLs from the names in
 * the question and the way the world's sites build URLs (src/world/pages/sites.ts, site-pools.ts), and
 * optionally following the links of the pages it opens. It is stronger than a policy with no search
 * can be: it is told the world's hosts with each host's genre (a policy would have to learn them from
 * the pools), the theme's table and attribute labels, and the world's year, and it tries every
 * guessable path scheme of each host's genre. A task counts as solved when its answer is stated on an
 * opened page, in the scorer's own sense (src/tasks/match-value.ts: a number equal within the task's
 * tolerance, the same date in any format, the text or an alias after normalisation); for a table or a
 * list, every cell of every row on some opened page. That is an upper bound of what the attacker could
 * answer: it does not have to pick the answer out of the page.
 *
 * Used by test/search/zero-search.test.ts (a few worlds) and bench/zero-search.ts (a batch folder).
 */
import { kebab, slug } from '../../src/format.js';
import type { PageObservationJson } from '../../src/render/observation.js';
import { callToolSync } from '../../src/search/call-tool.js';
import type { Session } from '../../src/search/session.js';
import type { SearchWorld } from '../../src/search/world-index.js';
import { dateStated, kindOfCell, numberStated } from '../../src/tasks/match-value.js';
import { normalizeText } from '../../src/tasks/normalize.js';
import type { ThemeDef } from '../../src/themes/_define.js';
import { URL_SCHEMES } from '../../src/world/pages/site-pools.js';
import type { Task } from '../../src/world/types.js';

/** The path schemes an attacker can fill from a heading alone (no page number, no full date). */
const GUESSABLE: Record<string, string[]> = Object.fromEntries(
  Object.entries(URL_SCHEMES).map(([genre, schemes]) => [genre, schemes.filter((s) => !/\{n\}|\{mm\}|\{dd\}/.test(s))]),
);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Runs of capitalised words (and the numbers inside them) in a question, and every contiguous part of each run. */
export function namesIn(question: string): string[] {
  const words = question
    .replace(/[?.,;:!()"“”]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const runs: string[][] = [];
  let run: string[] = [];
  words.forEach((w, i) => {
    const named = /^\p{Lu}/u.test(w) || (run.length > 0 && /^[\p{Lu}\d][\p{L}\d'’-]*$/u.test(w));
    if (named && !(i === 0 && run.length === 0 && /^(What|Which|Who|When|How|List|Tell|Give|Name|Compile|In|Of|For|The|Among)$/.test(w))) run.push(w);
    else {
      if (run.length > 0) runs.push(run);
      run = [];
    }
  });
  if (run.length > 0) runs.push(run);
  const out = new Set<string>();
  for (const r of runs) for (let a = 0; a < r.length; a++) for (let b = a + 1; b <= Math.min(r.length, a + 6); b++) out.add(r.slice(a, b).join(' '));
  return [...out];
}

/** Each host of the world with its genre (the kind most of its pages have). */
function hostsByGenre(world: SearchWorld): Map<string, string[]> {
  const kinds = new Map<string, Map<string, number>>();
  for (const p of world.allPages()) {
    const m = kinds.get(p.site) ?? kinds.set(p.site, new Map()).get(p.site)!;
    m.set(p.kind, (m.get(p.kind) ?? 0) + 1);
  }
  const out = new Map<string, string[]>();
  for (const [host, m] of kinds) {
    const genre = [...m].sort((a, b) => b[1] - a[1])[0]![0];
    (out.get(genre) ?? out.set(genre, []).get(genre)!).push(host);
  }
  return out;
}

function fill(scheme: string, heading: string, year: number): string {
  return scheme.replace('{slug}', slug(heading)).replace('{kebab}', kebab(heading).slice(0, 80).replace(/-+$/, '')).replace('{yyyy}', String(year));
}

/** The URLs the attacker guesses for a task, in a fixed order. */
export function guessUrls(world: SearchWorld, theme: ThemeDef, task: Pick<Task, 'question'>, years: readonly number[]): string[] {
  const hosts = hostsByGenre(world);
  const names = namesIn(task.question);
  const headings = new Map<string, string[]>();
  const add = (genre: string, heading: string) => (headings.get(genre) ?? headings.set(genre, []).get(genre)!).push(heading);
  for (const n of names) {
    add('encyclopedia', n);
    add('entity', n);
  }
  for (const t of theme.tables) {
    for (const y of years) add('data', `List of ${t.plural} (${y})`), add('list', `List of ${t.plural} (${y})`);
    for (const n of names) add('data', `${cap(t.plural)} of ${n}`);
    for (const c of t.columns) {
      for (const y of years) add('data', `${cap(t.plural)} ranked by ${c.label} (${y})`), add('ranking', `${cap(t.plural)} ranked by ${c.label} (${y})`);
      for (let k = 3; k <= 10; k++) add('list_article', `The ${k} ${t.plural} with the highest ${c.label}`);
    }
  }
  const out = new Set<string>();
  for (const [genre, list] of headings) {
    const schemes = GUESSABLE[genre] ?? GUESSABLE.encyclopedia!;
    for (const host of hosts.get(genre) ?? [])
      for (const h of list)
        for (const s of schemes) for (const y of s.includes('{yyyy}') ? years : [years[0] ?? 2030]) out.add(`https://${host}${fill(s, h, y)}`);
  }
  return [...out];
}

/** Is a gold cell stated in `text`, as the scorer would read it? */
export function cellStated(cell: unknown, text: string, tolerance: number, alternatives: readonly string[] = []): boolean {
  const kind = kindOfCell(cell as never);
  if (kind === 'empty') return true;
  if (kind === 'number' && numberStated(text, cell as number, tolerance)) return true;
  if (kind === 'date' && dateStated(text, cell as string)) return true;
  const hay = ` ${normalizeText(text)} `;
  return [String(cell), ...alternatives].some((f) => {
    const n = normalizeText(f);
    return n !== '' && hay.includes(` ${n} `);
  });
}

/** Is the task's answer stated on the pages (each page's text on its own, cells of a table anywhere among them)? */
export function answerStated(task: Task, pages: readonly string[]): boolean {
  const gold = JSON.parse(task.answer) as unknown[][];
  if (task.answerType === 'table' || task.answerType === 'list')
    return gold.every((row) => row.every((cell) => pages.some((p) => cellStated(cell, p, task.tolerance))));
  const cell = gold[0]?.[0];
  return pages.some((p) => cellStated(cell, p, task.tolerance, [task.answerText, ...task.aliases]));
}

export interface AttackResult {
  guesses: number;
  /** Pages that opened (guessed, then linked when following links). */
  opened: number;
  solved: boolean;
}

/**
 * Attack one task in `session`: open every guessed URL, then (with `followLinks`) every page linked from
 * the pages that opened, at most `maxLinked` of them; solved when the answer is stated on what opened.
 */
export function attackTask(session: Session, task: Task, guesses: readonly string[], opts: { followLinks?: boolean; maxLinked?: number } = {}): AttackResult {
  const pages: string[] = [];
  const links: string[] = [];
  const open = (url: string) => {
    const r = callToolSync(session, { name: 'web_extractor', arguments: { url } });
    const json = r.json as PageObservationJson;
    if (r.error || json.content === null) return;
    pages.push(json.content);
    for (const m of json.content.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) links.push(m[1]!);
  };
  for (const url of guesses) open(url);
  if (opts.followLinks) {
    const done = new Set(guesses);
    for (const url of [...new Set(links)].filter((u) => !done.has(u)).slice(0, opts.maxLinked ?? 50)) open(url);
  }
  return { guesses: guesses.length, opened: pages.length, solved: answerStated(task, pages) };
}

export interface ZeroSearchTally {
  tasks: number;
  /** Tasks solved by guessed URLs alone, and with the links of the opened pages followed too. */
  guessed: number;
  followed: number;
  /** Pages that opened, over all tasks. */
  opened: number;
  byKind: Map<string, { tasks: number; guessed: number; followed: number }>;
}

export const emptyTally = (): ZeroSearchTally => ({ tasks: 0, guessed: 0, followed: 0, opened: 0, byKind: new Map() });

/** The years an attacker tries: those the question names, and the world's year and the one before. */
export function yearsFor(world: SearchWorld, question: string): number[] {
  const ref = Number(String(world.world.meta.reference_date ?? '').slice(0, 4)) || 2030;
  return [...new Set([...[...question.matchAll(/\b(20\d\d)\b/g)].map((m) => Number(m[1])), ref - 1, ref])];
}

/**
 * Attack every task of `world` in fresh sessions made by `makeSession` (bound to the task), adding to
 * `tally`: once with guesses only, once following the links of what opened.
 */
export function attackWorld(world: SearchWorld, makeSession: (taskId: string) => Session, tally: ZeroSearchTally): void {
  for (const id of world.taskIds()) {
    const task = world.task(id)!;
    const guesses = guessUrls(world, world.world.theme, task, yearsFor(world, task.question));
    const a = makeSession(id);
    const g = attackTask(a, task, guesses);
    a.close();
    const b = makeSession(id);
    const f = attackTask(b, task, guesses, { followLinks: true });
    b.close();
    const k = tally.byKind.get(task.kind) ?? tally.byKind.set(task.kind, { tasks: 0, guessed: 0, followed: 0 }).get(task.kind)!;
    tally.tasks++;
    k.tasks++;
    tally.opened += f.opened;
    if (g.solved) tally.guessed++, k.guessed++;
    if (f.solved) tally.followed++, k.followed++;
  }
}
