import type { AppContext } from './context.ts';
import type { JobQueue } from './jobs/queue.ts';
import { startScheduler, type TaskContext } from './jobs/scheduler.ts';
import { startWorkers } from './jobs/workers.ts';
import { JOB_HANDLERS } from './pipeline/handlers.ts';
import { FIXED_TASKS, TASK_SOURCES } from './tasks.ts';

/**
 * Starts what runs besides the HTTP API: the job workers and the scheduler. The server runs them
 * unless RUN_WORKERS=false; `npm run worker` runs them alone. Answers a function that stops both.
 */
export async function startBackgroundWork(
  context: AppContext,
  queue: JobQueue,
  log: TaskContext['log'],
) {
  const stopWorkers = await startWorkers(context, queue, JOB_HANDLERS);
  const stopScheduler = startScheduler({ ...context, queue, log }, FIXED_TASKS, TASK_SOURCES);
  return async () => {
    await stopScheduler();
    await stopWorkers();
  };
}
