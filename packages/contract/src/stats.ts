import { z } from 'zod';
import { INSTANCE_STAT_FILTERS, RECORD_STAT_FILTERS } from './options.ts';

export const instanceStatQuerySchema = z.object({
  status: z.enum(INSTANCE_STAT_FILTERS).default('all'),
});
export const recordStatQuerySchema = z.object({
  status: z.enum(RECORD_STAT_FILTERS).default('all'),
});

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

/**
 * GET /api/stats/review-stages: how many post (or category) variants wait in each stage, and how
 * many records the list filtered by the stage shows.
 */
export const reviewStageStatQuerySchema = z.object({
  kind: z
    .enum(['post', 'category'], { error: 'The kind must be post or category.' })
    .default('post'),
});
export const reviewStageStatsSchema = z.object({
  /** Every workflow's stages, the default workflow first, each in its order. */
  data: z.array(
    z.object({
      workflow: z.object({ id: z.number(), name: z.string(), is_default: z.boolean() }),
      stage: z.object({
        id: z.number(),
        name: z.string(),
        colour: z.string(),
        is_last: z.boolean(),
      }),
      variants: z.number(),
      /**
       * The records with a variant in the stage, as the list filtered by it finds them: exact up
       * to EXACT_COUNT_LIMIT, and EXACT_COUNT_LIMIT + 1 for more.
       */
      records: z.number(),
    }),
  ),
});
export type ReviewStageStats = z.infer<typeof reviewStageStatsSchema>;
