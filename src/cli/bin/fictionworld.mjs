#!/usr/bin/env node
// The `fictionworld` command: a plain-node shim over the compiled CLI.
import { runCli } from '../../../dist/src/cli/main.js';

process.exitCode = await runCli(process.argv.slice(2));
