/** Admin actions (binding a session to a task, reading tasks and answers) need `Authorization: Bearer <token>` when a token is configured. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { FictionError } from '../errors.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined | null): string | undefined {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1] : undefined;
}

/** Throw UNAUTHORIZED unless `header` carries the admin token (no token configured: everyone is admin). */
export function requireAdmin(adminToken: string | undefined, header: string | undefined | null): void {
  if (!adminToken) return;
  const given = bearerToken(header);
  if (given === undefined || !timingSafeEqual(digest(given), digest(adminToken)))
    throw new FictionError('UNAUTHORIZED', 'this is an admin action: send Authorization: Bearer <admin token>');
}

/** A short, non-reversible label for an API key (rate-limit key and logs never hold the key itself). */
export function keyLabel(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 16);
}
