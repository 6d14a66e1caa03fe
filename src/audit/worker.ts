/** Task module for `auditWorlds` in worker threads: audits one world file per job. */
import { poolTask } from '../util/worker-pool.js';
import { auditWorld, type AuditOptions } from './run.js';

export interface AuditJob {
  file: string;
  options: Pick<AuditOptions, 'renderer' | 'rendererOptions' | 'sizes' | 'followUps' | 'families'>;
}

export default poolTask((job: AuditJob) => auditWorld(job.file, job.options));
