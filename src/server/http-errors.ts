/**
 * The HTTP edge's one translation of errors: a FictionError's code gives the status (src/errors.ts
 * HTTP_STATUS) and the body is `{"error": {"code", "message"}}`. Client errors keep their one-line
 * message; server-side failures (I/O, SQLite, bugs) answer a fixed message, so no path, SQL text or
 * stack trace ever reaches a client; the cause goes to the log.
 */
import { HTTP_STATUS, isFictionError, type ErrorCode } from '../errors.js';
import type { Logger } from './log.js';

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

export interface ErrorReply {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

const GENERIC: Partial<Record<ErrorCode, string>> = {
  IO: 'internal error',
  INTERNAL: 'internal error',
  UPSTREAM: 'an upstream service failed',
};

const MAX_MESSAGE = 300;

/** One line, capped. */
export function safeMessage(message: string): string {
  const line = message
    .split('\n')[0]!
    .replace(/[\p{Cc}]/gu, ' ')
    .trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}...` : line;
}

export function errorReply(code: ErrorCode, message: string, retryAfter?: number): ErrorReply {
  const status = HTTP_STATUS[code];
  const headers: Record<string, string> = {};
  if (status === 429 || status === 503) headers['Retry-After'] = String(retryAfter ?? 1);
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  if (status === 413) headers.Connection = 'close'; // the unread rest of the body is not worth reading
  return { status, body: { error: { code, message: GENERIC[code] ?? safeMessage(message) } }, headers };
}

/** Whatever was thrown, as the reply a client may see; server-side failures are logged with their cause. */
export function replyForError(e: unknown, log?: Logger, fields?: Record<string, unknown>): ErrorReply {
  if (isFictionError(e)) {
    const reply = errorReply(e.code, e.message);
    if (reply.status >= 500 && reply.status !== 503) log?.error('request failed', { ...fields, code: e.code, error: e.message, cause: describeCause(e.cause) });
    return reply;
  }
  log?.error('unexpected error', { ...fields, error: (e as Error)?.message ?? String(e), stack: (e as Error)?.stack });
  return errorReply('INTERNAL', 'internal error');
}

/** A client-safe one-line message for an error, for edges (MCP) that carry a message but no status. */
export function clientMessage(e: unknown): string {
  if (isFictionError(e)) return errorReply(e.code, e.message).body.error.message;
  return 'internal error';
}

function describeCause(cause: unknown): string | undefined {
  if (cause === undefined) return undefined;
  return (cause as Error)?.message ?? String(cause);
}
