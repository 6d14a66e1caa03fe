/** Text as a regular-expression literal: every character with a meaning in a pattern is escaped. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
