#!/usr/bin/env node
/**
 * The fictionworld command line: a thin edge over the library. Each command lives in its own file
 * under commands/ and registers itself here; only this runner prints errors and sets the exit code.
 */
import { Command, CommanderError } from 'commander';
import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import { isFictionError } from '../errors.js';
import { GENERATOR_VERSION } from '../world/types.js';
import { COMMANDS } from './commands/index.js';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

export function buildProgram(io: Io): Command {
  const program = new Command('fictionworld')
    .description('Fictional worlds for training and evaluating LLM search agents')
    .version(GENERATOR_VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => {} })
    .showSuggestionAfterError(true);
  for (const register of COMMANDS) register(program, io);
  for (const c of program.commands) c.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => {} });
  return program;
}

/** Run the CLI in-process with raw arguments; returns the exit code. Tests call this directly. */
export async function runCli(argv: string[], io: Io = processIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0;
      io.err(`error: ${e.message.replace(/^error: /, '').split('\n')[0]}\n`);
      return e.exitCode || 2;
    }
    if (isFictionError(e)) {
      io.err(`error: ${e.message.split('\n')[0]}\n`);
      return e.code === 'BAD_INPUT' || e.code === 'NOT_FOUND' || e.code === 'UNSUPPORTED_FORMAT' ? 2 : 1;
    }
    io.err(`error: ${(e as Error)?.message?.split('\n')[0] ?? String(e)}\n`);
    return 1;
  }
}

const isMain = (() => {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (isMain) {
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
