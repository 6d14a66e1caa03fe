/**
 * The theme spec: a theme as data (tables, columns and their value distributions, derivations,
 * invariants, how each attribute is said, sites and domain words). Declared once with zod, composing
 * parts.ts and gen.ts; the types are derived. compile.ts turns a spec into the runtime ThemeDef.
 */
import { z } from 'zod';
import { CHECKS } from './checks.js';
import { DERIVATIONS } from './derive/index.js';
import { Gen, Range } from './gen.js';
import { Domain, Lexicon, Locale, NameModel, SiteSeed, TimeRole } from './parts.js';

export const Column = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  type: z.enum(['text', 'integer', 'real', 'date', 'entity']),
  ref: z.string().optional(),
  predicate: z.string().optional(),
  label: z.string().min(1),
  unit: z.enum(['plain', 'usd', 'percent', 'count']).optional(),
  decimals: z.number().int().min(0).optional(),
  measure: z.boolean().optional(),
  /** The probability, per world, that the attribute is present at all (absent: every cell null). */
  optional: z.number().gt(0).lt(1).optional(),
  /** Present in a world exactly when another optional column ("table.column") is: a total and its parts. */
  presentWith: z.string().optional(),
  /** The probability, per row, that the cell has a value (a failure mode only on a failed launch). */
  rowChance: z.number().gt(0).lt(1).optional(),
  /** A real attribute of a real brand: left null on a row named after one with `--real-brands`, so nothing about it is invented. */
  realOmit: z.boolean().optional(),
  time: TimeRole.optional(),
  /** The legacy sentence ("{s} … {v}."), kept until the realizer reads `say` alone. */
  sentence: z.string().optional(),
  gen: Gen,
});
export type Column = z.infer<typeof Column>;

/** One tier of a table: the words a row's name draws from and the distributions they imply ("Ultra" → a high price). */
export const Tier = z.object({
  words: z.array(z.string().min(1)).min(1),
  weight: z.number().positive().default(1),
  set: z.record(z.string(), Gen),
});
export type Tier = z.infer<typeof Tier>;

/** How many rows a table has. */
export const RowCount = z.discriminatedUnion('kind', [
  /** A number drawn in `range`. */
  z.object({ kind: z.literal('count'), range: Range }),
  /** `range` rows for each row of the table the column `via` refers to (set by a `parent` gen). */
  z.object({
    kind: z.literal('each'),
    via: z.string(),
    range: Range,
    /** Only parents with at least `atLeast` rows in `table` get children (approvals only after a phase 3). */
    requires: z
      .object({
        table: z.string(),
        atLeast: z.number().int().min(1),
        /** …and whose rows there all have `column` before that many days from January 1 of the world year. */
        before: z.object({ column: z.string(), days: z.number().int() }).optional(),
      })
      .optional(),
  }),
  /** Rows added (each with its `each` children) until the world's fact count reaches a target drawn in `facts`. */
  /**
   * Every pairing of the rows of `table` once (or, with probability `double` when there are at most
   * `doubleUpTo` of them, twice with venues swapped), a round a week: a league season's matches.
   */
  z.object({ kind: z.literal('roundRobin'), table: z.string(), double: z.number().min(0).max(1).default(0), doubleUpTo: z.number().int().default(0) }),
  z.object({
    kind: z.literal('fill'),
    facts: Range,
    /** At least `rows` rows for each row of `table`, whatever the facts (three districts a city). */
    atLeastPer: z.object({ table: z.string(), rows: z.number().int().min(1) }).optional(),
  }),
]);
export type RowCount = z.infer<typeof RowCount>;

export const Table = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  entity: z.string().min(1),
  plural: z.string().min(1),
  nameColumn: z.string().optional(),
  /** A row's display name without a name column: a template over its columns, "{model_id}, {quarter}" (an entity column reads as the referenced row's name). */
  subject: z.string().optional(),
  entityPages: z.boolean().optional(),
  naming: NameModel.optional(),
  /** People of this table are all of one gender, drawn per world (a squad). */
  oneGender: z.boolean().optional(),
  /** Real names a row may take with `--real-brands` (its `realOmit` columns are then left null). */
  realNames: z.array(z.union([z.string(), z.object({ name: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) })])).optional(),
  rows: RowCount,
  tiers: z.array(Tier).min(2).optional(),
  /**
   * A news headline about a row, a template like `subject`; or several, the first whose columns the row
   * has is used (a headline over an optional attribute, then one that needs none).
   */
  headline: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  columns: z.array(Column).min(1),
});
export type Table = z.infer<typeof Table>;

/** A named derivation or invariant and its arguments (validated by the registered schema). */
const Use = z.object({ use: z.string(), args: z.record(z.string(), z.unknown()) });

const ThemeSpecBase = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_-]*$/),
  locale: Locale.default('en'),
  title: z.string().min(1),
  description: z.string().min(1),
  domain: Domain,
  sites: z.array(SiteSeed).min(4).max(6),
  tables: z.array(Table).min(1),
  derive: z.array(Use).default([]),
  invariants: z.array(Use).default([]),
  /** How every fact-stating column is said, keyed "table.column". */
  say: z.record(z.string(), Lexicon),
});

const GENRES_NEEDED = [['encyclopedia'], ['news'], ['data', 'list_article'], ['forum']] as const;

/**
 * A named row's profile: the links, dates and words its infobox and register entry give. The columns that
 * can carry one in every row (none left to a per-row chance or another table's presence); the engine keeps
 * one of them in every world.
 */
export function profileColumns(t: Pick<Table, 'columns' | 'nameColumn'>) {
  return t.columns.filter((c) => c.name !== t.nameColumn && c.type !== 'integer' && c.type !== 'real' && !c.presentWith && c.rowChance === undefined);
}

export const ThemeSpec = ThemeSpecBase.superRefine((spec, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const tables = new Map(spec.tables.map((t) => [t.name, t]));
  for (const need of GENRES_NEEDED)
    if (!spec.sites.some((s) => s.genres.some((g) => (need as readonly string[]).includes(g)))) issue(['sites'], `no site of genre ${need.join(' or ')}`);
  spec.tables.forEach((t, ti) => {
    const cols = new Map(t.columns.map((c) => [c.name, c]));
    const at = (...p: (string | number)[]) => ['tables', ti, ...p];
    if (t.nameColumn && !cols.has(t.nameColumn)) issue(at('nameColumn'), `no column "${t.nameColumn}"`);
    if (!t.nameColumn && !t.subject) issue(at(), `table ${t.name} has neither nameColumn nor subject`);
    if (t.nameColumn && profileColumns(t).length === 0)
      issue(at('columns'), `named table ${t.name} needs a link, date or text column set in every row (no rowChance or presentWith), for its infobox`);
    for (const tpl of [t.subject, ...[t.headline ?? []].flat()])
      for (const m of (tpl ?? '').matchAll(/\{(?:n:)?(\w+)(?:\|lower)?\}/g)) if (!cols.has(m[1]!)) issue(at(), `template names no column "${m[1]}"`);
    if (t.rows.kind === 'each' && cols.get(t.rows.via)?.gen.kind !== 'parent') issue(at('rows', 'via'), `"${t.rows.via}" is no column with a parent gen`);
    t.tiers?.forEach((tier, k) => {
      for (const col of Object.keys(tier.set)) if (!cols.has(col)) issue(at('tiers', k, 'set', col), `no column "${col}"`);
    });
    t.columns.forEach((c, ci) => {
      if (c.type === 'entity' && !(c.ref && tables.has(c.ref))) issue(at('columns', ci, 'ref'), `entity column ${c.name} refers to no table`);
      if (c.gen.kind === 'dateAfter')
        for (const p of c.gen.after)
          if (!p.startsWith('prev.') && !p.startsWith('kids:') && !cols.has(p.split('.')[0]!))
            issue(at('columns', ci, 'gen', 'after'), `no column "${p.split('.')[0]}"`);
      if ((c.gen.kind === 'int' || c.gen.kind === 'real') && c.gen.by) {
        // The column it reads is drawn first: declared before it and not set later (derived, or a date after other dates).
        const by = c.gen.by.column;
        const k = t.columns.findIndex((x) => x.name === by);
        if (k < 0 || k >= ci || ['derived', 'dateAfter', 'dateStep'].includes(t.columns[k]!.gen.kind))
          issue(at('columns', ci, 'gen', 'by'), `"${by}" is no drawn column declared before ${c.name}`);
      }
      if (c.gen.kind === 'name' && (c.gen.model ?? t.naming)?.kind === 'pattern' && !(c.gen.model ?? t.naming)?.pattern)
        issue(at('columns', ci, 'gen'), 'a pattern name needs a pattern');
      if (c.presentWith) {
        const [pt, pc] = c.presentWith.split('.');
        if (tables.get(pt!)?.columns.find((x) => x.name === pc)?.optional === undefined)
          issue(at('columns', ci, 'presentWith'), `"${c.presentWith}" is no optional column`);
      }
      if (c.name !== t.nameColumn) {
        const key = `${t.name}.${c.name}`;
        const say = spec.say[key];
        if (!say) issue(['say'], `missing say entry "${key}"`);
        else if (c.time === 'event' && !say.future) issue(['say', key, 'future'], 'an event column needs a future form');
      }
    });
  });
  for (const key of Object.keys(spec.say)) {
    const [tn, cn] = key.split('.');
    if (!tables.get(tn!)?.columns.some((c) => c.name === cn)) issue(['say', key], `say entry for no column "${key}"`);
  }
  for (const [field, registry, kind] of [
    ['derive', DERIVATIONS, 'derivation'],
    ['invariants', CHECKS, 'invariant'],
  ] as const)
    spec[field].forEach((u, i) => {
      const entry = registry[u.use];
      if (!entry) return issue([field, i, 'use'], `unknown ${kind} "${u.use}"`);
      const parsed = entry.args.safeParse(u.args);
      if (!parsed.success) for (const e of parsed.error.issues.slice(0, 1)) issue([field, i, 'args', ...(e.path as (string | number)[])], e.message);
    });
});
export type ThemeSpec = z.infer<typeof ThemeSpec>;
export type ThemeSpecInput = z.input<typeof ThemeSpec>;

/** Every way a spec breaks the schema, one line each ("tables.1.columns.3.gen: …"); empty for a valid spec. */
export function specIssues(raw: unknown): string[] {
  const r = ThemeSpec.safeParse(raw);
  return r.success ? [] : r.error.issues.map((e) => `${e.path.join('.') || '(root)'}: ${e.message}`);
}

/** Validate a spec; a bad one is refused with one line naming the theme and the path. */
export function parseSpec(raw: ThemeSpecInput): ThemeSpec {
  const r = ThemeSpec.safeParse(raw);
  if (r.success) return r.data;
  const e = r.error.issues[0]!;
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : '?';
  throw new Error(`theme spec ${id}: ${e.path.join('.') || '(root)'}: ${e.message}`);
}
