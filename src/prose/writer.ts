/**
 * The page writer. This is the plain baseline: one sentence per fact from the attribute's `say.verb`
 * (or its legacy `sentence`), subject always named. The realizer replaces its internals; its
 * interface (prose/types.ts) stays.
 */
import { formatValue } from '../world/value-text.js';
import type { Claim, Fact } from '../world/types.js';
import type { CreateWriter, Sentence } from './types.js';

export const createWriter: CreateWriter = (world, page) => {
  const style = { num: page.num, date: page.dateStyle };
  return {
    state(facts) {
      return facts.map((f): Sentence => {
        const col = world.fx.column(f.sourceTable, f.sourceColumn);
        const v = formatValue(world.fx, f, style);
        const template = col.say ? `{s} ${col.say.verb}.` : (col.sentence ?? `The ${col.label} of {s} is {v}.`);
        const text = template.replace('{s}', f.subject).replace('{v}', v);
        const claim: Claim = { factId: f.id, form: 'exact', stated: v, subjectForm: 'name', subjectText: f.subject };
        return { text: text.charAt(0).toUpperCase() + text.slice(1), facts: [f], claims: [claim] };
      });
    },
    filler(role, about) {
      const field = world.theme.domain?.field ?? world.theme.title.toLowerCase();
      const text = about ? `More on ${about} follows below.` : `This page covers the ${field}.`;
      return { text: role === 'boilerplate' ? text : text, facts: [], claims: [] };
    },
  };
};
