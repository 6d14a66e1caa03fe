/**
 * `report DIR`: the realism figures of a batch, per theme and overall, read one world at a time (each
 * world's figures are pooled and its data dropped before the next is opened).
 */
import { loadWorld } from '../db/load.js';
import { openWorld, readingWorld } from '../db/open.js';
import { sampleWorldFiles } from '../tasks/sample-worlds.js';
import { measureWorld, type WorldFigures } from './measure.js';
import { GENRE_WORDS, reportRows } from './rows.js';
import { createTally, type ScopeFigures, type Tally } from './tally.js';

export interface Check {
  id: string;
  label: string;
  target: string;
  /** 'all' or a theme id. */
  scope: string;
  figure: string;
  /** null: not measurable here (n/a). */
  pass: boolean | null;
}

export interface RealismReport {
  dir: string;
  worlds: number;
  /** Worlds per file format version. */
  formats: Record<string, number>;
  overall: ScopeFigures;
  themes: Record<string, ScopeFigures>;
  /** Every figure that has a target, overall and per theme. */
  checks: Check[];
}

export interface ReportOptions {
  /** Measure only this many worlds, spread evenly over the folder (tasks/sample-worlds.ts). */
  sample?: number;
  onWorld?: (done: number, total: number) => void;
}

/** The figures of one world file. */
export function measureFile(file: string): WorldFigures & { formatVersion: number } {
  const w = openWorld(file);
  try {
    return readingWorld(file, () => {
      const data = loadWorld(w);
      return {
        ...measureWorld(
          data,
          data.documents.some((d) => d.passages.some((p) => p.claims !== undefined)),
        ),
        formatVersion: data.meta.format_version,
      };
    });
  } finally {
    w.db.close();
  }
}

/** The genres to print, those with a length target first. */
export function genreOrder(f: ScopeFigures): string[] {
  const all = Object.keys(f.words.byGenre);
  const targeted = Object.keys(GENRE_WORDS).filter((g) => all.includes(g));
  return [...targeted, ...all.filter((g) => !targeted.includes(g)).sort()];
}

export function reportRealism(dir: string, opts: ReportOptions = {}): RealismReport {
  const files = sampleWorldFiles(dir, opts.sample);
  const overall = createTally();
  const themes = new Map<string, Tally>();
  const formats: Record<string, number> = {};
  for (const [i, file] of files.entries()) {
    const w = measureFile(file);
    formats[`v${w.formatVersion}`] = (formats[`v${w.formatVersion}`] ?? 0) + 1;
    overall.add(w, `${w.theme}/`);
    (themes.get(w.theme) ?? themes.set(w.theme, createTally()).get(w.theme)!).add(w);
    opts.onWorld?.(i + 1, files.length);
  }
  const all = overall.result();
  const byTheme = Object.fromEntries([...themes.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([t, tally]) => [t, tally.result()]));
  const checks: Check[] = [];
  for (const row of reportRows(genreOrder(all))) {
    if (!row.pass) continue;
    for (const [scope, f] of [['all', all] as const, ...Object.entries(byTheme)])
      checks.push({ id: row.id, label: row.label, target: row.target, scope, figure: row.show(f), pass: row.pass(f) });
  }
  return { dir, worlds: files.length, formats, overall: all, themes: byTheme, checks };
}
