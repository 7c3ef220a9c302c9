import { z } from 'zod';
import { INSTANCE_STAT_FILTERS, RECORD_STAT_FILTERS, SCHEDULED_TASK_STATUSES } from './options.ts';
import { paginatedSchema } from './pagination.ts';

export const instanceStatQuerySchema = z.object({
  status: z.enum(INSTANCE_STAT_FILTERS).default('all'),
});
export const recordStatQuerySchema = z.object({
  status: z.enum(RECORD_STAT_FILTERS).default('all'),
});

export const STAT_KINDS = ['instances', 'websites', 'posts', 'categories'] as const;
export type StatKind = (typeof STAT_KINDS)[number];

/** The answer's key for each stats call, as the spec names it. */
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

export const scheduledTaskSchema = z.object({
  command: z.string(),
  next_run: z.string().nullable(),
  status: z.enum(SCHEDULED_TASK_STATUSES),
  /** Why the last run failed, for a 'Failed' task. */
  error: z.string().nullable(),
});
export const scheduledTasksAnswerSchema = z.array(scheduledTaskSchema);

/**
 * GET /api/stats/scheduled-tasks/page: the same tasks a page at a time (two per website and one
 * per instance make thousands on a big network), by next run, searched by command.
 */
export const scheduledTasksPageSchema = paginatedSchema(scheduledTaskSchema);
/** Tasks per page of the control sidebar's table. */
export const SCHEDULED_TASKS_PER_PAGE = 10;
