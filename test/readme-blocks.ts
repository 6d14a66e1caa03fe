/**
 * The README's runnable examples (the convention is stated in the README, "How the examples run"):
 *
 * - A ```console block is run. In it, a line starting with `$ ` is a command (a line ending in ` \`
 *   continues it on the next line); the lines after it, up to the next command, are what the command
 *   prints on stdout. stderr (progress bars, logs) is not shown.
 * - In an expected line, `<varies>` matches any text within that line (timings, session ids); a line
 *   that is only `…` stands for any number of lines left out. Nothing else may differ (trailing blanks
 *   and trailing empty lines aside).
 * - Every other fence (```sh for other machines, ```text for synopses, ```json, ```python, ```ts) is
 *   not run.
 */

export const VARIES = '<varies>';
export const ELIDED = '…';

export interface ReadmeCommand {
  /** The command text, continuation lines joined with newlines (as a shell reads them). */
  text: string;
  expected: string[];
  /** 0-based README line of the command's first line. */
  line: number;
  /** 0-based README lines [from, to) holding the expected output. */
  outputFrom: number;
  outputTo: number;
}

export interface ConsoleBlock {
  line: number;
  commands: ReadmeCommand[];
}

/** Every ```console block of `markdown`, in order. */
export function consoleBlocks(markdown: string): ConsoleBlock[] {
  const lines = markdown.split('\n');
  const blocks: ConsoleBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const fence = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!fence) {
      i++;
      continue;
    }
    const start = i++;
    const body: number[] = [];
    while (i < lines.length && !/^```\s*$/.test(lines[i]!)) body.push(i++);
    if (i >= lines.length) throw new Error(`README line ${start + 1}: a fence that never closes`);
    i++;
    if (fence[1] !== 'console') continue;
    const block: ConsoleBlock = { line: start, commands: [] };
    for (let k = 0; k < body.length; k++) {
      const n = body[k]!;
      const text = lines[n]!;
      if (text.startsWith('$ ')) {
        let command = text.slice(2);
        while (command.endsWith('\\') && k + 1 < body.length) command += `\n${lines[body[++k]!]!}`;
        block.commands.push({ text: command, expected: [], line: n, outputFrom: body[k]! + 1, outputTo: body[k]! + 1 });
      } else {
        const current = block.commands.at(-1);
        if (!current) throw new Error(`README line ${n + 1}: output before any "$ " command in a console block`);
        current.expected.push(text);
        current.outputTo = n + 1;
      }
    }
    if (block.commands.length === 0) throw new Error(`README line ${start + 1}: a console block with no "$ " command`);
    blocks.push(block);
  }
  return blocks;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of one expected line: literal text, `<varies>` matching any run of characters in the line. */
function linePattern(line: string): string {
  return line.trimEnd().split(VARIES).map(escapeRegExp).join('[^\\n]*?');
}

/** Lines with trailing blanks removed and trailing empty lines dropped. */
export function tidy(lines: readonly string[]): string[] {
  const out = lines.map((l) => l.trimEnd());
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return out;
}

/** Whether `actual` (a command's stdout) is what `expected` shows. */
export function outputMatches(expected: readonly string[], actual: string): boolean {
  const want = tidy(expected);
  const got = tidy(actual.split('\n'));
  const pattern = want.map((l) => (l.trim() === ELIDED ? '(?:[^\\n]*\\n)*?' : `${linePattern(l)}\\n`)).join('');
  return new RegExp(`^${pattern}$`).test(got.map((l) => `${l}\n`).join(''));
}

/** Whether one actual line is what one expected line shows (for the refresh: keep lines that still match). */
export function lineMatches(expected: string, actual: string): boolean {
  return new RegExp(`^${linePattern(expected)}$`).test(actual.trimEnd());
}

/**
 * The README with each listed command's expected output replaced by what it printed: a line that still
 * matches keeps its README form (so `<varies>` marks survive), any other line becomes the actual one.
 */
export function refreshed(markdown: string, updates: { command: ReadmeCommand; actual: string }[]): string {
  const lines = markdown.split('\n');
  for (const { command, actual } of [...updates].sort((a, b) => b.command.line - a.command.line)) {
    const old = tidy(command.expected);
    const next = tidy(actual.split('\n')).map((l, i) => (old[i] !== undefined && lineMatches(old[i]!, l) ? old[i]! : l));
    const trailing = command.expected.length - tidy(command.expected).length;
    lines.splice(command.outputFrom, command.outputTo - command.outputFrom, ...next, ...Array<string>(trailing).fill(''));
  }
  return lines.join('\n');
}
