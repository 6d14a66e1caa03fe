/** The draft's defaults, in a leaf module: the CLI's help says them without loading the draft's machinery. */

/** Seeds a drafted spec is generated and checked at. */
export const DEFAULT_DRAFT_SEEDS: readonly number[] = [1, 2, 3];
/** Corrections asked of the model after a refused draft. */
export const DEFAULT_REPAIRS = 2;
