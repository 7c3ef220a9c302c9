import { DEFAULT_AUDIT_RETENTION_DAYS } from '@sitefleet/contract';
import type { AppContext } from './context.ts';
import { pruneAuditLog } from './db/audit.ts';
import { describeDrift, repairDerivedState } from './db/integrity.ts';
import { SESSION_PRUNE_TASK } from './db/seed.ts';
import { readSettings } from './db/settings.ts';
import type { JobQueue } from './jobs/queue.ts';
import { every, startScheduler, type TaskContext, type TaskDefinition } from './jobs/scheduler.ts';
import { startWorkers } from './jobs/workers.ts';
import { AUDIT_RETENTION_SETTING } from './lib/settings-catalog.ts';
import { RETRY_FAILED_TASK, retryFailedDeliveries } from './modules/content/retry.ts';
import { purgeExpiredTrash } from './modules/trash/service.ts';
import { JOB_HANDLERS, TASK_SOURCES } from './pipeline/handlers.ts';
import { pruneExpiredSessions } from './plugins/sessions.ts';

const HOUR_MS = 60 * 60 * 1000;
export const DERIVED_STATE_TASK = 'db:check';
export const AUDIT_PRUNE_TASK = 'audit:prune';

/** The audit log's retention in days: the setting, or the default when it is not a day count. */
export async function auditRetentionDays(context: AppContext) {
  const setting = await readSettings(context.db, context.secrets, [AUDIT_RETENTION_SETTING]);
  const days = Number(setting[AUDIT_RETENTION_SETTING]);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_AUDIT_RETENTION_DAYS;
}

/** Deletes for good what has been in the trash longer than its setting's days. */
export const TRASH_PURGE_TASK = 'trash:purge';

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
  {
    command: DERIVED_STATE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      for (const drift of await repairDerivedState(context.db)) {
        context.log.warn(`Repaired derived state: ${describeDrift(drift)}`);
      }
    },
  },
  {
    command: AUDIT_PRUNE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await pruneAuditLog(context.db, await auditRetentionDays(context));
    },
  },
  {
    command: TRASH_PURGE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await purgeExpiredTrash(context);
    },
  },
];

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
