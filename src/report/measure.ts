/** The realism figures of one world, taken from its in-memory form (db/load.ts loadWorld). */
import { anachronisms } from '../world/time-check.js';
import type { WorldData } from '../world/types.js';
import { type ClaimFigures, claimFigures } from './claims.js';
import { letterCounts, type LetterCounts } from '../names/letters.js';
import { pageWords, urlScheme, worldLinks } from './pages.js';
import { createShaper } from './shapes.js';
import { inventedNames, shapeVocabulary } from './vocabulary.js';

export interface WorldFigures {
  worldId: string;
  theme: string;
  /** Each passage's sentence shape, in passage order. */
  shapes: string[];
  /** [attribute "table.column", shape] of each passage that states exactly one fact. */
  attributeShapes: [string, string][];
  /** Each page's genre, words, whether it is dated, and its links to other pages of the world. */
  pages: { kind: string; words: number; dated: boolean; links: number }[];
  sites: number;
  urlSchemes: number;
  anachronisms: string[];
  /** Columns of the theme that say when their fact becomes true (a TimeRole): with none, no anachronism can be found. */
  timedColumns: number;
  /** Letter counts a–z of the world's invented names, and how many names. */
  nameLetters: LetterCounts;
  names: number;
  /** null: the world records no claims (format v1). */
  claims: ClaimFigures | null;
  facts: number;
  /** The attributes ("table.column") that state at least one fact in this world, sorted: its shape. */
  attributes: string[];
}

/** `hasClaims`: whether the world's passages carry their claims (a v2 file; claims.ts attachClaims). */
export function measureWorld(data: WorldData, hasClaims: boolean): WorldFigures {
  const shape = createShaper(shapeVocabulary(data));
  const facts = new Map(data.facts.map((f) => [f.id, f]));
  const shapes: string[] = [];
  const attributeShapes: [string, string][] = [];
  for (const d of data.documents)
    for (const p of d.passages) {
      const s = shape(p.text);
      shapes.push(s);
      const only = p.factIds.length === 1 ? facts.get(p.factIds[0]!) : undefined;
      if (only) attributeShapes.push([`${only.sourceTable}.${only.sourceColumn}`, s]);
    }
  const names = inventedNames(data);
  const urls = new Set(data.documents.map((d) => d.url));
  return {
    worldId: data.meta.world_id,
    theme: data.meta.theme,
    shapes,
    attributeShapes,
    pages: data.documents.map((d) => ({ kind: d.kind, words: pageWords(d.body), dated: d.published !== null, links: worldLinks(d.body, d.url, urls) })),
    sites: new Set(data.documents.map((d) => d.site)).size,
    urlSchemes: new Set(data.documents.map((d) => urlScheme(d.url))).size,
    anachronisms: anachronisms(data),
    timedColumns: data.theme.tables.reduce((n, t) => n + t.columns.filter((c) => c.time !== undefined).length, 0),
    nameLetters: letterCounts(names),
    names: names.length,
    claims: hasClaims ? claimFigures(data.documents.flatMap((d) => d.passages)) : null,
    facts: data.facts.length,
    attributes: [...new Set(data.facts.map((f) => `${f.sourceTable}.${f.sourceColumn}`))].sort(),
  };
}
