/**
 * How a page reads as text (what search snippets are cut from): Markdown links and emphasis give
 * their words, and a table row reads as "Name — Header: cell; Header: cell" — a data row named by its
 * first cell (after a rank, "3. Name — …"), an infobox row (two columns, one header empty) named by
 * the table's entity. Table-row passages are written with `rowText`, so every passage is a piece of
 * the page's reading text.
 */

export function unlink(text: string): string {
  return text.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1').replace(/\*\*/g, '');
}

export function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => unlink(c).trim());
}

const isRule = (cells: string[]) => cells.every((c) => /^-{3,}$/.test(c));

/** The reading text of one table row under `header` (both as written in the Markdown, links removed). */
export function rowText(header: readonly string[], cells: readonly string[]): string {
  const filled = (i: number) => cells[i] !== undefined && cells[i] !== '' && cells[i] !== '—';
  if (header.length === 2 && (header[0] === '') !== (header[1] === '')) {
    const name = header[0] || header[1]!;
    return `${name} — ${cells[0]}: ${cells[1]}`;
  }
  const ranked = /^(?:rank|#)$/i.test(header[0] ?? '');
  const at = ranked ? 1 : 0;
  const pairs = header.map((h, i) => (i > at && filled(i) ? `${h}: ${cells[i]}` : null)).filter((x): x is string => x !== null);
  return `${ranked ? `${cells[0]}. ` : ''}${cells[at]} — ${pairs.join('; ')}`;
}

/** A page body as it reads: headings dropped, list markers and Markdown marks removed, tables read row by row. */
export function readingText(body: string): string {
  const out: string[] = [];
  let header: string[] | null = null;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('|')) header = null;
    if (line.startsWith('#')) continue;
    if (line.startsWith('|')) {
      const cells = cellsOf(line);
      if (isRule(cells)) continue;
      if (!header) header = cells;
      else out.push(rowText(header, cells));
      continue;
    }
    out.push(unlink(line.replace(/^(?:- |\d+\. )/, '')));
  }
  return out.join(' ').replace(/\s+/g, ' ').trim();
}
