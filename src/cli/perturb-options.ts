/** The perturbation options of commands that run tool calls: `--profile FILE|PRESET` plus one flag per setting. */
import type { Command } from 'commander';
import { PROFILE_FIELDS, PRESETS, loadProfile, parseProfile, type PerturbationProfile } from '../perturb/profile.js';

export function addPerturbationOptions(cmd: Command): Command {
  cmd.option('--profile <file>', `perturbation profile: a JSON file, or a preset (${Object.keys(PRESETS).join(', ')})`);
  for (const f of PROFILE_FIELDS) cmd.option(f.kind === 'bool' ? f.flag : `${f.flag} <value>`, f.help);
  return cmd;
}

/** The profile the options describe: the --profile file or preset, then each flag over it. Undefined when none is given. */
export function profileFromOptions(o: Record<string, unknown>): PerturbationProfile | undefined {
  const base = typeof o.profile === 'string' ? loadProfile(o.profile) : undefined;
  const overrides: Record<string, unknown> = {};
  for (const f of PROFILE_FIELDS) if (o[f.key] !== undefined) overrides[f.key] = o[f.key];
  if (Object.keys(overrides).length === 0) return base;
  return parseProfile(overrides, 'perturbation flags', base);
}
