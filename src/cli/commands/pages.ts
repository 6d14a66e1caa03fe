/**
 * `pages WORLD [--kind K] [--site S] [--json]`: browse a world's pages, one line each (kind, date, words,
 * URL, title), in file order; `open --world WORLD URL` prints one. Reads the file as it is: no session,
 * no guard (this is the world's author's view, not the agent's).
 */
import type { Command } from 'commander';
import { locateWorld } from '../../db/locate.js';
import { openWorld, readingWorld } from '../../db/open.js';
import { FictionError } from '../../errors.js';
import { PAGE_KINDS } from '../../world/types.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';

/** The page kinds a world has: declared once, in world/types.ts. */
export { PAGE_KINDS };

export interface PageListing {
  url: string;
  title: string;
  kind: string;
  site: string;
  /** ISO date, or null for an undated page. */
  date: string | null;
  words: number;
}

const words = (body: string) => body.split(/\s+/).filter(Boolean).length;

/** The pages of the world file at `path`, filtered by kind and site, in file order. */
export function listPages(path: string, filter: { kind?: string; site?: string } = {}): { world: string; pages: PageListing[] } {
  if (filter.kind !== undefined && !(PAGE_KINDS as readonly string[]).includes(filter.kind))
    throw new FictionError('BAD_INPUT', `unknown --kind "${filter.kind.slice(0, 20)}" (kinds: ${PAGE_KINDS.join(', ')})`);
  const w = openWorld(path);
  try {
    return readingWorld(path, () => {
      if (filter.site !== undefined) {
        const sites = w.db.prepare('SELECT DISTINCT site FROM documents ORDER BY site').pluck().all() as string[];
        if (!sites.includes(filter.site)) {
          const shown = sites.slice(0, 8).join(', ') + (sites.length > 8 ? `, … (${sites.length} sites)` : '');
          throw new FictionError('NOT_FOUND', `no site "${filter.site.slice(0, 60)}" in world ${w.id} (sites: ${shown})`);
        }
      }
      const rows = w.db
        .prepare('SELECT url, title, kind, site, published, body FROM documents WHERE (? IS NULL OR kind = ?) AND (? IS NULL OR site = ?) ORDER BY id')
        .all(filter.kind ?? null, filter.kind ?? null, filter.site ?? null, filter.site ?? null) as {
        url: string;
        title: string;
        kind: string;
        site: string;
        published: string | null;
        body: string;
      }[];
      const pages = rows.map((r) => ({ url: r.url, title: r.title, kind: r.kind, site: r.site, date: r.published, words: words(r.body) }));
      return { world: w.id, pages };
    });
  } finally {
    w.db.close();
  }
}

export function formatPages(world: string, pages: readonly PageListing[]): string {
  const kindWidth = Math.max(4, ...pages.map((p) => p.kind.length));
  const wordsWidth = Math.max(5, ...pages.map((p) => String(p.words).length));
  const lines = [`${'kind'.padEnd(kindWidth)}  ${'date'.padEnd(10)}  ${'words'.padStart(wordsWidth)}  url · title`];
  for (const p of pages)
    lines.push(`${p.kind.padEnd(kindWidth)}  ${(p.date ?? '-').padEnd(10)}  ${String(p.words).padStart(wordsWidth)}  ${p.url} · ${p.title}`);
  lines.push(`${pages.length} pages in ${world}`);
  return `${lines.join('\n')}\n`;
}

export function registerPages(program: Command, io: Io): void {
  declareCommand(program, 'pages')
    .option('--worlds <dir>', 'folder to look world ids up in', 'worlds')
    .option('--kind <kind>', `only pages of this kind (${PAGE_KINDS.join(', ')})`)
    .option('--site <site>', 'only pages of this site, e.g. www.example.com')
    .option('--json', 'print as JSON', false)
    .action((world: string, o) => {
      const { world: id, pages } = listPages(locateWorld(world, o.worlds), { kind: o.kind, site: o.site });
      io.out(o.json ? `${JSON.stringify({ world: id, pages }, null, 2)}\n` : formatPages(id, pages));
    });
}
