/** Quotes attributed to an invented voice of the domain ("said an industry analyst"): opinions, never figures. */
import type { Rng } from '../../rng.js';
import type { Template, Words } from './parts.js';

const BODIES: Template[] = [
  (w) => `We are watching ${w.topic()} very closely`,
  (w) => `Nobody in the ${w.field} can afford to ignore ${w.topic()}`,
  () => 'It is too early to draw firm conclusions',
  () => 'The fundamentals have not changed as much as people think',
  () => 'There is a lot of noise, but the direction is clear enough',
  (w) => `Everyone is talking about ${w.topic()}, and for good reason`,
  () => 'I would be careful about reading too much into this',
  (w) => `This is the kind of thing the ${w.field} will be discussing for a long time`,
  (w) => `People underestimate how much rides on ${w.topic()}`,
  () => 'The hard part is what comes next',
  () => 'It is a competitive field, and nobody gets to relax',
  () => 'We have seen cycles like this before',
  (w) => `The conversation has moved on from ${w.topic()} to ${w.topic2()}`,
  (w) => `You cannot separate this from the wider story of ${w.topic()}`,
  () => 'What matters is execution, not announcements',
  (w) => `It tells you something about where the ${w.field} is heading`,
  (w) => `Frankly, the attention on ${w.topic()} is overdue`,
  () => 'I did not expect it to unfold quite like this',
  () => 'There are no easy answers here',
  (w) => `The ${w.field} rewards patience more than people admit`,
  () => 'Nobody I talk to is surprised',
  (w) => `If you want to understand the ${w.field}, start with ${w.topic()}`,
];

const BODIES_ABOUT: Template[] = [
  (w) => `There is more to ${w.about} than the headlines`,
  (w) => `People will keep talking about ${w.about} for a while`,
  (w) => `I would not write off ${w.about}`,
  (w) => `${w.about} is a good example of how the ${w.field} works`,
  (w) => `What ${w.about} shows is how much depends on ${w.topic()}`,
];

/** Ways to attribute a quote; the body has no final stop. */
const ATTRIBUTE: ((body: string, voice: string, w: Words) => string)[] = [
  (b, v) => `"${b}," said ${v}`,
  (b, v) => `"${b}," ${v} said`,
  (b, v) => `${v} put it plainly: "${b}."`,
  (b, v) => `As ${v} put it, "${b}."`,
  (b, v) => `"${b}," said ${v}, who asked not to be named`,
  (b, v) => `"${b}," noted ${v}`,
  (b, v) => `${v} was blunt: "${b}."`,
  (b, v, w) => `"${b}," ${v} told ${w.site}`,
  (b, v) => `"${b}," ${v} added`,
  (b, v) => `In the words of ${v}, "${b}."`,
];

export function quote(rng: Rng, w: Words): string {
  const bodies = w.about && rng.chance(0.3) ? BODIES_ABOUT : BODIES;
  return rng.pick(ATTRIBUTE)(rng.pick(bodies)(w), w.voice(), w);
}
