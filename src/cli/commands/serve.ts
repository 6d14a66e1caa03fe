/** `serve --worlds DIR [--host H] [--port P] [--admin-token T] [--renderer …]`: the HTTP API, /retrieve and /mcp until SIGTERM, in one thread. */
import type { Command } from 'commander';
import { FictionError } from '../../errors.js';
import { DEFAULT_LIMITS, type ServerLimits } from '../../server/limits.js';
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from '../../server/listen.js';
import { createLogger, isLogLevel, LOG_LEVELS } from '../../server/log.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { addLlmOptions, closeRenderer, rendererFromOptions } from '../llm-options.js';
import { nonNegativeInt, positiveInt } from '../options.js';

export function registerServe(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'serve')
    .option('--worlds <dir>', 'folder of worlds', 'worlds')
    .option('--host <host>', 'address to bind', DEFAULT_HOST)
    .option('--port <port>', 'port (0 picks a free one)', nonNegativeInt('--port'), DEFAULT_PORT)
    .option('--admin-token <token>', 'require Authorization: Bearer <token> for admin actions (or FICTIONWORLD_ADMIN_TOKEN)')
    .option('--renderer <name>', 'renderer of the results (template, llm)', 'template')
    .option('--max-open-worlds <n>', 'idle world handles kept open', positiveInt('--max-open-worlds'), DEFAULT_LIMITS.maxOpenWorlds)
    .option('--max-sessions <n>', 'most live sessions', positiveInt('--max-sessions'), DEFAULT_LIMITS.maxSessions)
    .option('--session-ttl <seconds>', 'a session unused this long expires', positiveInt('--session-ttl'), DEFAULT_LIMITS.sessionTtlMs / 1000)
    .option('--rate-limit <n>', 'requests per second per session, key or address (0: off)', nonNegativeInt('--rate-limit'), DEFAULT_LIMITS.rateLimit)
    .option('--rate-burst <n>', 'burst above the rate', positiveInt('--rate-burst'))
    .option('--replica-id <id>', "this replica's id behind a proxy: leads every session id and is sent as X-Fictionworld-Replica (or FICTIONWORLD_REPLICA_ID)")
    .option('--rate-limit-loopback', 'rate limit clients on loopback too (by default only other addresses are limited)', false)
    .option('--log-level <level>', `${LOG_LEVELS.join(', ')}`, 'info');
  addLlmOptions(cmd).action(async (o) => {
    if (o.port > 65535) throw new FictionError('BAD_INPUT', `--port must be at most 65535, got ${o.port}`);
    if (!isLogLevel(o.logLevel)) throw new FictionError('BAD_INPUT', `--log-level must be one of ${LOG_LEVELS.join(', ')}`);
    const limits: Partial<ServerLimits> = {
      maxOpenWorlds: o.maxOpenWorlds,
      maxSessions: o.maxSessions,
      sessionTtlMs: o.sessionTtl * 1000,
      rateLimit: o.rateLimit,
      rateBurst: o.rateBurst ?? Math.max(1, o.rateLimit * 2),
      rateLimitLoopback: o.rateLimitLoopback === true,
    };
    const renderer = await rendererFromOptions(o);
    try {
      const running = await startServer({
        worlds: o.worlds,
        host: o.host,
        port: o.port,
        adminToken: o.adminToken ?? process.env.FICTIONWORLD_ADMIN_TOKEN,
        ...((o.replicaId ?? process.env.FICTIONWORLD_REPLICA_ID) ? { replicaId: o.replicaId ?? process.env.FICTIONWORLD_REPLICA_ID } : {}),
        renderer,
        limits,
        logger: createLogger(o.logLevel),
      });
      io.out(`listening on ${running.url}\n`);
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals) => {
          process.off('SIGTERM', stop);
          process.off('SIGINT', stop);
          running.shutdown(signal).then(resolve, resolve);
        };
        process.on('SIGTERM', stop);
        process.on('SIGINT', stop);
      });
    } finally {
      closeRenderer(renderer);
    }
  });
}
