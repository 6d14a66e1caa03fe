/** Commentary: judgements that no record can contradict, hedged the way trade writing hedges them. */
import type { Template } from './parts.js';

export const COMMENTARY: Template[] = [
  () => 'the picture is more mixed than the headlines suggest',
  (w) => `the reaction from the ${w.field} has been measured rather than enthusiastic`,
  (w) => `not everyone is convinced that the attention paid to ${w.topic()} is deserved`,
  () => 'the details matter more here than the broad strokes',
  () => 'the real test will come later',
  (w) => `the story is as much about ${w.topic()} as about any single player`,
  () => 'the significance of all this is easy to overstate',
  (w) => `critics argue that the ${w.field} has been slow to respond to ${w.topic()}`,
  (w) => `supporters and sceptics alike agree that the question of ${w.topic()} deserves a closer look`,
  (w) => `it is a reminder of how quickly sentiment can shift in the ${w.field}`,
  (w) => `this fits a broader pattern in the ${w.field}`,
  () => 'what happens next is far from settled',
  (w) => `the wider implications for ${w.topic()} remain unclear`,
  (w) => `few expect the underlying questions about ${w.topic()} to go away soon`,
  () => 'the figures tell only part of the story',
  (w) => `the debate over ${w.topic()} shows little sign of cooling`,
  () => 'it is hard to judge from the outside how much of this was planned',
  (w) => `much depends on how the ${w.field} handles ${w.topic()}`,
  () => 'the record speaks for itself, though not everyone reads it the same way',
  (w) => `the ${w.field} has a habit of confounding confident predictions`,
  () => 'reasonable people can look at the same record and come away with different conclusions',
  (w) => `there is a case to be made that the weight given to ${w.topic()} has been too small`,
  () => 'the headline figures hide a more complicated story',
  (w) => `those hoping for a quick resolution of ${w.topic()} are likely to be disappointed`,
  () => 'this is the kind of detail that tends to matter more in hindsight',
  (w) => `the episode says something about the priorities of the ${w.field}`,
];

export const COMMENTARY_ABOUT: Template[] = [
  (w) => `${w.about} has drawn both admirers and sceptics`,
  (w) => `opinions on ${w.about} remain divided`,
  (w) => `how ${w.about} is remembered will depend on more than the figures`,
  (w) => `${w.about} remains a talking point among followers of the ${w.field}`,
  (w) => `it is too early to say what ${w.about} will mean for ${w.topic()}`,
  (w) => `the record of ${w.about} invites competing readings`,
  (w) => `${w.about} is easier to describe than to sum up`,
  (w) => `few subjects in the ${w.field} divide opinion quite like ${w.about}`,
];

/**
 * Commentary composed of a judged thing and a judgement: "the early reaction" + "has been more
 * guarded than the coverage implied". Every judged thing is singular and every judgement fits any of
 * them, so each pairing reads as written; a judgement never says how much or when.
 */
const JUDGED: Template[] = [
  () => 'the early reaction',
  () => 'the coverage so far',
  () => 'the wider conversation',
  () => 'the mood among insiders',
  () => 'the consensus view',
  () => 'informed opinion',
  () => 'the reaction from rivals',
  () => 'the response in the trade press',
  (w) => `the reaction across the ${w.field}`,
  (w) => `the debate over ${w.topic()}`,
  (w) => `the argument about ${w.topic()}`,
  (w) => `the discussion of ${w.topic()}`,
  (w) => `the attention paid to ${w.topic()}`,
  (w) => `the focus on ${w.topic()}`,
  (w) => `the worry about ${w.topic()}`,
];
const JUDGED_ABOUT: Template[] = [
  (w) => `the reaction to ${w.about}`,
  (w) => `the coverage of ${w.about}`,
  (w) => `the debate around ${w.about}`,
  (w) => `the conversation about ${w.about}`,
  (w) => `the interest in ${w.about}`,
  (w) => `the scrutiny of ${w.about}`,
];
const JUDGEMENTS: Template[] = [
  () => 'has been more guarded than the headlines implied',
  () => 'points in several directions at once',
  () => 'leaves plenty of room for argument',
  () => 'has shifted more than once along the way',
  () => 'is harder to read than it looks',
  () => 'has yet to settle into a clear view',
  () => 'has been quieter than many expected',
  () => 'tends to skip over the finer points',
  () => 'deserves more scrutiny than it usually gets',
  () => 'says as much about expectations as about results',
  () => 'has been shaped by a handful of loud voices',
  () => 'rarely survives contact with the details',
  () => 'has outrun the evidence at times',
  () => 'has become harder to ignore',
  () => 'looks different depending on who is asked',
  (w) => `has spread well beyond the usual corners of the ${w.field}`,
  (w) => `keeps drifting back towards ${w.topic2()}`,
  (w) => `cannot be separated from the question of ${w.topic2()}`,
];

export function composedCommentary(rng: { pick<T>(xs: readonly T[]): T }, w: Parameters<Template>[0], about: boolean): string {
  return `${rng.pick(about ? JUDGED_ABOUT : JUDGED)(w)} ${rng.pick(JUDGEMENTS)(w)}`;
}
