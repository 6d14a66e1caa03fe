/** World size limits from the format contract. */
export const FACT_MIN = 300;
export const FACT_MAX = 500;
