import type { AppContext } from './context.ts';
import { startScheduler, type TaskContext } from './jobs/scheduler.ts';
import { startWorkers } from './jobs/workers.ts';
import { startEventRelay } from './pipeline/event-relay.ts';
import { JOB_HANDLERS } from './pipeline/handlers.ts';
import { FIXED_TASKS, TASK_SOURCES } from './tasks.ts';

/**
 * Starts what runs besides the HTTP API: the job workers, the scheduler and the outgoing events'
 * relay. The server runs them unless RUN_WORKERS=false; `npm run worker` runs them alone. Answers
 * a function that stops them;
 * the job queue itself stays with the process that started it.
 */
export async function startBackgroundWork(context: AppContext, log: TaskContext['log']) {
  const stopWorkers = await startWorkers({ ...context, log }, JOB_HANDLERS);
  const stopScheduler = startScheduler({ ...context, log }, FIXED_TASKS, TASK_SOURCES);
  const stopRelay = await startEventRelay({ ...context, log });
  return async () => {
    await stopRelay();
    await stopScheduler();
    await stopWorkers();
  };
}
