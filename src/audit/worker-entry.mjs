// Loads the TypeScript worker under tsx when running from sources (tests); dist uses worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
