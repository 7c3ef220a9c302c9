import { and, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { scheduledTasks } from '../db/schema.ts';

/** What a scheduled task runs with: the process's context and a log. */
export interface TaskContext extends AppContext {
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

export interface TaskDefinition {
  /** Stable identity, e.g. `sessions:prune` or `website:3:category-refresh`. */
  command: string;
  /** When the task runs next after a run (or after it first appears) at `from`. */
  nextRun(from: Date): Date;
  run(context: TaskContext): Promise<void>;
}

/**
 * Lists tasks that come and go with the data (one per website, one per instance). The scheduler
 * asks every source on each tick, adds rows for new tasks and removes the rows of vanished ones.
 */
export type TaskSource = (context: TaskContext) => Promise<TaskDefinition[]>;

/** Every `ms` milliseconds from `from`. */
export const every =
  (ms: number) =>
  (from: Date): Date =>
    new Date(from.getTime() + ms);

/** The first multiple of `ms` since the epoch after `from`: every five minutes is :00, :05, … */
export const onTheMark =
  (ms: number) =>
  (from: Date): Date =>
    new Date((Math.floor(from.getTime() / ms) + 1) * ms);

/** A task marked Running for longer than this is taken to have died with its process. */
const STALE_RUNNING_MS = 10 * 60 * 1000;

/**
 * Claims a due task in one statement, so that of several processes sharing the database only one
 * runs it per tick.
 */
async function claim(context: TaskContext, command: string): Promise<boolean> {
  const claimed = await context.db
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

/** Current tasks: the fixed ones and those the sources list now. */
async function currentTasks(
  context: TaskContext,
  fixed: readonly TaskDefinition[],
  sources: readonly TaskSource[],
): Promise<TaskDefinition[]> {
  const listed = await Promise.all(sources.map((source) => source(context)));
  return [...fixed, ...listed.flat()];
}

/** Gives every task a row (first run one interval from now) and drops rows of vanished tasks. */
export async function syncTaskRows(context: TaskContext, tasks: readonly TaskDefinition[]) {
  const now = new Date();
  const commands = tasks.map((task) => task.command);
  if (tasks.length > 0) {
    await context.db
      .insert(scheduledTasks)
      .values(tasks.map((task) => ({ command: task.command, nextRun: task.nextRun(now) })))
      .onConflictDoNothing({ target: scheduledTasks.command });
  }
  await context.db
    .delete(scheduledTasks)
    .where(
      commands.length > 0
        ? and(notInArray(scheduledTasks.command, commands), sql`status <> 'Running'`)
        : sql`status <> 'Running'`,
    );
}

async function finish(context: TaskContext, task: TaskDefinition, error: unknown) {
  const now = new Date();
  await context.db
    .update(scheduledTasks)
    .set({
      status: error === undefined ? 'Scheduled' : 'Failed',
      lastRunAt: now,
      lastError:
        error === undefined ? null : error instanceof Error ? error.message : String(error),
      nextRun: task.nextRun(now),
      runs: sql`${scheduledTasks.runs} + 1`,
      updatedAt: now,
    })
    .where(eq(scheduledTasks.command, task.command));
}

/** Runs every due task once (those another process claimed first are left to it). */
export async function runDueTasks(context: TaskContext, tasks: readonly TaskDefinition[]) {
  const due = await context.db
    .select({ command: scheduledTasks.command })
    .from(scheduledTasks)
    .where(
      and(
        lte(scheduledTasks.nextRun, new Date()),
        inArray(
          scheduledTasks.command,
          tasks.map((task) => task.command),
        ),
      ),
    );
  const dueCommands = new Set(due.map((row) => row.command));
  for (const task of tasks) {
    if (!dueCommands.has(task.command) || !(await claim(context, task.command))) continue;
    try {
      await task.run(context);
      await finish(context, task, undefined);
    } catch (error) {
      context.log.error({ task: task.command, err: error }, 'scheduled task failed');
      await finish(context, task, error);
    }
  }
}

/** One tick: list the tasks, sync their rows, run the due ones. */
export async function schedulerTick(
  context: TaskContext,
  fixed: readonly TaskDefinition[],
  sources: readonly TaskSource[] = [],
) {
  const tasks = await currentTasks(context, fixed, sources);
  await syncTaskRows(context, tasks);
  if (tasks.length > 0) await runDueTasks(context, tasks);
}

/** Runs a tick now and every SCHEDULER_TICK_SECONDS; answers a function that stops it. */
export function startScheduler(
  context: TaskContext,
  fixed: readonly TaskDefinition[],
  sources: readonly TaskSource[] = [],
) {
  let running: Promise<void> | undefined;
  const tick = () => {
    // A tick still running (a long task, a short SCHEDULER_TICK_SECONDS) is not queued behind:
    // the next tick looks again, so ticks never pile up.
    if (running) return;
    running = schedulerTick(context, fixed, sources)
      .catch((error) => context.log.error({ err: error }, 'scheduler tick failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, context.config.SCHEDULER_TICK_SECONDS * 1000);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
