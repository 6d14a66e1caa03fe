/** Page-level measures: words of a page body, its links to other pages of the world, and the URL scheme of a page address. */

const LINK_TARGET = /\]\([^)]*\)|https?:\/\/\S+/g;
const WORD = /[\p{L}\p{N}]+(?:[.,'’-][\p{L}\p{N}]+)*/gu;

/** Words of a Markdown body: runs of letters and digits ("1,200", "second-stage" are one each); link targets, table rules and markup are not words. */
export function pageWords(body: string): number {
  return body.replace(LINK_TARGET, ']').match(WORD)?.length ?? 0;
}

/**
 * A URL's scheme, the host left out: each path segment but the last kept when it is a short lower-case
 * word ("wiki", "t", "news"), digits as {n}, anything else and the last segment as {slug} (its extension
 * kept); query keys kept, their values as {v}. "https://wiki.x.example/wiki/Tacova_Corp" → "/wiki/{slug}".
 */
export function urlScheme(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '{invalid}';
  }
  const segments = u.pathname.split('/').filter(Boolean);
  const path = segments.map((s, i) => {
    if (/^\d+$/.test(s)) return '{n}';
    if (i < segments.length - 1 && /^[a-z]{1,16}$/.test(s)) return s;
    const ext = /\.[a-z]{2,5}$/.exec(s)?.[0] ?? '';
    return `{slug}${ext}`;
  });
  const keys = [...u.searchParams.keys()].map((k) => `${k}={v}`);
  return `/${path.join('/')}${u.pathname.endsWith('/') && segments.length > 0 ? '/' : ''}${keys.length ? `?${keys.join('&')}` : ''}`;
}

const MD_LINK = /\]\((https?:\/\/[^)\s]+)\)/g;

/** Markdown links in `body` to pages of the same world (`urls`), the page's own address left out. */
export function worldLinks(body: string, own: string, urls: ReadonlySet<string>): number {
  let n = 0;
  for (const m of body.matchAll(MD_LINK)) if (m[1] !== own && urls.has(m[1]!)) n++;
  return n;
}
