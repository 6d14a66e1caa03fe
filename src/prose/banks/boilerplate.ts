/** Boilerplate a site repeats: sourcing, updates, disclaimers. */
import type { Template } from './parts.js';

const SUBJECTS = ['this page', 'this article', 'this entry', 'the information on this page', 'this summary', 'this overview'];
const PREDICATES: ((site: string, field: string) => string)[] = [
  () => 'is compiled from public sources',
  () => 'is updated as new information becomes available',
  (s) => `is maintained by the editors of ${s}`,
  () => 'is provided for general information only',
  () => 'reflects reports available at the time of writing',
  (s, f) => `is part of the coverage of the ${f} at ${s}`,
  () => 'might be revised as new reports come in',
  () => 'does not constitute investment or professional advice',
];

export const BOILERPLATE: Template[] = [
  ...SUBJECTS.flatMap((subj) => PREDICATES.map((pred) => (w: { site: string; field: string }) => `${subj} ${pred(w.site, w.field)}`)),
  () => 'corrections and additions can be sent to the editors',
  () => 'readers are encouraged to consult original sources',
  (w) => `${w.site} does not endorse any company or product mentioned here`,
  () => 'links to related pages appear at the end of the article',
  () => 'comments are moderated before they appear',
  () => 'all names on this page belong to their respective owners',
  (w) => `spotted an error? Let the team at ${w.site} know`,
  () => 'figures are reported as published and have not been independently verified',
  () => 'sources are listed where they could be identified',
];
