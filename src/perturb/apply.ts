/**
 * Perturbations of one query's results: unrelated pages mixed into the candidate list (before the
 * guard chooses, so their snippets pass it too), and snippets cut short or dropped (after the renderer).
 * Both only choose among the world's pages or remove text: no fact is ever changed.
 */
import type { Rng } from '../rng.js';
import { cutAtWord } from '../search/snippet.js';
import type { Candidate, RenderedResult } from '../search/types.js';
import type { SearchWorld } from '../search/world-index.js';
import type { PerturbationProfile } from './profile.js';

const PICK_TRIES = 8;

/**
 * Mix unrelated pages into the first `count` slots of `window` (candidates from the page offset on).
 * Each slot draws once; an inserted page pushes the ranked ones down. `ranked` are all retrieved
 * candidates: an unrelated page is one that is not among them.
 */
export function mixIrrelevant(
  window: readonly Candidate[],
  count: number,
  ranked: readonly Candidate[],
  world: SearchWorld,
  profile: Readonly<PerturbationProfile>,
  rng: Rng,
): { candidates: Candidate[]; inserted: number } {
  const taken = new Set(ranked.map((c) => c.page.id));
  const pages = world.allPages();
  const out = window.slice();
  let inserted = 0;
  for (let slot = 0; slot < count; slot++) {
    const mix = rng.chance(profile.irrelevantRate);
    const picks = Array.from({ length: PICK_TRIES }, () => rng.int(0, Math.max(0, pages.length - 1)));
    if (!mix || pages.length === 0 || slot > out.length) continue;
    const page = picks.map((i) => pages[i]!).find((p) => !taken.has(p.id));
    if (!page) continue;
    taken.add(page.id);
    out.splice(slot, 0, { page, score: 0, passages: [], irrelevant: true });
    inserted++;
  }
  return { candidates: out, inserted };
}

/** Cut or drop snippets. Returns new result objects; counts what was changed. */
export function perturbSnippets(
  results: readonly RenderedResult[],
  profile: Readonly<PerturbationProfile>,
  rng: Rng,
): { results: RenderedResult[]; truncated: number; missing: number } {
  let truncated = 0;
  let missing = 0;
  const out = results.map((r) => {
    const drop = rng.chance(profile.snippetMissingRate);
    const cut = rng.chance(profile.snippetTruncateRate);
    const share = rng.real(0.3, 0.6);
    if (r.snippet === null || r.snippet.length === 0) return r;
    if (drop) {
      missing++;
      return { ...r, snippet: null };
    }
    if (cut && r.snippet.length > 60) {
      const text = cutAtWord(r.snippet, Math.floor(r.snippet.length * share));
      if (text.length > 0 && text.length < r.snippet.length) {
        truncated++;
        return { ...r, snippet: text.endsWith('...') ? text : `${text} ...` };
      }
    }
    return r;
  });
  return { results: out, truncated, missing };
}
