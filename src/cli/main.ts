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

/** The command `argv` reaches by its operands (the program itself when it names none), and the first operand past it. */
function reachedCommand(program: Command, argv: readonly string[]): { cmd: Command; next?: string } {
  let cmd = program;
  const operands = argv.filter((a) => !a.startsWith('-'));
  for (const [i, a] of operands.entries()) {
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!sub) return { cmd, next: a === 'help' ? operands[i + 1] : a };
    cmd = sub;
  }
  return { cmd };
}

/** The path of a command as typed, e.g. `tasks` or `fictionworld`. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.length > 0 ? names.join(' ') : cmd.name();
}

/** "a, b or c" */
const orList = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? ''));

/** Usage errors (a wrong command, option, argument or value) exit 2; a failure of the run itself exits 1. */
export const USAGE_EXIT = 2;

/**
 * Run the CLI in-process with raw arguments; returns the exit code. Tests call this directly.
 * No arguments at all: the help on stdout, exit 0. A command made of subcommands without one (`tasks`):
 * its help on stderr, then one line saying so, exit 2. Every other usage error is one line, exit 2.
 */
export async function runCli(argv: string[], io: Io = processIo): Promise<number> {
  if (io === processIo) endQuietlyOnClosedPipes();
  let program: Command | undefined;
  try {
    program = await buildProgram(io, argv);
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0;
      if (e.code === 'commander.help' && program) {
        // Commander printed the help of a command that needs a subcommand (to stderr): say what is missing.
        // (`help NAME` with an unknown NAME prints the list too: then NAME is the problem.)
        const { cmd, next } = reachedCommand(program, argv);
        const subs = cmd.commands.map((c) => c.name()).filter((n) => n !== 'help');
        if (next !== undefined) io.err(`error: unknown command '${next.slice(0, 40)}' (the commands are listed above)\n`);
        else io.err(`error: ${commandPath(cmd)} needs a ${cmd === program ? 'command' : 'subcommand'}: ${orList(subs)}\n`);
        return USAGE_EXIT;
      }
      // One line: commander puts its suggestion ("(Did you mean generate?)") on a line of its own.
      const message = e.message
        .replace(/^error: /, '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
      io.err(`error: ${message}\n`);
      return USAGE_EXIT;
    }
    if (isFictionError(e)) {
      io.err(`error: ${e.message.split('\n')[0]}\n`);
      return e.code === 'BAD_INPUT' || e.code === 'NOT_FOUND' || e.code === 'UNSUPPORTED_FORMAT' ? USAGE_EXIT : 1;
    }
    io.err(`error: ${(e as Error)?.message?.split('\n')[0] ?? String(e)}\n`);
    return 1;
  }
}

let pipesGuarded = false;

/**
 * A reader that goes away (`fictionworld validate worlds | head -3`) closes our stdout: the next write
 * fails with EPIPE, which Node raises as an uncaught error with a stack trace. Instead a closed stdout
 * ends the process quietly (exit 0: the reader asked for no more), and a closed stderr only silences
 * the progress and warnings written there (the run goes on to its end: `generate … 2>&1 | head -1`
 * must not stop a batch half-way). Installed once, for the process's own streams only.
 */
export function endQuietlyOnClosedPipes(): void {
  if (pipesGuarded) return;
  pipesGuarded = true;
  const closed = (e: NodeJS.ErrnoException) => e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED';
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (!closed(e)) throw e;
    process.exit(0);
  });
  process.stderr.on('error', (e: NodeJS.ErrnoException) => {
    if (!closed(e)) throw e;
  });
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
