import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { scheduledTasks } from '../db/schema.ts';
import { pruneExpiredSessions, SESSION_PRUNE_TASK } from '../modules/auth/sessions.ts';

export interface TaskDefinition {
  command: string;
  intervalMs: number;
  run(db: Db): Promise<void>;
}

/** A task marked Running for longer than this is taken to have died with its process. */
const STALE_RUNNING_MS = 10 * 60 * 1000;
export const TICK_MS = 30 * 1000;

export const BUILT_IN_TASKS: TaskDefinition[] = [
  {
    command: SESSION_PRUNE_TASK,
    intervalMs: 60 * 60 * 1000,
    run: async (db) => {
      await pruneExpiredSessions(db);
    },
  },
];

/**
 * Claims a due task in one statement, so that of several processes sharing the database only one
 * runs it per tick.
 */
async function claim(db: Db, command: string): Promise<boolean> {
  const claimed = await db
    .update(scheduledTasks)
    .set({ status: 'Running', updatedAt: new Date() })
    .where(
      and(
        eq(scheduledTasks.command, command),
        lte(scheduledTasks.nextRun, new Date()),
        or(
          sql`${scheduledTasks.status} <> 'Running'`,
          lte(scheduledTasks.updatedAt, new Date(Date.now() - STALE_RUNNING_MS)),
        ),
      ),
    )
    .returning({ id: scheduledTasks.id });
  return claimed.length > 0;
}

export async function runDueTasks(db: Db, tasks: TaskDefinition[], log: FastifyBaseLogger) {
  for (const task of tasks) {
    if (!(await claim(db, task.command))) continue;
    const nextRun = () => new Date(Date.now() + task.intervalMs);
    try {
      await task.run(db);
      await db
        .update(scheduledTasks)
        .set({
          status: 'Scheduled',
          lastRunAt: new Date(),
          lastError: null,
          nextRun: nextRun(),
          updatedAt: new Date(),
        })
        .where(eq(scheduledTasks.command, task.command));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ task: task.command, err: error }, 'scheduled task failed');
      await db
        .update(scheduledTasks)
        .set({
          status: 'Failed',
          lastRunAt: new Date(),
          lastError: message,
          nextRun: nextRun(),
          updatedAt: new Date(),
        })
        .where(eq(scheduledTasks.command, task.command));
    }
  }
}

/** Runs due tasks now and on every tick; answers a function that stops it. */
export function startScheduler(db: Db, tasks: TaskDefinition[], log: FastifyBaseLogger) {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(() =>
      runDueTasks(db, tasks, log).catch((error) =>
        log.error({ err: error }, 'scheduler tick failed'),
      ),
    );
  };
  tick();
  const timer = setInterval(tick, TICK_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
