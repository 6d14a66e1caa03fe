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
  (w) => `I keep coming back to ${w.topic()}`,
  (w) => `The ${w.field} has been too comfortable about ${w.topic()}`,
  (w) => `Nobody has a clean answer on ${w.topic()}`,
  (w) => `The people I trust are talking about ${w.topic2()}, not ${w.topic()}`,
  (w) => `The story is ${w.topic()}; the rest is commentary`,
  () => 'Everybody has a theory, and most of them are wrong',
  () => 'The detail is where this gets interesting',
  () => 'I would wait before calling it',
  () => 'It is more ordinary than it sounds',
  (w) => `In the ${w.field}, reputations move slowly and then all at once`,
  (w) => `You hear a lot of confident talk about ${w.topic()}, and not much evidence`,
];

const BODIES_ABOUT: Template[] = [
  (w) => `There is more to ${w.about} than the headlines`,
  (w) => `People will keep talking about ${w.about} for a while`,
  (w) => `I would not write off ${w.about}`,
  (w) => `${w.about} is a good example of how the ${w.field} works`,
  (w) => `What ${w.about} shows is how much depends on ${w.topic()}`,
  (w) => `I have followed ${w.about} for a while, and it still surprises me`,
  (w) => `There is more attention on ${w.about} than on most, and some of it is deserved`,
  (w) => `You cannot talk about ${w.topic()} without talking about ${w.about}`,
  (w) => `People read what they want into ${w.about}`,
  (w) => `I do not think ${w.about} is as unusual as people make out`,
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
