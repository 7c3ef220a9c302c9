import type { AppContext } from '../context.ts';
import { instanceDispatchTasks } from '../modules/agent/dispatch.ts';
import { pruneExpiredSessions, SESSION_PRUNE_TASK } from '../modules/auth/sessions.ts';
import { websiteRefreshTasks } from '../modules/generation/refresh.ts';
import { RETRY_FAILED_TASK, retryFailedDeliveries } from '../modules/publishing/retry.ts';
import type { JobQueue } from './queue.ts';
import {
  every,
  startScheduler,
  type TaskContext,
  type TaskDefinition,
  type TaskSource,
} from './scheduler.ts';
import { startWorkers } from './workers.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The tasks every installation has. */
export const FIXED_TASKS: TaskDefinition[] = [
  {
    command: SESSION_PRUNE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await pruneExpiredSessions(context.db);
    },
  },
  {
    command: RETRY_FAILED_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await retryFailedDeliveries(context, context.queue);
    },
  },
];

/** The tasks that follow the data: per-website refreshes, per-instance dispatch. */
export const TASK_SOURCES: TaskSource[] = [websiteRefreshTasks, instanceDispatchTasks];

/**
 * Starts what runs besides the HTTP API: the job workers and the scheduler. The server runs them
 * unless RUN_WORKERS=false; `npm run worker` runs them alone. Answers a function that stops both.
 */
export async function startBackgroundWork(
  context: AppContext,
  queue: JobQueue,
  log: TaskContext['log'],
) {
  const stopWorkers = await startWorkers(context, queue);
  const stopScheduler = startScheduler({ ...context, queue, log }, FIXED_TASKS, TASK_SOURCES);
  return async () => {
    await stopScheduler();
    await stopWorkers();
  };
}
