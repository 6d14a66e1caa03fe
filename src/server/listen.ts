/**
 * Running the app on a real socket: bind (127.0.0.1 unless told otherwise), and shut down cleanly.
 * `shutdown()` (SIGTERM, SIGINT) stops accepting connections, answers new requests on open
 * connections with 503 + `Connection: close`, waits for in-flight requests (up to the drain timeout),
 * then closes connections, sessions and world handles.
 */
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { FictionError } from '../errors.js';
import { createApp } from './app.js';
import { createServerContext, type ServerContext, type ServerOptions } from './context.js';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8787;

export interface ListenOptions extends ServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly ctx: ServerContext;
  /** Drain and close; resolves when everything is closed (idempotent). */
  shutdown(reason?: string): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export async function startServer(opts: ListenOptions): Promise<RunningServer> {
  const host = opts.host ?? DEFAULT_HOST;
  const ctx = createServerContext(opts);
  const app = createApp(ctx);
  const server = createAdaptorServer({ fetch: app.fetch, hostname: host }) as Server;
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? DEFAULT_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await ctx.close();
    throw new FictionError('IO', `cannot listen on ${host}:${opts.port ?? DEFAULT_PORT}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? DEFAULT_PORT);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  ctx.log.info('listening', { url, worlds: ctx.core.worldsDir, admin: ctx.adminToken ? 'token' : 'open', renderer: ctx.core.rendererName });
  if (!LOOPBACK.has(host) && !ctx.adminToken)
    ctx.log.warn('listening beyond loopback with no --admin-token: anyone who can reach it may bind tasks and read answers');

  let closing: Promise<void> | undefined;
  const shutdown = (reason = 'shutdown'): Promise<void> => {
    closing ??= (async () => {
      ctx.draining = true;
      ctx.log.info('draining', { reason, inFlight: ctx.inFlight });
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = performance.now() + ctx.limits.drainTimeoutMs;
      while (ctx.inFlight > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      const abandoned = ctx.inFlight;
      server.closeAllConnections();
      await closed;
      await ctx.close();
      ctx.log.info('stopped', { reason, abandoned });
    })();
    return closing;
  };
  return { url, host, port, ctx, shutdown };
}
