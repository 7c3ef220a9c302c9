/**
 * The dashboard's counts and their answers' keys, apart from the stats schemas: the dashboard's
 * boxes are made of them as it first paints, and it checks its answers only once they arrive.
 */

export const STAT_KINDS = ['instances', 'websites', 'posts', 'categories'] as const;
export type StatKind = (typeof STAT_KINDS)[number];

/** The answer's key for each stats call, as the original API names it. */
export const STAT_ANSWER_KEYS = {
  instances: 'totalInstancesCount',
  websites: 'totalWebsitesCount',
  posts: 'totalPostsCount',
  categories: 'totalCategoriesCount',
} as const satisfies Record<StatKind, string>;
