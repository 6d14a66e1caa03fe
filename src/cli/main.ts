#!/usr/bin/env node
/**
 * The fictionworld command line: a thin edge over the library. Each command lives in its own file
 * under commands/, listed in commands/index.ts; only the invoked command's file is imported (the others
 * appear in the top-level help by their listed name and summary). Only this runner prints errors and
 * sets the exit code.
 */
import { Command, CommanderError, Help } from 'commander';
import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import { isFictionError } from '../errors.js';
import { GENERATOR_VERSION } from '../world/types.js';
import { COMMANDS, type CommandEntry } from './commands/index.js';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

/** The command `argv` invokes (`help NAME` asks for NAME's help), if it is one of COMMANDS. */
export function invokedCommand(argv: readonly string[]): CommandEntry | undefined {
  const operands = argv.filter((a) => !a.startsWith('-'));
  const name = operands[0] === 'help' ? operands[1] : operands[0];
  return COMMANDS.find((c) => c.name === name);
}

/**
 * The program for `argv`: the invoked command registered in full by its own module, every other one
 * by its listed name and summary only (enough for the top-level help and for suggestions).
 */
export async function buildProgram(io: Io, argv: readonly string[] = []): Promise<Command> {
  const listed = new Map<Command, string>();
  const program = new Command('fictionworld')
    .description('Fictional worlds for training and evaluating LLM search agents')
    .version(GENERATOR_VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => {} })
    .configureHelp({
      subcommandTerm(this: Help, cmd: Command) {
        return listed.get(cmd) ?? Help.prototype.subcommandTerm.call(this, cmd);
      },
    })
    .showSuggestionAfterError(true);
  const invoked = invokedCommand(argv);
  for (const entry of COMMANDS) {
    if (entry === invoked) (await entry.load())(program, io);
    else {
      const cmd = program
        .command(entry.name)
        .description(entry.summary)
        .action(() => {
          throw new Error(`command ${entry.name} was not loaded`);
        });
      listed.set(cmd, entry.usage ? `${entry.name} ${entry.usage}` : entry.name);
    }
  }
  for (const c of program.commands) c.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => {} });
  return program;
}

/** Run the CLI in-process with raw arguments; returns the exit code. Tests call this directly. */
export async function runCli(argv: string[], io: Io = processIo): Promise<number> {
  try {
    const program = await buildProgram(io, argv);
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
