/**
 * A session: one agent's conversation with the search tool over one world. It holds the world, the
 * task it may be bound to, the seed and perturbation profile that make its faults replayable, the
 * renderer and optional guard, a call counter, and a bounded history of calls and observations
 * (which a world-model renderer reads to stay consistent, and which dumps as a JSONL trajectory).
 * The renderer and guard are injected: this module loads neither a world model nor the leakage guard
 * (src/compose.ts wires the defaults: `createSession` gives a session bound to a task the leakage
 * guard). The template renderer, which loads nothing, is the default renderer. A session bound to a
 * task is never made without a guard by omission: it needs a guard, or `guard: null` said outright.
 * The history is a plain array, oldest first, bounded by count (`historyLimit` calls) and by the
 * characters of the observation texts it holds (`historyChars`): the oldest calls drop out first, so
 * a server holding 10,000 sessions holds about 10,000 × historyChars characters of observations (the
 * latest call is kept whatever its size; a server caps a call's size itself).
 *
 * The option `open` says which URLs web_extractor opens (OPEN_POLICIES, declared here once with zod;
 * every edge parses it with `parseOpenPolicy` and documents it with OPEN_POLICY_DOC): `seen`, the
 * default for a session bound to a task, opens only pages the session has seen (seen-pages.ts); `any`,
 * the default otherwise, opens every page of the world.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { FictionError } from '../errors.js';
import { NO_PERTURBATION, parseProfile, type PerturbationProfile } from '../perturb/profile.js';
import type { Renderer } from '../render/renderer.js';
import { templateRenderer } from '../render/template.js';
import type { SearchGuard } from './guard-hook.js';
import type { ObservationError } from '../render/observation.js';
import type { ToolName } from '../tools/definitions.js';
import type { SearchObservationJson } from '../render/observation.js';
import { SeenPages } from './seen-pages.js';
import type { PageRecord } from './types.js';
import type { SearchWorld } from './world-index.js';

/** Calls a session keeps by default. */
export const DEFAULT_HISTORY_LIMIT = 64;
/**
 * Characters of observation text a session keeps by default (256 Ki, about 50–100 search results
 * pages): with the count bound, what makes a session's memory bounded whatever its calls return.
 */
export const DEFAULT_HISTORY_CHARS = 256 * 1024;

/** Which URLs web_extractor opens in a session. */
export const OPEN_POLICIES = ['seen', 'any'] as const;
export type OpenPolicy = (typeof OPEN_POLICIES)[number];

/** What the option means, as every edge documents it (CLI help, the OpenAPI file, the docs). */
export const OPEN_POLICY_DOC =
  'Which URLs web_extractor opens: "seen" only pages this session has seen (in its search results, or linked from a page it opened), ' +
  'any other URL reading as a page that does not exist; "any" every page of the world. Default: seen for a session bound to a task, any otherwise.';

const OPEN_POLICY_ERROR = `open must be one of ${OPEN_POLICIES.map((p) => JSON.stringify(p)).join(', ')}`;

/** The option's one declaration: edges parse with it, and schemas/openapi.json's property is derived from it. */
export const openPolicySchema = z.enum(OPEN_POLICIES, { error: OPEN_POLICY_ERROR }).describe(OPEN_POLICY_DOC);

/** An `open` value from an edge (a flag, a JSON field): undefined or null leaves the default; anything else not declared is BAD_INPUT. */
export function parseOpenPolicy(raw: unknown): OpenPolicy | undefined {
  if (raw === undefined || raw === null) return undefined;
  const r = openPolicySchema.safeParse(raw);
  if (!r.success) throw new FictionError('BAD_INPUT', OPEN_POLICY_ERROR);
  return r.data;
}

/** The default: `seen` when bound to a task, `any` otherwise. */
export const defaultOpenPolicy = (taskId: string | null): OpenPolicy => (taskId === null ? 'any' : 'seen');

export interface HistoryEntry {
  callIndex: number;
  name: ToolName;
  /** The call's arguments as validated (queries normalised, page filled in). */
  arguments: Readonly<Record<string, unknown>>;
  /** The observation as the agent read it. */
  text: string;
  /**
   * For a page that opened (web_extractor without a fault), its URL and title: what a world model is
   * told of an earlier page instead of its content. The observation's JSON is not kept: every session
   * holds up to `historyLimit` entries, and a search's JSON repeats its text as a tree of small objects.
   */
  page?: { url: string; title: string };
  error?: ObservationError;
  renderer: string;
}

export interface SessionOptions {
  /** Bind the session to a task of the world (the guard uses it). */
  taskId?: string | null;
  /** Seed of the perturbation draws (default 0). */
  seed?: number;
  /** Perturbation settings; unset keys are off. */
  profile?: Partial<PerturbationProfile>;
  renderer?: Renderer;
  /**
   * The guard of a bound session: `createSession` (src/compose.ts) gives the leakage guard by default;
   * `null` turns it off (audits only). The constructor itself refuses a bound session without either.
   */
  guard?: SearchGuard | null;
  /** Calls kept in the history (default DEFAULT_HISTORY_LIMIT; 0 keeps none). */
  historyLimit?: number;
  /**
   * Characters of observation text kept in the history (default DEFAULT_HISTORY_CHARS): older calls
   * drop out beyond it, though the latest call is always kept (when historyLimit > 0).
   */
  historyChars?: number;
  /** Which URLs web_extractor opens (OPEN_POLICY_DOC); default `seen` when bound to a task, `any` otherwise. */
  open?: OpenPolicy;
}

/** What a renderer reads of a session's history: snapshots, valid after later calls. */
export interface HistoryReader {
  /** The last `calls` calls, oldest first. */
  recentHistory(calls: number): readonly HistoryEntry[];
}

export class Session implements HistoryReader {
  readonly world: SearchWorld;
  readonly taskId: string | null;
  readonly seed: number;
  readonly profile: Readonly<PerturbationProfile>;
  readonly renderer: Renderer;
  readonly guard: SearchGuard | undefined;
  readonly historyLimit: number;
  readonly historyChars: number;
  readonly open: OpenPolicy;
  /** Pages seen so far (results, opened pages and their links): what `open: 'seen'` lets web_extractor open. */
  private readonly seen: SeenPages;
  private calls = 0;
  /** Kept calls, oldest first; `keptChars` is the length of their texts together. */
  private kept: HistoryEntry[] = [];
  private keptChars = 0;
  /** Closed sessions keep nothing more. */
  private closed = false;

  constructor(world: SearchWorld, opts: SessionOptions = {}) {
    const taskId = opts.taskId ?? null;
    if (taskId !== null) {
      if (typeof taskId !== 'string' || taskId.length === 0 || taskId.length > 64) throw new FictionError('BAD_INPUT', 'task id must be a short string');
      if (!world.task(taskId)) throw new FictionError('NOT_FOUND', `task ${taskId} not found in world ${world.id}`);
      if (opts.guard === undefined)
        throw new FictionError('BAD_INPUT', 'a session bound to a task needs a guard (createSession gives the leakage guard; guard: null turns it off)');
    }
    const seed = opts.seed ?? 0;
    if (!Number.isSafeInteger(seed)) throw new FictionError('BAD_INPUT', `session seed must be an integer, got ${String(seed).slice(0, 40)}`);
    const limit = opts.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    if (!Number.isInteger(limit) || limit < 0) throw new FictionError('BAD_INPUT', 'history limit must be a non-negative integer');
    const chars = opts.historyChars ?? DEFAULT_HISTORY_CHARS;
    if (!Number.isInteger(chars) || chars < 0) throw new FictionError('BAD_INPUT', 'history chars must be a non-negative integer');
    const open = parseOpenPolicy(opts.open) ?? defaultOpenPolicy(taskId);
    this.world = world;
    this.taskId = taskId;
    this.seed = seed;
    this.profile = opts.profile ? parseProfile(opts.profile) : NO_PERTURBATION;
    this.renderer = opts.renderer ?? templateRenderer;
    this.guard = opts.guard ?? undefined;
    this.historyLimit = limit;
    this.historyChars = chars;
    this.open = open;
    this.seen = new SeenPages(world);
    if (taskId !== null) this.guard?.prepare?.(world, taskId);
  }

  /** Calls made so far (also the index the next call gets). */
  get callCount(): number {
    return this.calls;
  }

  /** Claim the next call index (the perturbation draws are seeded by it). */
  nextCallIndex(): number {
    return this.calls++;
  }

  /** May web_extractor open `page` in this session? Always under `open: 'any'`; under `seen`, once the session has seen it. */
  mayOpen(page: PageRecord): boolean {
    return this.open === 'any' || this.seen.has(page);
  }

  /** Note the results of a search observation as seen (a closed session notes nothing). */
  noteResults(json: SearchObservationJson): void {
    if (!this.closed) this.seen.addResults(json);
  }

  /** Note an opened page and the pages it links to as seen. */
  noteOpened(page: PageRecord): void {
    if (!this.closed) this.seen.addOpened(page);
  }

  /** How many pages the session has seen. */
  get seenCount(): number {
    return this.seen.size;
  }

  /** The kept calls, oldest first (at most `historyLimit`, within `historyChars`): a snapshot. */
  get history(): readonly HistoryEntry[] {
    return this.kept.slice();
  }

  recentHistory(calls: number): readonly HistoryEntry[] {
    return calls <= 0 ? [] : this.kept.slice(-calls);
  }

  /** Keep a call (a frozen copy), dropping the oldest beyond `historyLimit` calls or `historyChars` characters. */
  record(entry: HistoryEntry): void {
    if (this.historyLimit === 0 || this.closed) return;
    this.kept.push(Object.freeze({ ...entry }));
    this.keptChars += entry.text.length;
    let drop = 0;
    while (this.kept.length - drop > this.historyLimit || (this.keptChars > this.historyChars && this.kept.length - drop > 1))
      this.keptChars -= this.kept[drop++]!.text.length;
    if (drop > 0) this.kept.splice(0, drop);
  }

  /** Let go of the kept history (a server session closing or expiring): later calls are not kept. */
  close(): void {
    this.closed = true;
    this.seen.clear();
    this.kept = [];
    this.keptChars = 0;
  }

  /** The kept history as JSONL: one line per call, with no timings (replays dump byte-identically). */
  trajectoryJsonl(): string {
    return this.kept
      .map((e) =>
        JSON.stringify({
          world: this.world.id,
          task: this.taskId,
          seed: this.seed,
          call: e.callIndex,
          tool: e.name,
          arguments: e.arguments,
          renderer: e.renderer,
          error: e.error?.type ?? null,
          observation: e.text,
        }),
      )
      .map((l) => `${l}\n`)
      .join('');
  }

  /** Write the trajectory to a file. */
  dumpTrajectory(path: string): void {
    try {
      writeFileSync(path, this.trajectoryJsonl());
    } catch (e) {
      throw new FictionError('IO', `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
    }
  }
}
