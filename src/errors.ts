/** One error type with a closed set of codes; each edge (CLI, HTTP, MCP) translates it once. */
export type ErrorCode =
  | 'BAD_INPUT'
  | 'NOT_FOUND'
  | 'UNSUPPORTED_FORMAT'
  | 'IO'
  | 'INCONSISTENT'
  | 'UNAUTHORIZED'
  | 'RATE_LIMITED'
  | 'TOO_LARGE'
  | 'UNAVAILABLE'
  | 'UPSTREAM'
  | 'INTERNAL';

export class FictionError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = 'FictionError';
  }
}

export function isFictionError(e: unknown): e is FictionError {
  return e instanceof FictionError;
}

/** HTTP status for each code: the one table the server uses. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_INPUT: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  UNSUPPORTED_FORMAT: 422,
  INCONSISTENT: 422,
  RATE_LIMITED: 429,
  TOO_LARGE: 413,
  UNAVAILABLE: 503,
  IO: 500,
  UPSTREAM: 502,
  INTERNAL: 500,
};
