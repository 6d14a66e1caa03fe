/** Admin actions (binding a session to a task, reading tasks and answers) need `Authorization: Bearer <token>` when a token is configured. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { FictionError } from '../errors.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined | null): string | undefined {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1] : undefined;
}

/** Does `header` carry the configured admin token? (Compared in constant time.) */
export function carriesAdminToken(adminToken: string, header: string | undefined | null): boolean {
  const given = bearerToken(header);
  return given !== undefined && timingSafeEqual(digest(given), digest(adminToken));
}

/** Throw UNAUTHORIZED unless `header` carries the admin token (no token configured: everyone is admin). */
export function requireAdmin(adminToken: string | undefined, header: string | undefined | null): void {
  if (!adminToken) return;
  if (!carriesAdminToken(adminToken, header)) throw new FictionError('UNAUTHORIZED', 'this is an admin action: send Authorization: Bearer <admin token>');
}
