/**
 * Reading Markdown tables out of free text, leniently: leading and trailing pipes optional, escaped
 * pipes kept, emphasis stripped, short rows padded. A table is a header line followed by a separator
 * line (`| --- | :-: |`) and its body; failing any such table, two or more consecutive pipe lines are
 * read as header + body. Never throws.
 */

export interface MarkdownTable {
  header: string[];
  rows: string[][];
}

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (ch === '|') {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells.map(cleanCell);
}

function cleanCell(cell: string): string {
  return cell
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/\*\*|__|`/g, '')
    .trim()
    .replace(/^\*(.+)\*$/, '$1')
    .trim();
}

const isPipeLine = (line: string) => line.includes('|');
const isSeparator = (line: string) => {
  if (!isPipeLine(line)) return false;
  const cells = splitRow(line);
  return cells.length > 0 && cells.every((c) => /^:?-+:?$/.test(c.replace(/\s/g, ''))) && cells.some((c) => c.includes('-'));
};

function fit(row: string[], width: number): string[] {
  if (row.length >= width) return row.slice(0, width);
  return [...row, ...Array<string>(width - row.length).fill('')];
}

/** Every table in `text`, in order of appearance. */
export function parseMarkdownTables(text: string): MarkdownTable[] {
  const lines = text.split(/\r?\n/);
  const tables: MarkdownTable[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!isPipeLine(lines[i]!) || !isSeparator(lines[i + 1]!)) continue;
    const header = splitRow(lines[i]!);
    const rows: string[][] = [];
    let j = i + 2;
    for (; j < lines.length && isPipeLine(lines[j]!) && lines[j]!.trim() !== ''; j++) {
      if (isSeparator(lines[j]!)) continue;
      const row = fit(splitRow(lines[j]!), header.length);
      if (row.some((c) => c !== '')) rows.push(row);
    }
    tables.push({ header, rows });
    i = j - 1;
  }
  if (tables.length > 0) return tables;
  // No separator line anywhere: read runs of pipe lines as header + body.
  for (let i = 0; i < lines.length; i++) {
    if (!isPipeLine(lines[i]!)) continue;
    let j = i;
    while (j < lines.length && isPipeLine(lines[j]!)) j++;
    if (j - i >= 2) {
      const header = splitRow(lines[i]!);
      if (header.length >= 2) {
        const rows = lines
          .slice(i + 1, j)
          .map((l) => fit(splitRow(l), header.length))
          .filter((r) => r.some((c) => c !== ''));
        tables.push({ header, rows });
      }
    }
    i = j;
  }
  return tables;
}
