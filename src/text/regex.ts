/** Text as a regular-expression literal: every character with a meaning in a pattern is escaped. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A letter of a script written with spaces between words (any letter but a Han character), as a
 * character class for a `u` pattern. What may not touch a number or a date on either side: Chinese is
 * written without spaces, so a number glued to Han characters ("销售额为1.2亿元") is still a number,
 * while one glued to Latin letters ("x9", "q2") is part of a word.
 */
export const SPACED_LETTER = String.raw`[^\P{L}\p{sc=Han}]`;
