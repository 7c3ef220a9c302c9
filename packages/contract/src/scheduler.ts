import { z } from 'zod';
import { SCHEDULED_TASK_STATUSES } from './options.ts';
import { paginatedSchema } from './pagination.ts';

/** GET /api/stats/scheduled-tasks: what the scheduler will run next, per website and instance. */
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
