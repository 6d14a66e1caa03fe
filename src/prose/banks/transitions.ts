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
];
const CORES = [
  'the picture becomes clearer',
  'other details come into view',
  'the specifics are worth setting out',
  'a few further points stand out',
  'the record fills in the rest',
  'the rest of the story is told in the details',
  'the particulars deserve a closer look',
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
];
