/** Hostile query text: FTS5 syntax, quotes, NUL, huge input, emoji, right-to-left and invisible characters. */
export const INJECTION_CORPUS: string[] = [
  '"', '""', '"""', '"unbalanced', 'a" OR "b', 'say "hi" there', 'AND', 'OR', 'NOT', 'NEAR', 'a AND b', 'a OR', 'NOT a', 'a NOT b',
  'NEAR(a b, 2)', 'NEAR/3', '*', 'zen*', '"zen"*', '-', '-zentria', 'a - b', '--', ':', 'text:', 'text:zentria', 'title: x',
  '{text}: a', 'passages_fts:x', '- text : "x"', '\u0000', 'a\u0000b', '\u0000\u0000\u0000', 'x'.repeat(100_000),
  'zentria '.repeat(20_000), '🙂', '👨‍👩‍👧 family', 'مرحبا بالعالم', 'שלום עולם', '\u202Eevil\u202C', '(', ')', '((a)', 'a)', '(a OR b',
  '^', '^zentria', '+', "'; DROP TABLE passages; --", '\\', '%', '_', '\u200B\u200Bzentria\u200D', 'ｚｅｎｔｒｉａ ｘ９',
  '\uD800', 'a\uDC00b', '\uFEFF', '', ' ', '\n\t\r', 'a'.repeat(600), Array(100).fill('word').join(' '), '1,200,000', '$1.2M',
  '2029-03-04', 'x:y:z', 'rank', 'bm25(passages_fts)', 'MATCH', 'SELECT * FROM facts', 'e\u0301te\u0301', '中文搜索', '\u0301',
];
