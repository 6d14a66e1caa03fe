/**
 * The report's rows, declared once: each measure's label, its target as printed, how its figure is
 * shown and whether it meets the target. The table (table.ts) and the JSON checks (run.ts) both derive
 * from these.
 */
import { NOISE_PER_WORLD, PHRASINGS_TARGET, type ScopeFigures, TOP_SHAPES } from './tally.js';

export interface ReportRow {
  id: string;
  label: string;
  /** The target as printed; '' for a figure without one. */
  target: string;
  show: (f: ScopeFigures) => string;
  /** Whether the figure meets the target; null when it has none here (n/a). Absent for a figure without a target. */
  pass?: (f: ScopeFigures) => boolean | null;
}

/** Median words a page of these genres needs (the "realistic lengths"). */
export const GENRE_WORDS: Readonly<Record<string, number>> = { entity: 300, encyclopedia: 300, news: 200 };
export const MIN_PAGE_WORDS = 60;
export const SHAPE_SHARE = 0.3;
export const TOP_SHARE = 0.25;
export const COREFERENCE_SHARE = 0.2;
export const SITES_PER_WORLD = 12;
export const X_SHARE = 0.005;
export const NOISE_WORLDS_SHARE = 0.5;
export const FACTS = { min: 300, max: 500 } as const;
/** Mean Jaccard of two same-theme worlds' attribute sets must stay at or under this (worlds differ in shape). */
export const SHAPE_JACCARD = 0.6;

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const NA = 'n/a';

export function reportRows(genres: readonly string[]): ReportRow[] {
  const genreRows: ReportRow[] = genres.map((g) => {
    const need = GENRE_WORDS[g];
    return {
      id: `words.${g}`,
      label: `median words per page (pages): ${g}`,
      target: need === undefined ? '' : `≥ ${need}`,
      show: (f) => (f.words.byGenre[g] ? `${num(f.words.byGenre[g].median)} (${f.words.byGenre[g].pages})` : '-'),
      ...(need === undefined ? {} : { pass: (f: ScopeFigures) => (f.words.byGenre[g] ? f.words.byGenre[g].median >= need : null) }),
    };
  });
  return [
    { id: 'worlds', label: 'worlds', target: '', show: (f) => String(f.worlds) },
    { id: 'passages', label: 'passages', target: '', show: (f) => String(f.passages) },
    { id: 'shapes', label: 'distinct sentence shapes', target: '', show: (f) => String(f.shapes) },
    {
      id: 'shapes.share',
      label: 'shapes as a share of passages',
      target: `≥ ${pct(SHAPE_SHARE, 0)}`,
      show: (f) => pct(f.shapeShare),
      pass: (f) => f.shapeShare >= SHAPE_SHARE,
    },
    {
      id: 'shapes.top',
      label: `passages in the ${TOP_SHAPES} commonest shapes`,
      target: `≤ ${pct(TOP_SHARE, 0)}`,
      show: (f) => pct(f.topShare),
      pass: (f) => f.topShare <= TOP_SHARE,
    },
    {
      id: 'phrasings',
      label: 'phrasings per attribute (min / median)',
      target: '',
      show: (f) => (f.phrasings.min === null ? '-' : `${f.phrasings.min} / ${num(f.phrasings.median!)}`),
    },
    {
      id: 'phrasings.at-target',
      label: `attributes with ≥ ${PHRASINGS_TARGET} phrasings`,
      target: 'all',
      show: (f) => `${f.phrasings.atTarget} of ${f.phrasings.attributes}`,
      pass: (f) => f.phrasings.atTarget === f.phrasings.attributes,
    },
    ...genreRows,
    {
      id: 'dated',
      label: 'pages with a date (all / encyclopedia)',
      target: '',
      show: (f) => {
        const wiki = ['entity', 'encyclopedia'].filter((g) => f.dated.byGenre[g] !== undefined);
        const share = wiki.length
          ? wiki.reduce((s, g) => s + f.dated.byGenre[g]! * f.words.byGenre[g]!.pages, 0) / wiki.reduce((s, g) => s + f.words.byGenre[g]!.pages, 0)
          : null;
        return `${pct(f.dated.share, 0)} / ${share === null ? '-' : pct(share, 0)}`;
      },
    },
    {
      id: 'links',
      label: 'pages linking to another page of the world',
      target: '',
      show: (f) => `${pct(f.links.share, 0)}`,
    },
    {
      id: 'words.min',
      label: 'fewest words on a page',
      target: `≥ ${MIN_PAGE_WORDS}`,
      show: (f) => (f.words.min === null ? '-' : String(f.words.min)),
      pass: (f) => (f.words.min === null ? null : f.words.min >= MIN_PAGE_WORDS),
    },
    {
      id: 'coreference',
      label: 'fact passages by pronoun/short name/description',
      target: `≥ ${pct(COREFERENCE_SHARE, 0)}`,
      show: (f) => (f.coreference ? pct(f.coreference.share) : NA),
      pass: (f) => (f.coreference ? f.coreference.share >= COREFERENCE_SHARE : null),
    },
    {
      id: 'sites',
      label: 'sites per world (min / median)',
      target: `≥ ${SITES_PER_WORLD}`,
      show: (f) => `${f.sites.min} / ${num(f.sites.median)}`,
      pass: (f) => f.sites.min >= SITES_PER_WORLD,
    },
    { id: 'url-schemes', label: 'URL schemes per world (min / median)', target: '', show: (f) => `${f.urlSchemes.min} / ${num(f.urlSchemes.median)}` },
    {
      id: 'anachronisms',
      label: 'anachronisms',
      target: '0',
      // Worlds whose theme says of no column when its fact becomes true cannot be checked: n/a when none can.
      show: (f) => (f.untimedWorlds === f.worlds ? NA : String(f.anachronisms)),
      pass: (f) => (f.untimedWorlds === f.worlds ? null : f.anachronisms === 0),
    },
    {
      id: 'names.distance',
      label: 'name letters: distance from English (TVD)',
      target: '',
      show: (f) => (f.names.letterDistance === null ? '-' : f.names.letterDistance.toFixed(3)),
    },
    {
      id: 'names.x',
      label: 'name letters: share of "x"',
      target: `≤ ${pct(X_SHARE)}`,
      show: (f) => (f.names.xShare === null ? '-' : pct(f.names.xShare, 2)),
      pass: (f) => (f.names.xShare === null ? null : f.names.xShare <= X_SHARE),
    },
    {
      id: 'noise',
      label: 'non-exact claims per world (min / median / max)',
      target: '',
      show: (f) => (f.noise ? `${f.noise.perWorld.min} / ${num(f.noise.perWorld.median)} / ${f.noise.perWorld.max}` : NA),
    },
    {
      id: 'noise.worlds',
      label: `worlds with ≥ ${NOISE_PER_WORLD} non-exact claims`,
      target: `≥ ${pct(NOISE_WORLDS_SHARE, 0)}`,
      show: (f) => (f.noise ? pct(f.noise.share) : NA),
      pass: (f) => (f.noise ? f.noise.share >= NOISE_WORLDS_SHARE : null),
    },
    {
      id: 'facts',
      label: 'facts per world (min–max)',
      target: `${FACTS.min}–${FACTS.max}`,
      show: (f) => `${f.facts.min}–${f.facts.max}`,
      pass: (f) => f.facts.min >= FACTS.min && f.facts.max <= FACTS.max,
    },
    { id: 'world-shapes', label: 'world shapes: distinct (theme, attributes) signatures', target: '', show: (f) => String(f.worldShapes.signatures) },
    {
      id: 'world-shapes.jaccard',
      label: 'world shapes: mean attribute Jaccard within a theme',
      target: `≤ ${SHAPE_JACCARD}`,
      show: (f) => (f.worldShapes.jaccard === null ? NA : f.worldShapes.jaccard.toFixed(2)),
      pass: (f) => (f.worldShapes.jaccard === null ? null : f.worldShapes.jaccard <= SHAPE_JACCARD),
    },
  ];
}
