/** Pooling world figures over a scope (one theme, or the whole batch) into the report's figures. */
import { countsDistance, countsShare, type LetterCounts } from '../names/letters.js';
import type { WorldFigures } from './measure.js';

/** Distinct shapes an attribute needs (the "at least 6 phrasings per attribute"). */
export const PHRASINGS_TARGET = 6;
/** Noise claims a world needs to count toward the "at least half the worlds carry 3" target. */
export const NOISE_PER_WORLD = 3;
/** How many of the most common shapes the coverage figure sums. */
export const TOP_SHAPES = 100;

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export interface ScopeFigures {
  worlds: number;
  passages: number;
  /** Distinct sentence shapes, and their count as a share of passages. */
  shapes: number;
  shapeShare: number;
  /** Share of passages whose shape is one of the TOP_SHAPES most common. */
  topShare: number;
  /** Distinct shapes among the passages stating exactly one fact of each attribute in use. */
  phrasings: { attributes: number; min: number | null; median: number | null; atTarget: number; byAttribute: Record<string, number> };
  words: { pages: number; min: number | null; byGenre: Record<string, { pages: number; median: number }> };
  /** Pages with a date (published or last edited), overall and per genre. */
  dated: { share: number; byGenre: Record<string, number> };
  /** Pages with a Markdown link to another page of their world, and links per page. */
  links: { share: number; median: number };
  /** Over the worlds that record claims; null when none does (format v1). */
  coreference: { worlds: number; factPassages: number; share: number } | null;
  sites: Spread;
  urlSchemes: Spread;
  anachronisms: number;
  /** Worlds whose theme declares no TimeRole (their pages cannot be checked for anachronisms). */
  untimedWorlds: number;
  /** The first few, to see what they are. */
  anachronismExamples: string[];
  names: { names: number; letterDistance: number | null; xShare: number | null };
  /** Over the worlds that record claims; null when none does. */
  noise: { worlds: number; perWorld: Spread; worldsAtTarget: number; share: number; forms: Record<string, number> } | null;
  facts: { min: number; max: number };
  /**
   * How much worlds of one theme differ in shape: distinct (theme, attribute set) signatures, and the
   * mean Jaccard similarity of the attribute sets of two worlds of the same theme (over every such pair;
   * null with no pair).
   */
  worldShapes: { signatures: number; jaccard: number | null };
}

/** |a ∩ b| / |a ∪ b| of two sorted, duplicate-free lists. */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  const set = new Set(a);
  const both = b.filter((x) => set.has(x)).length;
  const union = a.length + b.length - both;
  return union === 0 ? 1 : both / union;
}

/** Mean pairwise Jaccard within each group, over all pairs of all groups; null with no pair. */
function meanJaccard(groups: Iterable<string[][]>): number | null {
  let sum = 0;
  let pairs = 0;
  for (const sets of groups)
    for (let i = 0; i < sets.length; i++)
      for (let j = i + 1; j < sets.length; j++) {
        sum += jaccard(sets[i]!, sets[j]!);
        pairs++;
      }
  return pairs ? sum / pairs : null;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const minOf = (xs: readonly number[]) => xs.reduce((m, x) => Math.min(m, x), Number.POSITIVE_INFINITY);
const maxOf = (xs: readonly number[]) => xs.reduce((m, x) => Math.max(m, x), Number.NEGATIVE_INFINITY);

function spread(xs: readonly number[]): Spread {
  return { min: minOf(xs), median: median(xs), max: maxOf(xs) };
}

export interface Tally {
  /** Add one world; `attributePrefix` keeps attributes of different themes apart in a batch-wide tally. */
  add(w: WorldFigures, attributePrefix?: string): void;
  result(): ScopeFigures;
}

export function createTally(): Tally {
  let worlds = 0;
  let passages = 0;
  const shapeCounts = new Map<string, number>();
  const attributes = new Map<string, Set<string>>();
  const words = new Map<string, number[]>();
  const dated = new Map<string, number>();
  const links: number[] = [];
  const sites: number[] = [];
  const schemes: number[] = [];
  const facts: number[] = [];
  const anachronisms: string[] = [];
  let anachronismCount = 0;
  let untimedWorlds = 0;
  const letters: LetterCounts = new Map();
  let names = 0;
  let claimWorlds = 0;
  let factPassages = 0;
  let coreferent = 0;
  const noisePerWorld: number[] = [];
  const forms: Record<string, number> = {};
  const shapesByTheme = new Map<string, string[][]>();
  return {
    add(w, prefix = '') {
      worlds++;
      passages += w.shapes.length;
      for (const s of w.shapes) shapeCounts.set(s, (shapeCounts.get(s) ?? 0) + 1);
      for (const [attr, s] of w.attributeShapes) {
        const key = prefix + attr;
        (attributes.get(key) ?? attributes.set(key, new Set()).get(key)!).add(s);
      }
      for (const p of w.pages) {
        (words.get(p.kind) ?? words.set(p.kind, []).get(p.kind)!).push(p.words);
        if (p.dated) dated.set(p.kind, (dated.get(p.kind) ?? 0) + 1);
        links.push(p.links);
      }
      sites.push(w.sites);
      schemes.push(w.urlSchemes);
      facts.push(w.facts);
      (shapesByTheme.get(w.theme) ?? shapesByTheme.set(w.theme, []).get(w.theme)!).push(w.attributes);
      anachronismCount += w.anachronisms.length;
      if (w.timedColumns === 0) untimedWorlds++;
      for (const a of w.anachronisms) if (anachronisms.length < 5) anachronisms.push(a);
      for (const [k, n] of w.nameLetters) letters.set(k, (letters.get(k) ?? 0) + n);
      names += w.names;
      if (w.claims) {
        claimWorlds++;
        factPassages += w.claims.factPassages;
        coreferent += w.claims.coreferent;
        noisePerWorld.push(w.claims.noise);
        for (const [f, n] of Object.entries(w.claims.forms)) forms[f] = (forms[f] ?? 0) + (n ?? 0);
      }
    },
    result() {
      const top = [...shapeCounts.values()].sort((a, b) => b - a).slice(0, TOP_SHAPES);
      const byAttribute = Object.fromEntries([...attributes.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, s]) => [k, s.size]));
      const counts = Object.values(byAttribute);
      const allWords = [...words.values()].flat();
      const atTarget = noisePerWorld.filter((n) => n >= NOISE_PER_WORLD).length;
      return {
        worlds,
        passages,
        shapes: shapeCounts.size,
        shapeShare: passages ? shapeCounts.size / passages : 0,
        topShare: passages ? top.reduce((s, n) => s + n, 0) / passages : 0,
        phrasings: {
          attributes: counts.length,
          min: counts.length ? minOf(counts) : null,
          median: counts.length ? median(counts) : null,
          atTarget: counts.filter((n) => n >= PHRASINGS_TARGET).length,
          byAttribute,
        },
        words: {
          pages: allWords.length,
          min: allWords.length ? minOf(allWords) : null,
          byGenre: Object.fromEntries(
            [...words.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, xs]) => [k, { pages: xs.length, median: median(xs) }]),
          ),
        },
        dated: {
          share: allWords.length ? [...dated.values()].reduce((s, n) => s + n, 0) / allWords.length : 0,
          byGenre: Object.fromEntries([...words.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, xs]) => [k, (dated.get(k) ?? 0) / xs.length])),
        },
        links: { share: links.length ? links.filter((n) => n > 0).length / links.length : 0, median: links.length ? median(links) : 0 },
        coreference: claimWorlds ? { worlds: claimWorlds, factPassages, share: factPassages ? coreferent / factPassages : 0 } : null,
        sites: spread(sites),
        urlSchemes: spread(schemes),
        anachronisms: anachronismCount,
        untimedWorlds,
        anachronismExamples: anachronisms,
        names: { names, letterDistance: countsDistance(letters), xShare: countsShare(letters, 'x') },
        noise: claimWorlds ? { worlds: claimWorlds, perWorld: spread(noisePerWorld), worldsAtTarget: atTarget, share: atTarget / claimWorlds, forms } : null,
        facts: { min: minOf(facts), max: maxOf(facts) },
        worldShapes: {
          signatures: new Set([...shapesByTheme.entries()].flatMap(([t, sets]) => sets.map((s) => `${t}|${s.join(',')}`))).size,
          jaccard: meanJaccard(shapesByTheme.values()),
        },
      };
    },
  };
}
