/**
 * Question frames: a template with named slots, rendered into a question and matched back out of one.
 * Every generated question comes from a frame, so a reader (the oracle) can recover its slots from the
 * text alone. `{name}` is a slot; a slot matches lazily up to the text that follows it.
 *
 *   const f = frame('Which {kind} {conditions}?');
 *   f.render({ kind: 'phone model', conditions: 'launched in 2031' }) // 'Which phone model launched in 2031?'
 *   f.match('Which phone model launched in 2031?')                    // { kind: 'phone model', conditions: 'launched in 2031' }
 */
export interface Frame {
  readonly template: string;
  readonly slots: readonly string[];
  render(values: Readonly<Record<string, string>>): string;
  match(text: string): Record<string, string> | null;
}

import { memoize } from '../../util/bounded-cache.js';
import { escapeRegExp as literal } from '../../text/regex.js';

const SLOT = /\{([a-zA-Z][a-zA-Z0-9_]*)\}/g;

/** The frame of a template, compiled once: frames are immutable, and readers rebuild them per question. */
export const frame: (template: string) => Frame = memoize(4096, compile);

function compile(template: string): Frame {
  const slots = [...template.matchAll(SLOT)].map((m) => m[1]!);
  if (new Set(slots).size !== slots.length) throw new Error(`frame "${template}": a slot appears twice`);
  let pattern = '';
  let at = 0;
  for (const m of template.matchAll(SLOT)) {
    pattern += `${literal(template.slice(at, m.index))}(.+?)`;
    at = m.index! + m[0].length;
  }
  const re = new RegExp(`^${pattern}${literal(template.slice(at))}$`, 's');
  return {
    template,
    slots,
    render(values) {
      return template.replace(SLOT, (_, name: string) => {
        const v = values[name];
        if (v === undefined) throw new Error(`frame "${template}": no value for {${name}}`);
        return v;
      });
    },
    match(text) {
      const m = re.exec(text);
      if (!m) return null;
      return Object.fromEntries(slots.map((s, i) => [s, m[i + 1]!]));
    },
  };
}

/** The first frame of a list that matches, with its slots. */
export function matchFrames(frames: readonly Frame[], text: string): { frame: Frame; slots: Record<string, string> } | null {
  for (const f of frames) {
    const slots = f.match(text);
    if (slots) return { frame: f, slots };
  }
  return null;
}
