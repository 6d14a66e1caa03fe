/** The audit as JSON for machines: the summary with every guarded leak and unreachable task. */
import { writeFileSync } from 'node:fs';
import { FictionError } from '../errors.js';
import { GENERATOR_VERSION } from '../world/types.js';
import type { AuditSummary } from './figures.js';

export interface AuditReportMeta {
  /** The folder of worlds audited. */
  folder: string;
  sample: number | null;
  renderer: string;
}

export function auditJson(summary: AuditSummary, meta: AuditReportMeta): string {
  return `${JSON.stringify({ report: 'fictionworld-leak-audit', version: 1, generator_version: GENERATOR_VERSION, ...meta, ...summary }, null, 2)}\n`;
}

export function writeReport(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new FictionError('IO', `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
  }
}
