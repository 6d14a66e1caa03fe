/** Invented names, unique within a world: the naming module lives in src/names; themes import it from here. */
export { NamePool, inventWord, type MakeContext, type PoolOptions } from '../names/pool.js';
