import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { scheduledTasks } from '../src/db/schema.ts';
import {
  AUDIT_PRUNE_TASK,
  DERIVED_STATE_TASK,
  FIXED_TASKS,
  RETRY_FAILED_TASK,
  SESSION_PRUNE_TASK,
} from '../src/tasks.ts';

/**
 * The browser suite's untouched demo server (e2e/start-server.sh with E2E_DEMO_STATES=1): its
 * scheduled tasks, written in its data directory before it starts. It runs no scheduler, so they
 * stay as written: one in each state the Scheduled Tasks panel shows, the others scheduled.
 */
const HOUR_MS = 60 * 60 * 1000;
const now = Date.now();
const states: Record<string, { status: string; nextRun: Date; lastError?: string }> = {
  [SESSION_PRUNE_TASK]: { status: 'Scheduled', nextRun: new Date(now - HOUR_MS) },
  [RETRY_FAILED_TASK]: {
    status: 'Failed',
    nextRun: new Date(now + HOUR_MS),
    lastError: 'Webhook answered 500',
  },
  [DERIVED_STATE_TASK]: { status: 'Running', nextRun: new Date(now + HOUR_MS) },
  [AUDIT_PRUNE_TASK]: { status: 'Scheduled', nextRun: new Date(now + 2 * HOUR_MS) },
};

const database = await openDatabase({ dataDir: process.env.DATA_DIR });
for (const task of FIXED_TASKS) {
  const state = states[task.command] ?? { status: 'Scheduled', nextRun: task.nextRun(new Date()) };
  await database.db
    .insert(scheduledTasks)
    .values({ command: task.command, lastError: null, ...state })
    .onConflictDoUpdate({
      target: scheduledTasks.command,
      set: {
        status: state.status,
        nextRun: state.nextRun,
        lastError: state.lastError ?? null,
        updatedAt: sql`now()`,
      },
    });
}
await database.close();
