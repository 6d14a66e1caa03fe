/** Transitions between a page's parts. */
import type { Template } from './parts.js';

const LEADS = [
  'Beyond that,',
  'Elsewhere,',
  'On a related note,',
  'Turning to the details,',
  'Meanwhile,',
  'With that in mind,',
  'Against that backdrop,',
  'From there,',
  'Looking more closely,',
  'Set against that,',
  'In more detail,',
  'On the specifics,',
  'Taking a narrower view,',
  'Closer to the ground,',
  'For the fuller picture,',
  'Alongside that,',
];
const CORES = [
  'the picture becomes clearer',
  'other details come into view',
  'the specifics are worth setting out',
  'a few further points stand out',
  'the record fills in the rest',
  'the rest of the story is told in the details',
  'the particulars deserve a closer look',
  'the finer points are easier to see',
  'the supporting details matter',
  'the rest of the record is worth having',
  'some practical details are worth noting',
  'the account becomes more concrete',
  'the underlying details are worth a look',
];

export const TRANSITIONS: Template[] = [
  () => 'other details are worth a closer look',
  () => 'the rest of the picture is more familiar',
  () => 'that is only part of the story, however',
  () => 'there is more to it than that',
  () => 'the background helps explain why',
  () => 'some context is useful here',
  () => 'a few other points stand out',
  () => 'the wider picture is worth keeping in mind',
  () => 'the remaining details follow',
  () => 'several other details round out the picture',
  (w) => `the wider ${w.field} offers some perspective`,
  ...LEADS.flatMap((lead) => CORES.map((core) => () => `${lead} ${core}`)),
];

export const TRANSITIONS_ABOUT: Template[] = [
  (w) => `more on ${w.about} follows`,
  (w) => `the details of ${w.about} are set out below`,
  (w) => `turning to ${w.about}, the record is fuller`,
  (w) => `the record of ${w.about} is worth setting out in full`,
  (w) => `here is what is known about ${w.about}`,
  (w) => `the particulars of ${w.about} come next`,
  (w) => `what the record shows about ${w.about} is set out here`,
  (w) => `a closer look at ${w.about} helps`,
  (w) => `the main details of ${w.about} are worth gathering together`,
  (w) => `the specifics of ${w.about} are summarised below`,
  (w) => `for ${w.about}, the record is the place to start`,
  (w) => `as for ${w.about}, the essentials follow`,
];
