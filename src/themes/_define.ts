/**
 * What a theme declares: its relational schema, how to phrase its attributes, its sites and
 * invariants, and a generator of rows. Everything else (facts, pages, passages, tasks, the database,
 * the index) is derived by the shared machinery in src/world and src/db.
 */
import type { Faker } from '@faker-js/faker';
import type { Rng } from '../rng.js';
import type { NamePool } from './_names.js';
import type { Domain, Lexicon, Locale, NameModel, SiteSeed, TimeRole } from './spec/parts.js';

export type ValueType = 'text' | 'integer' | 'real' | 'date' | 'entity';
export type Cell = string | number | null;
export type Row = { id: number } & Record<string, Cell>;
export type Rows = Record<string, Row[]>;

/** How a number is shown on pages: `usd` → "$1,200,000", `percent` → "12.5%", `plain` → "1,200,000". */
export type Unit = 'plain' | 'usd' | 'percent' | 'count';

export interface ColumnDef {
  /** SQL column name, snake_case. Foreign keys end in `_id`. */
  name: string;
  type: ValueType;
  /** For `entity` columns: the table referred to. */
  ref?: string;
  /** Readable attribute name used as the fact predicate; defaults to `name` without `_id`. */
  predicate?: string;
  /** Human label for questions and pages: "launch price". */
  label: string;
  unit?: Unit;
  /** Decimal places kept for reals (their canonical text has exactly this many). */
  decimals?: number;
  /**
   * A sentence stating the fact; `{s}` is the subject, `{v}` the formatted value.
   * Defaults to "The {label} of {s} is {v}."
   */
  sentence?: string;
  /** Numeric columns worth comparing/summing in tasks (large, distinct values). */
  measure?: boolean;
  /** May be null in a world (an attribute subset); a null cell states no fact. */
  optional?: boolean;
  /** How the attribute is said (spec/parts.ts); the realizer builds its frames from it. */
  say?: Lexicon;
  /** When the fact becomes true, for dating pages truthfully (spec/parts.ts). */
  time?: TimeRole;
}

export interface TableDef {
  name: string;
  /** Singular and plural nouns: "model", "models". */
  entity: string;
  plural: string;
  /** The column holding the row's display name; rows of tables without one get a composite subject. */
  nameColumn?: string;
  /** Display name of a row without a name column, e.g. "Zentria X9, Q2 2029". */
  subject?: (row: Row, rows: Rows, name: (table: string, id: number) => string) => string;
  columns: ColumnDef[];
  /** Whether each row gets its own encyclopedia page (named tables only). */
  entityPages?: boolean;
  /** How rows are named (spec/parts.ts). */
  naming?: NameModel;
}

export interface SiteDef {
  /** Host name under an invented domain, e.g. "wiki.orbis-encyclopedia.example". */
  host: string;
  name: string;
}

export interface ThemeSites {
  encyclopedia: SiteDef;
  news: SiteDef;
  lists: SiteDef;
  forum: SiteDef;
}

export interface ThemeContext {
  rng: Rng;
  faker: Faker;
  names: NamePool;
  /** The world's reference year (future): the period its facts are about. */
  year: number;
  /** Allow real company names as owners of invented products. */
  realBrands: boolean;
}

export interface ThemeDef {
  id: string;
  /** The language pages, names and questions are written in. */
  locale?: Locale;
  /** Words of the domain for context sentences and background pages. */
  domain?: Domain;
  /** The theme's own trade sites; generic pools supply the rest of a world's sites. */
  siteSeeds?: SiteSeed[];
  title: string;
  description: string;
  tables: TableDef[];
  sites: ThemeSites;
  /** Draws a world's rows. Ids are 1-based and dense in each table. */
  generate(ctx: ThemeContext): Rows;
  /** Domain invariants; each returned string is one problem. */
  invariants(rows: Rows): string[];
  /** Phrase for a news headline about a row, e.g. "Zentria launches the X9". Optional. */
  headline?: (table: string, row: Row, name: (table: string, id: number) => string) => string | null;
}
