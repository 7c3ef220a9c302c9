import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { createAppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { scheduledTasks, sessions } from '../db/schema.ts';
import { createUser, seedBase } from '../db/seed.ts';
import { TARGET_SETTINGS } from '../pipeline/targets/index.ts';
import { createSession } from '../plugins/sessions.ts';
import {
  FIXED_TASKS,
  HEALTH_WINDOW_ROLL_TASK,
  SESSION_PRUNE_TASK,
  seedTaskRows,
} from '../tasks.ts';
import { every, runDueTasks, schedulerTick, type TaskContext } from './scheduler.ts';

const silentLog = { error: () => {}, warn: () => {}, info: () => {} };
let database: Database;
let context: TaskContext;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedBase(database.db, TARGET_SETTINGS, {
    email: 'admin@example.com',
    password: 'admin12345',
  });
  await seedTaskRows(database.db);
  context = {
    ...(await createAppContext(loadConfig({ NODE_ENV: 'test' }), database, silentLog)),
    log: silentLog,
  };
});
afterAll(async () => {
  await context.queue.stop();
  await database.close();
});

const task = async () =>
  (
    await database.db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.command, SESSION_PRUNE_TASK))
  )[0]!;

describe('scheduler', () => {
  it('rolls the kept delivery health on the five-minute marks, so at the start of each hour', () => {
    const roll = FIXED_TASKS.find((task) => task.command === HEALTH_WINDOW_ROLL_TASK)!;
    const after = (at: string) => roll.nextRun(new Date(at)).toISOString();
    expect(after('2026-11-27T12:59:40.000Z')).toBe('2026-11-27T13:00:00.000Z');
    expect(after('2026-11-27T13:00:00.000Z')).toBe('2026-11-27T13:05:00.000Z');
    expect(after('2026-11-27T13:03:12.345Z')).toBe('2026-11-27T13:05:00.000Z');
  });

  it('does not run a task before its time', async () => {
    const before = await task();
    await runDueTasks(context, FIXED_TASKS);
    expect((await task()).lastRunAt).toEqual(before.lastRunAt);
  });

  it('prunes expired sessions when the task is due, then schedules its next run', async () => {
    const db = database.db;
    const before = await task();
    const userId = await createUser(db, {
      name: 'U',
      email: 'u@example.com',
      password: 'password1',
      roleNames: [],
    });
    await createSession(db, { userId, remember: false });
    await createSession(db, { userId, remember: false });
    const [expired] = await db.select().from(sessions).limit(1);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired!.id));
    await db
      .update(scheduledTasks)
      .set({ nextRun: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.command, SESSION_PRUNE_TASK));

    await runDueTasks(context, FIXED_TASKS);

    expect((await db.select().from(sessions)).map((s) => s.id)).not.toContain(expired!.id);
    expect(await db.select().from(sessions)).toHaveLength(1);
    const after = await task();
    expect(after.status).toBe('Scheduled');
    expect(after.lastRunAt).not.toBeNull();
    expect(after.runs).toBe(before.runs + 1);
    expect(after.nextRun!.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  });

  it('runs a due task once when two ticks race', async () => {
    let runs = 0;
    const counting = [
      {
        command: SESSION_PRUNE_TASK,
        nextRun: every(60_000),
        run: async () => {
          runs += 1;
        },
      },
    ];
    await database.db
      .update(scheduledTasks)
      .set({ nextRun: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.command, SESSION_PRUNE_TASK));
    const before = await task();
    await Promise.all([runDueTasks(context, counting), runDueTasks(context, counting)]);
    expect(runs).toBe(1);
    expect((await task()).runs).toBe(before.runs + 1);
  });

  it('records a failure and shows the task as Failed', async () => {
    const failing = [
      {
        command: SESSION_PRUNE_TASK,
        nextRun: every(60_000),
        run: async () => {
          throw new Error('disk full');
        },
      },
    ];
    await database.db
      .update(scheduledTasks)
      .set({ nextRun: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.command, SESSION_PRUNE_TASK));
    const before = await task();
    await runDueTasks(context, failing);
    // A failed run is a run: it counts, and the task waits for its next period.
    expect(await task()).toMatchObject({
      status: 'Failed',
      lastError: 'disk full',
      runs: before.runs + 1,
    });
  });

  it('adds a row for each task a source lists and removes it when the source drops it', async () => {
    let listed = ['website:1:post-refresh', 'website:2:post-refresh'];
    const source = async () =>
      listed.map((command) => ({ command, nextRun: every(60_000), run: async () => {} }));
    await schedulerTick(context, FIXED_TASKS, [source]);
    const commands = async () =>
      (await database.db.select().from(scheduledTasks)).map((row) => row.command).sort();
    expect(await commands()).toEqual(
      [...FIXED_TASKS.map((fixed) => fixed.command), ...listed].sort(),
    );
    listed = ['website:2:post-refresh'];
    await schedulerTick(context, FIXED_TASKS, [source]);
    expect(await commands()).toEqual(
      [...FIXED_TASKS.map((fixed) => fixed.command), ...listed].sort(),
    );
  });
});
