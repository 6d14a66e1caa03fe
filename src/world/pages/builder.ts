/**
 * A page under construction: its Markdown body, its passages (title, each sentence, list item and
 * table row) with the facts and claims each states, and its links, built together so they agree.
 */
import type { Sentence } from '../../prose/types.js';
import type { Claim, Fact, Link, Passage } from '../types.js';
import { cellsOf, rowText } from './table-text.js';

export type Draft = Omit<Passage, 'id' | 'documentId'>;

/** What a passage states: its text (Markdown allowed), the facts it gives away, its claims. */
export interface Stated {
  text: string;
  facts: readonly Fact[];
  claims: readonly Claim[];
}

export const NO_FACTS = { facts: [], claims: [] } as const;

/** Passage text: Markdown emphasis and link syntax removed, the anchors kept. */
export function plain(text: string): string {
  return text.replace(/\*\*/g, '').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
}

export class PageBuilder {
  private readonly lines: string[] = [];
  readonly passages: Draft[] = [];
  readonly links: Link[] = [];

  constructor(
    readonly heading: string,
    readonly title: string,
  ) {
    this.passages.push({ ord: 0, text: title, factIds: [], claims: [] });
  }

  /** A Markdown link to another page of the world, recorded in the page's links. */
  link(url: string, anchor: string): string {
    if (!this.links.some((l) => l.url === url)) this.links.push({ url, anchor });
    return `[${anchor}](${url})`;
  }

  heading2(text: string, level = 2): void {
    this.lines.push(`${'#'.repeat(level)} ${text}`, '');
  }

  /** A line of its own (a byline, a dateline, a "last edited" note): one passage, no facts. */
  note(text: string): void {
    this.lines.push(text, '');
    this.passage({ text, ...NO_FACTS });
  }

  /** A paragraph of sentences, each one passage; `lead` is written before the first (a dateline). */
  paragraph(sentences: readonly Stated[], lead = ''): void {
    const list = sentences.filter((s) => s.text.trim() !== '');
    if (list.length === 0) return;
    const first = { ...list[0]!, text: `${lead}${list[0]!.text}` };
    const all = [first, ...list.slice(1)];
    this.lines.push(all.map((s) => s.text).join(' '), '');
    for (const s of all) this.passage(s);
  }

  /** A bullet or numbered list; each item one passage. */
  list(items: readonly Stated[], numbered = false): void {
    if (items.length === 0) return;
    items.forEach((item, i) => {
      this.lines.push(`${numbered ? `${i + 1}.` : '-'} ${item.text}`);
      this.passage(item);
    });
    this.lines.push('');
  }

  /**
   * A Markdown table; each row is one passage stating `row.facts`, its text the row as it reads
   * (table-text.ts: "Name — Header: cell; …"), so it names the row's subject and states its cells.
   */
  table(headers: readonly string[], rows: readonly { cells: readonly string[]; facts: readonly Fact[]; claims: readonly Claim[] }[]): void {
    if (rows.length === 0) return;
    const cell = (s: string) => s.replace(/\|/g, '/');
    const line = (cs: readonly string[]) => `| ${cs.map(cell).join(' | ')} |`;
    this.lines.push(line(headers), `|${headers.map(() => '---').join('|')}|`);
    for (const r of rows) {
      this.lines.push(line(r.cells));
      this.passage({ text: rowText(cellsOf(line(headers)), cellsOf(line(r.cells))), facts: r.facts, claims: r.claims });
    }
    this.lines.push('');
  }

  /** A raw Markdown line that is not searchable text (a table of contents, a rule). */
  raw(text: string): void {
    this.lines.push(text, '');
  }

  private passage(s: Stated): void {
    const ids = [...new Set(s.facts.map((f) => f.id))];
    this.passages.push({ ord: this.passages.length, text: plain(s.text), factIds: ids, claims: s.claims.map((c) => ({ ...c })) });
  }

  body(): string {
    return `# ${this.heading}\n\n${this.lines.join('\n').trim()}\n`;
  }

  /** Words of the body as a reader counts them (Markdown marks and URLs left out). */
  words(): number {
    return countWords(this.body());
  }
}

export function countWords(body: string): number {
  return body
    .replace(/\]\([^)]+\)/g, ']')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function sentence(s: Sentence): Stated {
  return { text: s.text, facts: s.facts, claims: s.claims };
}
