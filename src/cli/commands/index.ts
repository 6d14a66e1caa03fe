/** Every CLI command, registered in this order. One line per command file. */
import type { Command } from 'commander';
import type { Io } from '../main.js';
import { registerAgent } from './agent.js';
import { registerAudit } from './audit.js';
import { registerGenerate } from './generate.js';
import { registerInspect } from './inspect.js';
import { registerMcp } from './mcp.js';
import { registerOpen } from './open.js';
import { registerOracle } from './oracle.js';
import { registerScore } from './score.js';
import { registerSearch } from './search.js';
import { registerServe } from './serve.js';
import { registerTasks } from './tasks.js';
import { registerThemes } from './themes.js';
import { registerTools } from './tools.js';
import { registerValidate } from './validate.js';

export type RegisterCommand = (program: Command, io: Io) => void;

export const COMMANDS: RegisterCommand[] = [registerGenerate, registerThemes, registerValidate, registerInspect, registerTasks, registerScore, registerTools, registerSearch, registerOpen, registerAudit, registerServe, registerMcp, registerOracle, registerAgent];
