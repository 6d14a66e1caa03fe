// Loads the TypeScript worker under tsx when running from sources (tests); dist uses batch-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./batch-worker.ts');
