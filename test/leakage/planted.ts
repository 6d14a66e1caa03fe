/** Disguised surface forms of a task's answer items, and a renderer that plants them in its results. */
import { answerItems } from '../../src/leakage/detector.js';
import { resultFromHit } from '../../src/render/template.js';
import type { Renderer } from '../../src/render/renderer.js';
import { MONTHS, withCommas } from '../../src/format.js';
import type { Task } from '../../src/world/types.js';
import { spellInteger } from '../../src/audit/answer-forms.js';

const ordinal = (d: number) => (d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th');
const fullwidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const zeroWidth = (s: string) => s.replace(/([\p{L}\p{N}])([\p{L}\p{N}])/u, '$1\u200B$2');

/** Disguised forms of one answer item (as the detector must catch them). */
export function disguisedForms(kind: string, text: string, value?: number): string[] {
  if (kind === 'number') {
    const v = value!;
    const dec = (text.split('.')[1] ?? '').length;
    const forms = [withCommas(v, dec), v.toFixed(dec), withCommas(v, dec).replace(/,/g, ' '), fullwidth(withCommas(v, dec)), zeroWidth(v.toFixed(dec))];
    if (Number.isInteger(v) && v >= 0 && v < 1e12) forms.push(spellInteger(v));
    if (Math.abs(v) >= 1e6) forms.push(`about ${(v / 1e6).toFixed(2)} million`, `$${(v / 1e6).toFixed(2)}M`);
    else if (Math.abs(v) >= 1e4) forms.push(`${(v / 1e3).toFixed(1)}k`);
    return forms;
  }
  if (kind === 'date') {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    const month = MONTHS[m - 1]!;
    const mm = String(m).padStart(2, '0'),
      dd = String(d).padStart(2, '0');
    return [
      text,
      `${month} ${d}, ${y}`,
      `${d} ${month.slice(0, 3)} ${y}`,
      `${mm}/${dd}/${y}`,
      `${dd}.${mm}.${y}`,
      `the ${d}${ordinal(d)} of ${month}, ${y}`,
      zeroWidth(`${month} ${d}, ${y}`),
      fullwidth(text),
    ];
  }
  return [text, text.toUpperCase(), zeroWidth(text), text.replace(/ /g, '\u00A0'), fullwidth(text)];
}

/** Every disguised form of every (distinctive) answer item of a task. */
export function plantedForms(task: Task, perItem = 99, items = 4): string[] {
  return answerItems(task)
    .slice(0, items)
    .flatMap((it) => disguisedForms(it.kind, it.text, it.value).slice(0, perItem));
}

/**
 * A renderer that writes each result from its page and snippet, then plants one disguised answer form
 * per result: in the snippet (as free text, or beside its passages), or in the title.
 */
export function plantingRenderer(forms: readonly string[]): Renderer & { planted: string[] } {
  const planted: string[] = [];
  let k = 0;
  return {
    name: 'planting',
    planted,
    renderSearch(input) {
      const results = input.hits.map((hit, i) => {
        const r = resultFromHit(hit);
        // The answer entity's own page names it by design (its title is the name), and so does a result whose
        // own snippet already shows the name (a list of every plant): nothing to plant there.
        // A task with no distinctive answer item (say a table of turnout percentages: numbers below 100
        // are too common to flag) has no form to plant.
        if (forms.length === 0 || forms.some((f) => r.title.startsWith(`${f} - `) || (r.snippet ?? '').includes(f))) return r;
        const form = forms[k++ % forms.length]!;
        planted.push(form);
        const where = (k + i) % 3;
        if (where === 0) return { ...r, snippet: `${r.snippet ?? ''} Reportedly ${form}.`, passageIds: [] };
        if (where === 1) return { ...r, snippet: `${form} — ${r.snippet ?? ''}` };
        return { ...r, title: `${r.title} (${form})` };
      });
      return { results, renderer: 'planting' };
    },
  };
}
