/**
 * A theme spec as a JSON file: what `themes draft` writes, `themes show` prints and `generate
 * --theme-file` reads. The file is the spec exactly as the schema declares it (schema.ts); reading it
 * validates it, writing it is atomic (a temporary file renamed into place), so a refused or interrupted
 * draft never leaves a half-written spec behind.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { FictionError } from '../../errors.js';
import { specIssues, type ThemeSpec, type ThemeSpecInput } from './schema.js';

/** The spec a theme file holds, validated; a missing, unreadable or invalid file is one BAD_INPUT line. */
export function readThemeFile(path: string): ThemeSpecInput {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new FictionError('BAD_INPUT', `theme file ${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new FictionError('BAD_INPUT', `theme file ${path}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const issues = specIssues(raw);
  if (issues.length > 0) throw new FictionError('BAD_INPUT', `theme file ${path}: ${issues[0]}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`);
  return raw as ThemeSpecInput;
}

/** The spec as its file holds it: two-space JSON and a final newline. */
export function themeFileText(spec: ThemeSpec | ThemeSpecInput): string {
  return `${JSON.stringify(spec, null, 2)}\n`;
}

/** Write a spec file atomically. */
export function writeThemeFile(path: string, spec: ThemeSpec | ThemeSpecInput): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, themeFileText(spec));
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new FictionError('IO', `cannot write theme file ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})`, { cause: e });
  }
}
