/**
 * JSON request bodies with a byte cap, through hono: `limitBody` (hono's bodyLimit) refuses a body over
 * the cap with 413, and `readJsonBody` reads it with `c.req.json()`; not JSON is 400, never a parser's
 * own text.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FictionError } from '../errors.js';

/** Refuse a body larger than `maxBytes` (413, through the app's error handler). */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new FictionError('TOO_LARGE', `the request body is larger than ${maxBytes} bytes`);
    },
  });
}

export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    // c.req.json() is the cached text, parsed: the text tells an empty body from a bad one.
    const text = await c.req.text().catch(() => undefined);
    if (text === undefined) throw new FictionError('BAD_INPUT', 'the request body could not be read');
    if (text.trim() === '') throw new FictionError('BAD_INPUT', 'the request body is empty: send a JSON object');
    throw new FictionError('BAD_INPUT', 'the request body is not valid JSON');
  }
}

/** The JSON body, which must be an object. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const value = await readJsonBody(c);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new FictionError('BAD_INPUT', 'the request body must be a JSON object');
  return value as Record<string, unknown>;
}
