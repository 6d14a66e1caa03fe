/**
 * The messages of simulated faults, worded like the errors real search APIs and fetchers return.
 * Every variable part is drawn from the caller's seeded generator, so a fault replays exactly.
 */
import type { ObservationError } from '../render/observation.js';
import type { Rng } from '../rng.js';
import type { ToolName } from '../tools/definitions.js';
import type { TransientKind } from './profile.js';

const SERVER_ERRORS = [
  'Error 500: Internal Server Error. The search service encountered an unexpected condition; please try again.',
  'Error 502: Bad Gateway. The upstream search backend returned an invalid response; please try again.',
  'Error 503: Service Unavailable. The search service is temporarily overloaded; please try again later.',
];

export function transientFault(kind: TransientKind, rng: Rng, tool: ToolName): ObservationError {
  const what = tool === 'web_search' ? 'search request' : 'page request';
  switch (kind) {
    case 'rate_limited':
      return { type: 'rate_limited', message: `Error 429: Too Many Requests. Rate limit exceeded for this API key; retry after ${rng.int(1, 30)} seconds.` };
    case 'timeout':
      return { type: 'timeout', message: `Error: The ${what} timed out after ${rng.pick([10, 15, 20, 30])} seconds without a response. Please try again.` };
    default: {
      const msg = rng.pick(SERVER_ERRORS);
      return {
        type: 'server_error',
        message: tool === 'web_search' ? msg : msg.replace('search service', 'page fetcher').replace('search backend', 'origin server'),
      };
    }
  }
}

export function queryFailedFault(rng: Rng): ObservationError {
  return rng.pick<ObservationError>([
    { type: 'query_failed', message: 'Error: This query failed (502 Bad Gateway). Other queries in the batch were not affected; retry this one.' },
    { type: 'query_failed', message: 'Error: This query timed out before results were returned. Retry it on its own.' },
    { type: 'query_failed', message: 'Error: The search backend returned an internal error for this query (500). Please retry.' },
  ]);
}

/** A URL of a world site that is not one of its pages. */
export function pageNotFound(url: string): ObservationError {
  return {
    type: 'page_not_found',
    message: `Error: Failed to fetch ${url}: 404 Not Found. The page could not be accessed; it may have been moved or deleted.`,
  };
}

/** A URL outside the world (or not a URL at all). */
export function hostUnreachable(url: string, host: string | null): ObservationError {
  return host
    ? { type: 'host_unreachable', message: `Error: Failed to fetch ${url}: could not resolve host ${host}. The page could not be accessed.` }
    : { type: 'host_unreachable', message: `Error: Failed to fetch ${url}: not a valid web address. The page could not be accessed.` };
}
