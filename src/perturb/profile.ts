/**
 * Perturbation profiles: the rates of the simulator's controllable faults. A profile comes from a JSON
 * file, a named preset, CLI flags or a session option; every source goes through `parseProfile`, so
 * each bad value gives the same one-line error. Everything is off by default.
 */
import { existsSync, readFileSync } from 'node:fs';
import { FictionError } from '../errors.js';

export type TransientKind = 'rate_limited' | 'server_error' | 'timeout';
export const TRANSIENT_KINDS: readonly TransientKind[] = ['rate_limited', 'server_error', 'timeout'];

export interface PerturbationProfile {
  /** Share of calls that fail whole with a transient error. */
  errorRate: number;
  errorKinds: TransientKind[];
  /** Share of queries paginated with fewer results per page (pageSizeMin..pageSizeMax). */
  paginationRate: number;
  pageSizeMin: number;
  pageSizeMax: number;
  /** Share of the queries of a batch (2+ queries) that fail while the others answer. */
  partialFailureRate: number;
  /** Share of results whose snippet is cut short / missing. */
  snippetTruncateRate: number;
  snippetMissingRate: number;
  /** Share of result slots where an unrelated page is mixed in. */
  irrelevantRate: number;
  /** Share of calls with added latency, drawn in latencyMinMs..latencyMaxMs and reported in metadata. */
  latencyRate: number;
  latencyMinMs: number;
  latencyMaxMs: number;
  /** Really wait for the added latency (otherwise it is only reported). */
  sleep: boolean;
}

export const NO_PERTURBATION: Readonly<PerturbationProfile> = Object.freeze({
  errorRate: 0,
  errorKinds: [...TRANSIENT_KINDS],
  paginationRate: 0,
  pageSizeMin: 3,
  pageSizeMax: 7,
  partialFailureRate: 0,
  snippetTruncateRate: 0,
  snippetMissingRate: 0,
  irrelevantRate: 0,
  latencyRate: 0,
  latencyMinMs: 50,
  latencyMaxMs: 800,
  sleep: false,
});

type FieldKind = 'rate' | 'int' | 'bool' | 'kinds';

interface FieldSpec {
  key: keyof PerturbationProfile;
  flag: string;
  kind: FieldKind;
  max?: number;
  help: string;
}

/** Every setting once: the JSON key, its CLI flag, its type and range. */
export const PROFILE_FIELDS: readonly FieldSpec[] = [
  { key: 'errorRate', flag: '--error-rate', kind: 'rate', help: 'share of calls failing with a transient error' },
  { key: 'errorKinds', flag: '--error-kinds', kind: 'kinds', help: `transient errors to draw from (${TRANSIENT_KINDS.join(',')})` },
  { key: 'paginationRate', flag: '--pagination-rate', kind: 'rate', help: 'share of queries paginated with fewer results per page' },
  { key: 'pageSizeMin', flag: '--page-size-min', kind: 'int', max: 10, help: 'smallest paginated page size' },
  { key: 'pageSizeMax', flag: '--page-size-max', kind: 'int', max: 10, help: 'largest paginated page size' },
  { key: 'partialFailureRate', flag: '--partial-failure-rate', kind: 'rate', help: 'share of batch queries that fail' },
  { key: 'snippetTruncateRate', flag: '--snippet-truncate-rate', kind: 'rate', help: 'share of snippets cut short' },
  { key: 'snippetMissingRate', flag: '--snippet-missing-rate', kind: 'rate', help: 'share of snippets missing' },
  { key: 'irrelevantRate', flag: '--irrelevant-rate', kind: 'rate', help: 'share of result slots given an unrelated page' },
  { key: 'latencyRate', flag: '--latency-rate', kind: 'rate', help: 'share of calls with added latency' },
  { key: 'latencyMinMs', flag: '--latency-min-ms', kind: 'int', max: 600_000, help: 'smallest added latency (ms)' },
  { key: 'latencyMaxMs', flag: '--latency-max-ms', kind: 'int', max: 600_000, help: 'largest added latency (ms)' },
  { key: 'sleep', flag: '--sleep', kind: 'bool', help: 'really wait for the added latency' },
];

/** Named profiles, usable wherever a profile file is. */
export const PRESETS: Readonly<Record<string, Partial<PerturbationProfile>>> = {
  off: {},
  light: {
    errorRate: 0.03,
    paginationRate: 0.1,
    partialFailureRate: 0.05,
    snippetTruncateRate: 0.05,
    snippetMissingRate: 0.02,
    irrelevantRate: 0.05,
    latencyRate: 0.2,
  },
  heavy: {
    errorRate: 0.15,
    paginationRate: 0.4,
    partialFailureRate: 0.25,
    snippetTruncateRate: 0.2,
    snippetMissingRate: 0.1,
    irrelevantRate: 0.2,
    latencyRate: 0.6,
  },
};

const bad = (source: string, msg: string) => new FictionError('BAD_INPUT', `${source}: ${msg}`);
const shown = (v: unknown) => JSON.stringify(v)?.slice(0, 40) ?? String(v);

function parseField(spec: FieldSpec, value: unknown, source: string): PerturbationProfile[keyof PerturbationProfile] {
  switch (spec.kind) {
    case 'rate': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) throw bad(source, `${spec.key} must be a number from 0 to 1, got ${shown(value)}`);
      return n;
    }
    case 'int': {
      const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < (spec.key.startsWith('pageSize') ? 1 : 0) || n > (spec.max ?? Infinity))
        throw bad(source, `${spec.key} must be an integer from ${spec.key.startsWith('pageSize') ? 1 : 0} to ${spec.max}, got ${shown(value)}`);
      return n;
    }
    case 'bool': {
      if (value === true || value === 'true' || value === '1') return true;
      if (value === false || value === 'false' || value === '0') return false;
      throw bad(source, `${spec.key} must be true or false, got ${shown(value)}`);
    }
    case 'kinds': {
      const list =
        typeof value === 'string'
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : value;
      if (!Array.isArray(list) || list.length === 0 || list.some((k) => !TRANSIENT_KINDS.includes(k as TransientKind)))
        throw bad(source, `${spec.key} must list some of ${TRANSIENT_KINDS.join(', ')}, got ${shown(value)}`);
      return [...new Set(list as TransientKind[])];
    }
  }
}

/** Validate a profile (a parsed JSON object or overrides), filling unset keys from `base`. */
export function parseProfile(input: unknown, source = 'perturbation profile', base: Readonly<PerturbationProfile> = NO_PERTURBATION): PerturbationProfile {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw bad(source, 'must be a JSON object');
  const out: PerturbationProfile = { ...base, errorKinds: [...base.errorKinds] };
  for (const [key, value] of Object.entries(input)) {
    const spec = PROFILE_FIELDS.find((f) => f.key === key);
    if (!spec) throw bad(source, `unknown setting "${key.slice(0, 40)}" (known: ${PROFILE_FIELDS.map((f) => f.key).join(', ')})`);
    (out as unknown as Record<string, unknown>)[key] = parseField(spec, value, source);
  }
  if (out.pageSizeMin > out.pageSizeMax) throw bad(source, `pageSizeMin (${out.pageSizeMin}) is larger than pageSizeMax (${out.pageSizeMax})`);
  if (out.latencyMinMs > out.latencyMaxMs) throw bad(source, `latencyMinMs (${out.latencyMinMs}) is larger than latencyMaxMs (${out.latencyMaxMs})`);
  return out;
}

/** A profile from a JSON file, or a preset name (off, light, heavy) when no such file exists. */
export function loadProfile(fileOrPreset: string): PerturbationProfile {
  if (!existsSync(fileOrPreset)) {
    const preset = Object.hasOwn(PRESETS, fileOrPreset) ? PRESETS[fileOrPreset] : undefined;
    if (preset) return parseProfile(preset, `preset ${fileOrPreset}`);
    throw new FictionError('NOT_FOUND', `no profile file at ${fileOrPreset} (presets: ${Object.keys(PRESETS).join(', ')})`);
  }
  let text: string;
  try {
    text = readFileSync(fileOrPreset, 'utf8');
  } catch (e) {
    throw new FictionError('IO', `cannot read profile ${fileOrPreset}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new FictionError('BAD_INPUT', `profile ${fileOrPreset} is not valid JSON: ${(e as Error).message.split('\n')[0]}`, { cause: e });
  }
  return parseProfile(json, `profile ${fileOrPreset}`);
}

/** True when the profile perturbs nothing. */
export function isProfileOff(p: Readonly<PerturbationProfile>): boolean {
  return (
    p.errorRate === 0 &&
    p.paginationRate === 0 &&
    p.partialFailureRate === 0 &&
    p.snippetTruncateRate === 0 &&
    p.snippetMissingRate === 0 &&
    p.irrelevantRate === 0 &&
    p.latencyRate === 0
  );
}
