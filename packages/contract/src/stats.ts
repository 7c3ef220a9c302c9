import { z } from 'zod';
import { INSTANCE_STAT_FILTERS, RECORD_STAT_FILTERS } from './options.ts';

export const instanceStatQuerySchema = z.object({
  status: z.enum(INSTANCE_STAT_FILTERS).default('all'),
});
export const recordStatQuerySchema = z.object({
  status: z.enum(RECORD_STAT_FILTERS).default('all'),
});

export const STAT_KINDS = ['instances', 'websites', 'posts', 'categories'] as const;
export type StatKind = (typeof STAT_KINDS)[number];

/** The answer's key for each stats call, as the original API names it. */
export const STAT_ANSWER_KEYS = {
  instances: 'totalInstancesCount',
  websites: 'totalWebsitesCount',
  posts: 'totalPostsCount',
  categories: 'totalCategoriesCount',
} as const satisfies Record<StatKind, string>;

export const instanceDetailSchema = z.object({
  id: z.number(),
  instance_id: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export const instanceDetailsAnswerSchema = z.object({
  instancesDetails: z.array(instanceDetailSchema),
});

export const topItemSchema = z.object({ id: z.number(), name: z.string(), views: z.number() });
