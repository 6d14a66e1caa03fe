/** Context sentences: the background of the domain, or of the subject within it. */
import type { Template } from './parts.js';

export const CONTEXT: Template[] = [
  (w) => `much of the recent debate in the ${w.field} has turned on ${w.topic()}`,
  (w) => `observers of the ${w.field} keep returning to ${w.topic()}`,
  (w) => `${w.topic()} and ${w.topic2()} remain recurring themes across the ${w.field}`,
  (w) => `few parts of the ${w.field} are untouched by questions of ${w.topic()}`,
  (w) => `the ${w.field} has long been shaped by ${w.topic()}`,
  (w) => `discussions of the ${w.field} tend to come back to ${w.topic()} sooner or later`,
  (w) => `any account of the ${w.field} has to reckon with ${w.topic()}`,
  (w) => `the wider ${w.field} is still working through the effects of ${w.topic()}`,
  (w) => `questions about ${w.topic()} sit in the background of most coverage of the ${w.field}`,
  (w) => `trade coverage of the ${w.field} often frames events in terms of ${w.topic()}`,
  (w) => `people inside the ${w.field} describe ${w.topic()} as a constant source of pressure`,
  (w) => `the balance between ${w.topic()} and ${w.topic2()} shapes a great deal of what happens in the ${w.field}`,
  (w) => `the ${w.field} is often described as crowded, and attention to ${w.topic()} has only grown`,
  (w) => `behind most headlines in the ${w.field} lies some question of ${w.topic()}`,
  (w) => `conditions in the ${w.field} have been shaped as much by ${w.topic()} as by any single decision`,
  (w) => `there is broad agreement that the state of ${w.topic()} matters to the ${w.field}, and far less agreement on how much`,
  (w) => `specialists in the ${w.field} tend to read every development through the lens of ${w.topic()}`,
  (w) => `a good deal of the uncertainty in the ${w.field} traces back to ${w.topic()}`,
  (w) => `the conversation around ${w.topic()} has changed the way the ${w.field} is covered`,
  (w) => `competition in the ${w.field} plays out against the backdrop of ${w.topic()}`,
  (w) => `newcomers to the ${w.field} often underestimate the weight of ${w.topic()}`,
  (w) => `the ${w.field} has seen its share of surprises, many of them linked to ${w.topic()}`,
  (w) => `reports on the ${w.field} increasingly pair ${w.topic()} with ${w.topic2()}`,
  (w) => `the ${w.field} does not stand still, and neither does the debate over ${w.topic()}`,
  (w) => `those who follow the ${w.field} closely tend to watch ${w.topic()} before anything else`,
  (w) => `regional differences in the ${w.field} often come down to ${w.topic()}`,
  (w) => `the story of the ${w.field} is in large part a story of ${w.topic()}`,
  (w) => `industry gatherings in the ${w.field} now give ${w.topic()} a prominent place on the agenda`,
];

export const CONTEXT_ABOUT: Template[] = [
  (w) => `${w.about} sits within a ${w.field} where questions of ${w.topic()} shape many decisions`,
  (w) => `coverage of ${w.about} usually touches on the wider ${w.field} as well`,
  (w) => `${w.about} is often discussed alongside broader questions of ${w.topic()}`,
  (w) => `to understand ${w.about}, it helps to look at the wider ${w.field}`,
  (w) => `discussions of ${w.about} often lead back to ${w.topic()}`,
  (w) => `much of the coverage of ${w.about} has been framed by ${w.topic()}`,
  (w) => `${w.about} comes up often in conversations about ${w.topic()}`,
  (w) => `any profile of ${w.about} has to be read against the wider ${w.field}`,
  (w) => `the case of ${w.about} illustrates how questions of ${w.topic()} play out in practice`,
  (w) => `${w.about} is a familiar name to anyone who follows the ${w.field}`,
];

/**
 * Context composed of a standing concern and where it shows: "the question of regulation" + "runs
 * through most discussion of the smartphone market". Each concern is singular and names a topic; each
 * setting fits any of them; none says how much or since when.
 */
const CONCERNS: Template[] = [
  (w) => `the question of ${w.topic()}`,
  (w) => `the debate over ${w.topic()}`,
  (w) => `concern over ${w.topic()}`,
  (w) => `the issue of ${w.topic()}`,
  (w) => `interest in ${w.topic()}`,
  (w) => `talk of ${w.topic()}`,
  (w) => `the pressure of ${w.topic()}`,
];
const CONCERNS_ABOUT: Template[] = [
  (w) => `interest in ${w.about}`,
  (w) => `the attention given to ${w.about}`,
  (w) => `talk about ${w.about}`,
  (w) => `the case of ${w.about}`,
];
const SETTINGS: Template[] = [
  (w) => `runs through most discussion of the ${w.field}`,
  (w) => `comes up in almost every conversation about the ${w.field}`,
  (w) => `colours how the ${w.field} reads its own news`,
  (w) => `is rarely far from the agenda in the ${w.field}`,
  (w) => `has become a standard part of any account of the ${w.field}`,
  (w) => `sets the terms for much of the coverage of the ${w.field}`,
  (w) => `shapes how newcomers to the ${w.field} are briefed`,
  (w) => `is a familiar thread in the trade coverage of the ${w.field}`,
  (w) => `sits close to the centre of the ${w.field} and its arguments`,
  (w) => `is often tied to ${w.topic2()} in the ${w.field}`,
  (w) => `tends to surface whenever talk turns to ${w.topic2()}`,
  (w) => `is hard to untangle from ${w.topic2()}`,
  () => 'frames much of what is written on the subject',
  () => 'is the backdrop to most of what follows',
];

export function composedContext(rng: { pick<T>(xs: readonly T[]): T }, w: Parameters<Template>[0], about: boolean): string {
  return `${rng.pick(about ? CONCERNS_ABOUT : CONCERNS)(w)} ${rng.pick(SETTINGS)(w)}`;
}
