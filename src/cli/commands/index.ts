/** Every CLI command, registered in this order. One line per command file. */
import type { Command } from 'commander';
import type { Io } from '../main.js';

export type RegisterCommand = (program: Command, io: Io) => void;

export const COMMANDS: RegisterCommand[] = [];
