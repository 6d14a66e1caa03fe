// From sources (vitest, tsx) a Node 20 worker cannot load TypeScript by itself: register tsx, then serve
// the task module runPool named (its .ts file). From dist, runPool hands tinypool the compiled .js directly.
import { register } from 'tsx/esm/api';
import Tinypool from 'tinypool';

register();
const task = await import(Tinypool.workerData.module);
export default task.default;
