/**
 * spec → the runtime ThemeDef the rest of the code reads: tables and columns (with `say`, `time`,
 * `naming`), the four legacy site roles picked from the site seeds, `generate` built from the
 * distributions and derivations, `invariants` from the named checks.
 */
import type { ColumnDef, SiteDef, TableDef, ThemeDef, ThemeSites } from '../_define.js';
import { CHECKS, type CheckContext } from './checks.js';
import { generateRows } from './engine.js';
import { parseSpec, type ThemeSpec, type ThemeSpecInput } from './schema.js';
import { fillTemplate } from './template.js';

/** The spec a compiled theme was made from, for tests and tools that read the data itself. */
export const SPEC_OF = new WeakMap<ThemeDef, ThemeSpec>();

function sitesOf(spec: ThemeSpec): ThemeSites {
  const first = (...genres: string[]): SiteDef => {
    const s = spec.sites.find((x) => x.genres.some((g) => genres.includes(g)))!;
    return { host: s.host, name: s.name };
  };
  return { encyclopedia: first('encyclopedia'), news: first('news'), lists: first('data', 'list_article'), forum: first('forum') };
}

export function compileTheme(raw: ThemeSpecInput): ThemeDef {
  const spec = parseSpec(raw);
  const tables: TableDef[] = spec.tables.map((t) => {
    const columns: ColumnDef[] = t.columns.map((c) => {
      const def: ColumnDef = { name: c.name, type: c.type, label: c.label };
      if (c.ref) def.ref = c.ref;
      if (c.predicate) def.predicate = c.predicate;
      if (c.unit) def.unit = c.unit;
      if (c.decimals !== undefined) def.decimals = c.decimals;
      if (c.sentence) def.sentence = c.sentence;
      if (c.measure) def.measure = true;
      if (c.optional !== undefined || c.presentWith !== undefined || c.rowChance !== undefined || c.realOmit) def.optional = true;
      if (c.time) def.time = c.time;
      const say = spec.say[`${t.name}.${c.name}`];
      if (say) def.say = say;
      return def;
    });
    const def: TableDef = { name: t.name, entity: t.entity, plural: t.plural, columns };
    if (t.nameColumn) def.nameColumn = t.nameColumn;
    if (t.subject) {
      const tpl = t.subject;
      def.subject = (row, rows, name) => fillTemplate(tpl, row, t.columns, name, rows[t.name]);
    }
    if (t.entityPages) def.entityPages = true;
    if (t.naming) def.naming = t.naming;
    return def;
  });
  const ctx: CheckContext = { tiers: (table) => spec.tables.find((t) => t.name === table)?.tiers };
  const checks = spec.invariants.map((u) => ({ entry: CHECKS[u.use]!, args: CHECKS[u.use]!.args.parse(u.args) as never }));
  const theme: ThemeDef = {
    id: spec.id,
    locale: spec.locale,
    domain: spec.domain,
    siteSeeds: spec.sites,
    title: spec.title,
    description: spec.description,
    tables,
    sites: sitesOf(spec),
    generate: (g) => generateRows(spec, g),
    invariants: (rows) => checks.flatMap((c) => c.entry.check(rows, c.args, ctx)),
    headline(table, row, name) {
      const t = spec.tables.find((x) => x.name === table);
      if (!t?.headline) return null;
      // A headline over an attribute the row lacks (a real brand's chief executive) is not written: the next one is.
      const tpl = [t.headline].flat().find((h) => [...h.matchAll(/\{(\w+)\}/g)].every((m) => row[m[1]!] != null));
      return tpl === undefined ? null : fillTemplate(tpl, row, t.columns, name);
    },
  };
  SPEC_OF.set(theme, spec);
  return theme;
}
