/**
 * Chain (obfuscated multi-hop, 2–4 hops): start from an entity (described by conditions that single it
 * out, or named), follow links, read an attribute at the end. Each bridge is reached as "the {link} of …",
 * never named, and only through links whose row's name the start's name does not give away.
 *
 *   "Who is the chief executive of the maker of the phone model whose launch price is the second-highest
 *    of all phone models?"
 */
import { mentions } from '../../text.js';
import type { Row } from '../../themes/_define.js';
import { nameAliases } from '../../world/tasks.js';
import { ATTRIBUTE_FRAMES, attributeSlots, categoriesOf, fill, matchEvery } from '../questions/asks.js';
import { factsRead, leavesOf, proofOf, sharedRowIndex, whereSql } from '../questions/condition-eval.js';
import { readDescribed, renderDescribed } from '../questions/conditions.js';
import { allTableWords, refWords, type ColumnWords, type TableWords } from '../questions/labels.js';
import { ownConditions, singleOut } from './describe.js';
import { askable, attributeAnswer, linkColumns, linkedTables, oneCell, openLinks, pickAttributeFrame, selectSql, sqlText } from './draft-parts.js';
import type { Family, FamilyContext, TaskDraft } from './family.js';
import type { ChainReading, EntityRef, ReadQuestion } from './reading.js';
import type { ProofSql } from '../certificate/schema.js';

export const MIN_HOPS = 2;
export const MAX_HOPS = 4;
/** Share of chains that start from a named entity. */
const NAMED_SHARE = 0.3;
/** At most this many conditions describe the start. */
const MAX_START_CONDITIONS = 3;

/** "maker of the phone model whose …": the subject after "the", from the start out along the links. */
function pathPhrase(start: string, links: ColumnWords[]): string {
  return links.reduce((x, l) => `${l.q} of the ${x}`, start);
}

function drawOne(ctx: FamilyContext): TaskDraft | null {
  const { rng, rows, fx } = ctx;
  const at = sharedRowIndex(rows);
  // Starts with a link to follow whose row's name is not guessable from the start's: a chain never
  // passes through a bridge its start's name gives away (a phone model's brand, a trial's drug).
  const starts = linkedTables(ctx, 4).flatMap((w) => {
    const open = rows[w.table.name]!.filter((r) => openLinks(ctx, at, w, r, fx.name(w.table.name, r.id)).length > 0);
    return open.length > 0 ? [{ w, open }] : [];
  });
  if (starts.length === 0) return null;
  const { w, open } = rng.pick(starts);
  const row = rng.pick(open);
  const startName = fx.name(w.table.name, row.id);
  // Follow 1–3 such links from the start.
  const path: { w: TableWords; row: Row; link: ColumnWords }[] = [];
  let here = { w, row };
  const wantLinks = rng.int(1, 3);
  while (path.length < wantLinks) {
    const options = openLinks(ctx, at, here.w, here.row, startName);
    if (options.length === 0) break;
    const { link, target } = rng.pick(options);
    path.push({ w: here.w, row: here.row, link });
    here = { w: refWords(here.w, link), row: target };
  }
  const end = here;
  const askables = end.w.columns.filter((c) => askable(c, end.row[c.col.name]));
  if (askables.length === 0) return null;
  // A third of the chains whose end links on ask for that link: the answer is an entity ("Which brand is …").
  const linkAsks = askables.filter((c) => c.col.type === 'entity');
  const ask = linkAsks.length > 0 && rng.chance(0.3) ? rng.pick(linkAsks) : rng.pick(askables);
  const named = rng.chance(NAMED_SHARE);
  const hops = path.length + (named ? 0 : 1);
  if (hops < MIN_HOPS || hops > MAX_HOPS) return null;
  const bridges = path.map((_, i) => (i + 1 < path.length ? path[i + 1]! : end)).map((b) => fx.name(b.w.table.name, b.row.id));

  let start: EntityRef;
  let startText: string;
  let where: string;
  let proof: ProofSql | undefined;
  let constraintFactIds: number[] = [];
  let constraints = 0;
  if (named) {
    start = { name: startName };
    startText = `${w.kind} ${startName}`;
    where = `t0.${w.table.nameColumn} = ${sqlText(startName)}`;
  } else {
    // An ordinal singles the start out alone; most starts are described by two or three looser conditions.
    const pool = rng.shuffle(ownConditions(w, rows, at, row, rng, { allNames: ctx.allNames, ranks: rng.chance(0.3) }));
    const chosen = singleOut(w, rows, at, pool, (c) => c, rng);
    if (!chosen || chosen.length > MAX_START_CONDITIONS) return null;
    const described = { kind: w.kind, conditions: chosen };
    start = described;
    startText = renderDescribed(w, described);
    where = whereSql(w, chosen);
    proof = proofOf(w, described);
    constraintFactIds = factsRead(w, fx, at, row, chosen);
    constraints = leavesOf(w, chosen).length;
  }
  const x = pathPhrase(
    startText,
    path.map((p) => p.link),
  );
  const question = fill(pickAttributeFrame(ask, rng).template, attributeSlots(end.w, ask, x));
  const parts = attributeAnswer(fx, ask, end.row);
  const aliases = parts.answerType === 'entity' ? nameAliases(String(parts.value), ctx.allNames) : [];
  if ([String(parts.value), ...aliases, ...bridges].some((n) => mentions(question, n))) return null;
  if (!named && mentions(question, startName)) return null;

  const joins = path.map((p, i) => `JOIN ${refWords(p.w, p.link).table.name} t${i + 1} ON t${i + 1}.id = t${i}.${p.link.col.name}`).join(' ');
  const hopFactIds = path.map((p) => fx.cell(p.w.table.name, p.row.id, p.link.col.name)!.id);
  return {
    kind: 'chain',
    question,
    ...oneCell(parts),
    aliases,
    answerFactIds: [fx.cell(end.w.table.name, end.row.id, ask.col.name)!.id],
    hopFactIds,
    sql: `SELECT ${selectSql(end.w, ask, `t${path.length}`)} FROM ${w.table.name} t0 ${joins} WHERE ${where}`,
    constraintFactIds,
    constraints,
    hops,
    ...(proof ? { proof } : {}),
    bridgeNames: bridges,
    reading: { family: 'chain', start, links: path.map((p) => p.link.label), asks: ask.label },
    signature: `chain:${w.table.name}:${row.id}:${path.map((p) => p.link.col.name).join('>')}:${ask.col.name}`,
  };
}

/** Up to `want` chain drafts, each a different (start, links, attribute). */
export const drawChain: Family = (ctx, want) => {
  const out: TaskDraft[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; attempt < want * 25 && out.length < want; attempt++) {
    const d = drawOne(ctx);
    if (!d || seen.has(d.signature)) continue;
    seen.add(d.signature);
    out.push(d);
  }
  return out;
};

interface PathReading {
  words: TableWords;
  start: EntityRef;
  links: string[];
}

/** Every reading of "maker of the phone model whose …" / "maker of the phone model Zentria X9": the start, the links, the table reached. */
export function readPath(text: string): PathReading[] {
  const out: PathReading[] = [];
  const rd = readDescribed(text);
  if (rd) out.push({ words: rd.words, start: rd.described, links: [] });
  // A name starts with a capital or a digit ("launch site of the …" is a link, not a launch site's name).
  else
    for (const w of allTableWords())
      if (w.table.nameColumn && text.startsWith(`${w.kind} `) && /^[\p{Lu}\d]/u.test(text.slice(w.kind.length + 1)))
        out.push({ words: w, start: { name: text.slice(w.kind.length + 1) }, links: [] });
  for (let i = text.indexOf(' of the '); i !== -1; i = text.indexOf(' of the ', i + 1)) {
    const head = text.slice(0, i);
    for (const inner of readPath(text.slice(i + ' of the '.length))) {
      const link = linkColumns(inner.words).find((l) => l.q === head);
      if (link) out.push({ words: refWords(inner.words, link), start: inner.start, links: [...inner.links, link.label] });
    }
  }
  return out;
}

/** Reads a chain question back: the start, the links followed, the attribute read at the end. */
export const readChain: ReadQuestion = (question, kind) => {
  if (kind !== 'chain') return null;
  for (const f of ATTRIBUTE_FRAMES)
    for (const m of matchEvery(f.template, question))
      for (const p of readPath(m.x!)) {
        if (p.links.length === 0) continue;
        const col = p.words.columns.find(
          (c) =>
            c.q === m.a &&
            categoriesOf(c).includes(f.category!) &&
            (m.u === undefined || m.u === c.suffix.trim()) &&
            (m.k === undefined || (c.col.type === 'entity' && refWords(p.words, c).kind === m.k)),
        );
        if (col) return { family: 'chain', start: p.start, links: p.links, asks: col.label } satisfies ChainReading;
      }
  return null;
};
