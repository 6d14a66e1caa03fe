/** Structured logs: one JSON object per line on stderr (`time`, `level`, `msg`, then fields). */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  readonly level: LogLevel;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => void process.stderr.write(l)): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: LogFields) => {
    if (RANK[at] < RANK[level]) return;
    let line: string;
    try {
      line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields });
    } catch {
      line = JSON.stringify({ time: new Date().toISOString(), level: at, msg });
    }
    write(`${line}\n`);
  };
  return { level, debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
