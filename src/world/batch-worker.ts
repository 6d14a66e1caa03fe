/** Task module for `generateBatch` in worker threads: builds one world per job. */
import { poolTask } from '../util/worker-pool.js';
import { buildOne } from './build-one.js';

export default poolTask(buildOne);
