/**
 * The public question vocabulary of a theme: how a question names each table's entities and each
 * attribute, derived once from the spec (TableDef.entity/plural, Lexicon.ask ?? Lexicon.noun, the
 * unit words of Lexicon.amount). Questions never use the schema's labels ("battery capacity in mAh");
 * Readings do (ColumnDef.label), so a reader maps question words back to labels through this table.
 */
import type { ColumnDef, TableDef, ThemeDef } from '../../themes/_define.js';
import { SPEC_OF } from '../../themes/spec/compile.js';
import { listThemes } from '../../themes/registry.js';

export interface ColumnWords {
  col: ColumnDef;
  /** ColumnDef.label: what a Reading names the attribute by. */
  label: string;
  /** The attribute as a question names it: "launch price", "headcount". No unit, no article. */
  q: string;
  /** Unit words around a number: "{v} mAh" → suffix " mAh"; "$" comes from the unit, not from here. */
  prefix: string;
  suffix: string;
  /** A text column whose values are people's names (a chief executive), or a link to a table of people. */
  person: boolean;
  /** A rank or position ("number {v}"): never put in a range. */
  ordinal: boolean;
}

export interface TableWords {
  theme: ThemeDef;
  table: TableDef;
  /** "phone model", "phone models". */
  kind: string;
  plural: string;
  /** Rows are people (a mayor, a player): asked with "Who". */
  person: boolean;
  /** Every column but the name column. */
  columns: ColumnWords[];
}

const cache = new WeakMap<ThemeDef, Map<string, TableWords>>();

function personTable(theme: ThemeDef, t: TableDef): boolean {
  return t.naming?.kind === 'person' || SPEC_OF.get(theme)?.tables.find((x) => x.name === t.name)?.naming?.kind === 'person';
}

function personColumn(theme: ThemeDef, t: TableDef, c: ColumnDef): boolean {
  if (c.type === 'entity') {
    const ref = theme.tables.find((x) => x.name === c.ref);
    return ref ? personTable(theme, ref) : false;
  }
  const gen = SPEC_OF.get(theme)
    ?.tables.find((x) => x.name === t.name)
    ?.columns.find((x) => x.name === c.name)?.gen as { kind?: string; model?: { kind?: string } } | undefined;
  return gen?.kind === 'name' && gen.model?.kind === 'person';
}

function build(theme: ThemeDef): Map<string, TableWords> {
  const out = new Map<string, TableWords>();
  for (const t of theme.tables) {
    const columns: ColumnWords[] = t.columns
      .filter((c) => c.name !== t.nameColumn)
      .map((c) => {
        const amount = c.say?.amount ?? '{v}';
        const [prefix, suffix] = amount.split('{v}') as [string, string];
        return {
          col: c,
          label: c.label,
          q: c.say?.ask ?? c.say?.noun ?? c.label,
          prefix,
          suffix,
          person: personColumn(theme, t, c),
          ordinal: prefix.trim() === 'number',
        };
      });
    out.set(t.name, { theme, table: t, kind: t.entity, plural: t.plural, person: personTable(theme, t), columns });
  }
  return out;
}

/** The words of one table of a theme. */
export function tableWords(theme: ThemeDef, table: string): TableWords {
  let m = cache.get(theme);
  if (!m) cache.set(theme, (m = build(theme)));
  const w = m.get(table);
  if (!w) throw new Error(`theme ${theme.id} has no table "${table}"`);
  return w;
}

/** Every table of a theme, or of every registered theme: what a reader tries a question's nouns against. */
export function allTableWords(theme?: ThemeDef): TableWords[] {
  const themes = theme ? [theme] : listThemes();
  return themes.flatMap((th) => th.tables.map((t) => tableWords(th, t.name)));
}

/** A column of a table by its Reading label. */
export function byLabel(w: TableWords, label: string): ColumnWords {
  const c = w.columns.find((x) => x.label === label);
  if (!c) throw new Error(`${w.theme.id}.${w.table.name} has no attribute labelled "${label}"`);
  return c;
}

/** The table a link column refers to. */
export function refWords(w: TableWords, link: ColumnWords): TableWords {
  if (link.col.type !== 'entity' || !link.col.ref) throw new Error(`"${link.label}" of ${w.table.name} is no link`);
  return tableWords(w.theme, link.col.ref);
}
