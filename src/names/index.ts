/** Invented names per locale and entity kind: the pool, the per-kind generators and the letter statistics. */
export { NamePool, inventWord, type MakeContext, type PoolOptions } from './pool.js';
export { drugStemsFor, type NameParts } from './kinds.js';
export { firstNameProblem, firstNames } from './person.js';
export { localeNames } from './locale.js';
export { ENGLISH_LETTERS, letterDistance, letterShare, letterCounts } from './letters.js';
export type { DrugStem, LocaleNames } from './data/schema.js';
