/**
 * Versioned prompt files (prompts/<id>.v<version>.md): a front matter with `id` and `version`, then a
 * `<!-- system -->` part and a `<!-- user -->` part. The user part has `{{name}}` placeholders, filled in
 * one pass (a value is never scanned for placeholders, so agent text cannot inject one). The version
 * and a hash of the file's text enter the cache key: editing a prompt never replays stale results.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FictionError } from '../../errors.js';
import { memoize } from '../../util/bounded-cache.js';

export const SEARCH_PROMPT_FILE = 'search-world-model.v1.md';

export interface PromptTemplate {
  id: string;
  version: string;
  /** `<id>@v<version>#<first 12 hex of sha256 of the file>`: what the cache key holds. */
  key: string;
  system: string;
  user: string;
  placeholders: string[];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The project's prompts/ folder: the nearest ancestor of this module that has one (src/ and dist/ both work). */
export function promptsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'prompts');
    if (existsSync(join(candidate, SEARCH_PROMPT_FILE))) return candidate;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new FictionError('NOT_FOUND', `prompt file ${SEARCH_PROMPT_FILE} not found in any prompts/ folder above ${dirname(fileURLToPath(import.meta.url))}`);
}

export function parsePromptFile(text: string, source: string): PromptTemplate {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'));
  if (!m) throw new FictionError('BAD_INPUT', `${source}: no front matter`);
  const meta = Object.fromEntries(
    m[1]!
      .split('\n')
      .map((l) => /^(\w+):\s*(.*)$/.exec(l))
      .filter((x): x is RegExpExecArray => x !== null)
      .map((x) => [x[1]!, x[2]!.trim()]),
  );
  if (!meta.id || !meta.version) throw new FictionError('BAD_INPUT', `${source}: front matter needs id and version`);
  const body = m[2]!;
  const s = body.indexOf('<!-- system -->');
  const u = body.indexOf('<!-- user -->');
  if (s < 0 || u < s) throw new FictionError('BAD_INPUT', `${source}: needs a <!-- system --> part then a <!-- user --> part`);
  const system = body.slice(s + '<!-- system -->'.length, u).trim();
  const user = body.slice(u + '<!-- user -->'.length).trim();
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return {
    id: meta.id,
    version: meta.version,
    key: `${meta.id}@v${meta.version}#${hash}`,
    system,
    user,
    placeholders: [...new Set([...user.matchAll(PLACEHOLDER)].map((x) => x[1]!))],
  };
}

/** A prompt file by path, read once per process (a failed read is tried again next time). */
const readPrompt = memoize(64, (path: string): PromptTemplate => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new FictionError('IO', `cannot read prompt ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
  }
  return parsePromptFile(text, path);
});

/** A prompt file from prompts/ (read once per process). */
export function loadPrompt(file = SEARCH_PROMPT_FILE, dir?: string): PromptTemplate {
  return readPrompt(join(dir ?? promptsDir(), file));
}

/** The user part with every placeholder filled (one pass; a missing value is an error). */
export function fillPrompt(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new FictionError('INTERNAL', `prompt placeholder {{${name}}} has no value`);
    return v;
  });
}
