/**
 * Reading a question the way a person would: which entity it starts from, which links it follows and
 * which attribute it asks for. The phrasing is the tasks' own (src/world/tasks.ts); where a name or a
 * label could contain " of ", every reading is kept and the pages decide between them.
 */
import { readEasy } from '../tasks/questions/easy.js';
import type { OracleTask } from './oracle-task.js';

/** Start at `subject`, follow each link label in `links` (entity-valued attributes), then read `label`. */
export interface Chain {
  subject: string;
  links: string[];
  label: string;
}

export type Extreme = 'highest' | 'lowest' | 'earliest' | 'latest';

export type ParsedQuestion =
  | { kind: 'chain'; readings: Chain[] }
  | { kind: 'extreme'; candidates: string[]; extreme: Extreme; label: string; ask: 'which' | 'value' }
  | { kind: 'total'; label: string; plural: string; link: string; parent: string }
  | { kind: 'table'; entity: string; scope: { link: string; parent: string } | null; labels: string[]; columns: string[] };

/** Every reading of "{label} of the {link} of … of {subject}"; those with `preferLinks` links first. */
export function chainReadings(text: string, preferLinks: boolean): Chain[] {
  const parts = text.split(' of ');
  const out: Chain[] = [];
  for (let a = 0; a < parts.length - 1; a++) {
    const label = parts.slice(0, a + 1).join(' of ');
    for (let f = 0; a + 1 + f < parts.length; f++) {
      const segs = parts.slice(a + 1, a + 1 + f);
      if (!segs.every((s) => s.startsWith('the ') && s.length > 4)) break;
      const subject = parts.slice(a + 1 + f).join(' of ');
      if (subject.trim() === '') continue;
      out.push({ subject, links: segs.map((s) => s.slice(4)).reverse(), label });
    }
  }
  // Names are written capitalised: a reading whose subject starts in lower case ("the brand of …") comes last.
  const lowerStart = (c: Chain) => (/^\p{Ll}/u.test(c.subject) ? 2 : 0);
  const rank = (c: Chain) => lowerStart(c) + (preferLinks ? (c.links.length > 0 ? 0 : 1) : c.links.length > 0 ? 1 : 0);
  return out
    .map((c, i) => ({ c, i }))
    .sort((x, y) => rank(x.c) - rank(y.c) || x.i - y.i)
    .map((x) => x.c);
}

/** "A, B, C or D" (or "… and D") → [A, B, C, D]. */
export function splitCandidates(list: string, last = ' or '): string[] {
  const at = list.lastIndexOf(last);
  if (at < 0) return [list.trim()];
  return [...list.slice(0, at).split(', '), list.slice(at + last.length)].map((s) => s.trim()).filter((s) => s.length > 0);
}

const decap = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The easy tier's frames (src/tasks/questions/easy.ts) first; then the phrasing of worlds written before them. */
export function parseQuestion(task: OracleTask): ParsedQuestion | null {
  const easy = readEasy(task.kind, task.question, task.columns);
  const legacy = parseLegacy(task);
  if (easy?.kind === 'chain' && legacy?.kind === 'chain') {
    const seen = new Set(easy.readings.map((r) => JSON.stringify(r)));
    return { kind: 'chain', readings: [...easy.readings, ...legacy.readings.filter((r) => !seen.has(JSON.stringify(r)))] };
  }
  return easy ?? legacy;
}

function parseLegacy(task: OracleTask): ParsedQuestion | null {
  const q = task.question.trim();
  switch (task.kind) {
    case 'lookup':
    case 'multi_hop': {
      const m = /^What is the (.+)\?$/s.exec(q);
      if (!m) return null;
      const readings = chainReadings(m[1]!, task.kind === 'multi_hop');
      return readings.length > 0 ? { kind: 'chain', readings } : null;
    }
    case 'comparison':
    case 'temporal': {
      const which = /^Which of (.+) has the (highest|lowest|earliest|latest) (.+)\?$/s.exec(q);
      if (which) return { kind: 'extreme', candidates: splitCandidates(which[1]!), extreme: which[2] as Extreme, label: which[3]!, ask: 'which' };
      const value = /^What is the (highest|lowest|earliest|latest) (.+?) among (.+)\?$/s.exec(q);
      if (value) return { kind: 'extreme', candidates: splitCandidates(value[3]!, ' and '), extreme: value[1] as Extreme, label: value[2]!, ask: 'value' };
      return null;
    }
    case 'aggregation': {
      const m = /^What is the total (.+?) across all (.+?) whose (.+?) is (.+)\?$/s.exec(q);
      if (!m) return null;
      return { kind: 'total', label: m[1]!, plural: m[2]!, link: m[3]!, parent: m[4]! };
    }
    case 'wide_table': {
      const m = /^List every (.+?)(?: whose (.+?) is (.+?))? with its (.+?)\. Answer with a Markdown table with columns (.+)\.$/s.exec(q);
      if (!m) return null;
      const columns = task.columns.length > 0 ? [...task.columns] : m[5]!.split(', ');
      let labels = m[4]!.split(', ');
      if (labels.length !== columns.length - 1) labels = columns.slice(1).map(decap);
      return { kind: 'table', entity: m[1]!, scope: m[2] !== undefined ? { link: m[2], parent: m[3]! } : null, labels, columns };
    }
    default:
      return null;
  }
}
