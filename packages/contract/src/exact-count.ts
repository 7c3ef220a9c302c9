/**
 * The bound of a big list's exact count, apart from the pagination schemas: the dashboard's review
 * box reads it, and the dashboard checks its answers only once they arrive.
 */

/**
 * Up to this many rows a big list's total is counted exactly; beyond, it is the planner's
 * estimate, and never less than this bound plus one (the rows counted before stopping).
 */
export const EXACT_COUNT_LIMIT = 1000;
