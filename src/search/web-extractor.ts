/**
 * One web_extractor call: the world's page at a URL, whole, as Markdown. Pages open whole whatever
 * task the session is bound to (the guard governs search results, not the world's pages). A URL the
 * world does not have is a realistic "not accessible" observation, never an exception: a 404 on one of
 * the world's sites, a failed host lookup elsewhere. A page the session may not open (`mayOpen`: under
 * the session option `open: 'seen'`, a page it has not seen) is answered exactly as a page the world
 * does not have, by the same code: nothing in the observation tells the two apart.
 */
import { hostUnreachable, pageNotFound } from '../perturb/faults.js';
import type { CallPlan } from '../perturb/draw.js';
import { formatPageErrorJson, formatPageJson, formatPageText, type ObservationError, type PageObservationJson } from '../render/observation.js';
import type { PageRecord } from './types.js';
import type { SearchWorld } from './world-index.js';

const SHOWN_URL_CHARS = 200;

export interface PageOutcome {
  text: string;
  json: PageObservationJson;
  error?: ObservationError;
  page?: PageRecord;
}

/** The URL as shown back to the agent: one line, capped. */
function shownUrl(url: string): string {
  const one = url.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim();
  return one.length > SHOWN_URL_CHARS ? `${one.slice(0, SHOWN_URL_CHARS)}...` : one;
}

/** Find a page by URL, forgiving what agents commonly change: scheme, host case, trailing slash, fragment. */
export function findPage(world: SearchWorld, rawUrl: string): { page?: PageRecord; host: string | null } {
  const url = rawUrl.trim().replace(/^[<"']+|[>"']+$/g, '');
  const exact = world.pageAt(url);
  if (exact) return { page: exact, host: exact.site };
  let parsed: URL | undefined;
  for (const candidate of [url, `https://${url}`]) {
    try {
      parsed = new URL(candidate);
      if (parsed.hostname.includes('.')) break;
      parsed = undefined;
    } catch {
      parsed = undefined;
    }
  }
  if (!parsed) return { host: null };
  const host = parsed.hostname.toLowerCase();
  const paths = [parsed.pathname, parsed.pathname.replace(/\/+$/, '')];
  try {
    paths.push(decodeURIComponent(parsed.pathname).replace(/\/+$/, ''));
  } catch {
    /* a malformed escape: keep the raw path */
  }
  for (const path of paths) {
    const page = world.pageAt(`https://${host}${path}`);
    if (page) return { page, host };
  }
  return { host };
}

/** Which pages a call may open (the session's `mayOpen`); every page when not given. */
export type PageAccess = (page: PageRecord) => boolean;

export function openPage(world: SearchWorld, url: string, plan: CallPlan, mayOpen?: PageAccess): PageOutcome {
  const shown = shownUrl(url);
  if (plan.error) return { text: plan.error.message, json: formatPageErrorJson(shown, plan.error), error: plan.error };
  const found = findPage(world, url);
  const { host } = found;
  const page = found.page && (!mayOpen || mayOpen(found.page)) ? found.page : undefined;
  if (!page) {
    const error = host && world.hasHost(host) ? pageNotFound(shown) : hostUnreachable(shown, host);
    return { text: error.message, json: formatPageErrorJson(shown, error), error };
  }
  const view = { url: page.url, title: page.title, site: page.site, published: page.published, body: world.body(page.id) };
  return { text: formatPageText(view), json: formatPageJson(view), page };
}
