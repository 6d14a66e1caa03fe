/**
 * Value distributions: how a column's cells are drawn. Declared once (zod); the engine (engine.ts)
 * draws them. Dates are days relative to January 1 of the world's year.
 */
import { z } from 'zod';
import { NameModel } from './parts.js';

/** An inclusive [min, max] pair. */
export const Range = z.tuple([z.number(), z.number()]).refine(([a, b]) => a <= b, { message: 'bad range: min is above max' });
export type Range = z.infer<typeof Range>;

/** A range chosen by the value of another column of the row ("crop" → the yield band of each crop); `range` serves any other value. */
export const By = z.object({ column: z.string(), ranges: z.record(z.string(), Range) });
export type By = z.infer<typeof By>;

export const Gen = z.discriminatedUnion('kind', [
  /** An integer in `range`; `log` draws evenly in log space; `step` rounds to a multiple. */
  /** …`byIndex`: the range for the n-th child of its parent (a phase 3 trial enrols more than a phase 1). */
  /** …`by`: the range `ranges` gives for the value of another column of the row, drawn before it (a crop's yield a hectare). */
  z.object({
    kind: z.literal('int'),
    range: Range,
    log: z.boolean().optional(),
    step: z.number().positive().optional(),
    byIndex: z.array(Range).optional(),
    by: By.optional(),
  }),
  /** A real in `range`, kept to the column's decimals; `by` as for int. */
  z.object({ kind: z.literal('real'), range: Range, by: By.optional() }),
  /** One of `values`, by `weights` (default equal). */
  z
    .object({
      kind: z.literal('pick'),
      values: z.array(z.union([z.string(), z.number()])).min(1),
      weights: z.array(z.number().positive()).optional(),
      /**
       * No two rows under the same parent draw the same value (a city's budget departments); with a
       * column name, no two rows with the same value of that column (shirt numbers within a club).
       */
      distinct: z.union([z.boolean(), z.string()]).optional(),
    })
    .refine((g) => !g.weights || g.weights.length === g.values.length, { message: 'weights and values differ in length' }),
  /**
   * A date `days` after January 1 of the world year (negative: before it), moved on to the next
   * `weekday` (0 Sunday … 6 Saturday) if given; `shift` moves the whole range by days drawn once per
   * world (a release season).
   */
  z.object({ kind: z.literal('date'), days: Range, weekday: z.number().int().min(0).max(6).optional(), shift: Range.optional() }),
  /** The n-th of a parent's children: `first` + `step` × (n − 1) days after the parent's date ("film_id.release_date"). */
  z.object({ kind: z.literal('dateStep'), after: z.string(), first: z.number().int(), step: z.number().int() }),
  /**
   * A date `days` after the latest of the dates `after` names: a column of the row ("founded"), of the
   * row a reference column points to ("operator_id.founded"), of the previous child of the same parent
   * ("prev.end_date", skipped for the first), or the latest among the parent's children in another table
   * ("kids:trials.end_date"); with `until`, no later than that many days from January 1 of the world
   * year (with `from`, no earlier); `byIndex` gives the range for the n-th child (a phase's duration).
   */
  z.object({
    kind: z.literal('dateAfter'),
    after: z.array(z.string()).min(1),
    days: Range,
    until: z.number().optional(),
    /** No earlier than that many days from January 1 of the world year. */
    from: z.number().optional(),
    byIndex: z.array(Range).optional(),
  }),
  /**
   * A name made by a naming model (default: the table's), with the display name of the row `parent`
   * refers to. A `pattern` model ("{parent} {word}") is filled here from the parent's first word and
   * the model's words, and reserved in the name pool.
   */
  z.object({ kind: z.literal('name'), model: NameModel.optional(), parent: z.string().optional() }),
  /**
   * A row of the referenced table: with `spread`, row i takes parent i while there are parents, then a
   * random one; with `rounds` k, the first k × n rows go round the n parents (every city gets three
   * districts); with `distinct`, no two children of the same parent refer to the same row (one candidate a party).
   */
  z.object({ kind: z.literal('ref'), spread: z.boolean().optional(), rounds: z.number().int().min(1).optional(), distinct: z.boolean().optional() }),
  /** The value of a column of the row a reference column points to ("candidate_id.district_id"). */
  z.object({ kind: z.literal('copy'), from: z.string().includes('.') }),
  /** A name from a pool of `size` names drawn once per world by `model` (a world's regions or parties, as text); `distinct` as for pick. */
  z.object({ kind: z.literal('pool'), size: Range, model: NameModel, distinct: z.boolean().optional() }),
  /** The parent row of a table drawn `each` of another's rows. */
  z.object({ kind: z.literal('parent') }),
  /** The child's position under its parent, in a template: "Q{n} {year}", or as a month's name: "{month} {year}" ("March 2031"). */
  z.object({
    kind: z.literal('index'),
    template: z.string().refine((t) => t.includes('{n}') || t.includes('{month}'), { message: 'an index template needs {n} or {month}' }),
  }),
  /** A side of a round-robin fixture (a table whose rows are `roundRobin`). */
  z.object({ kind: z.literal('fixture'), side: z.enum(['home', 'away']) }),
  /**
   * The date of a fixture's round: a per-world start `shift` days after January 1, moved on to `weekday`,
   * then `step` days a round, plus `days` (a match on the Saturday or Sunday of its round's weekend).
   */
  z.object({ kind: z.literal('roundDate'), shift: Range, weekday: z.number().int().min(0).max(6), step: z.number().int().positive(), days: Range }),
  /** Set by a named derivation after the rows are drawn. */
  z.object({ kind: z.literal('derived') }),
]);
export type Gen = z.infer<typeof Gen>;
