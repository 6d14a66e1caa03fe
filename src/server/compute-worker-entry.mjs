// Loads the TypeScript compute worker under tsx when running from sources (tests); dist uses compute-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./compute-worker.ts');
