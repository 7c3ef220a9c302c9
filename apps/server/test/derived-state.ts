import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { scheduledTasks } from '../src/db/schema.ts';
import { runDueTasks, syncTaskRows } from '../src/jobs/scheduler.ts';
import { DERIVED_STATE_TASK, FIXED_TASKS } from '../src/tasks.ts';
import type { TestServer } from './harness.ts';

/**
 * Rows that arrive behind the triggers' back, as a bulk load or a restore writes them, and the
 * scheduled check that finds and repairs what the triggers then failed to keep (db/integrity.ts).
 *
 *   await behindTriggers(db, (tx) => tx.execute(sql`INSERT …`));   // replica mode: no trigger
 *   await withTriggerDisabled(db, 'posts', 'posts_deleted_ranges', sql`DELETE …`);
 *   const warnings = await runDerivedStateTask(server);   // what the repair logged
 */

/** Runs `load` in one transaction in replica mode, which silences every trigger. */
export async function behindTriggers(db: Db, load: (tx: Db) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await load(tx as unknown as Db);
  });
}

/** Runs `change` with `table`'s trigger `trigger` disabled, in one transaction. */
export async function withTriggerDisabled(db: Db, table: string, trigger: string, change: SQL) {
  const alter = (action: 'DISABLE' | 'ENABLE') =>
    sql.raw(`ALTER TABLE ${table} ${action} TRIGGER ${trigger}`);
  await db.transaction(async (tx) => {
    await tx.execute(alter('DISABLE'));
    await tx.execute(change);
    await tx.execute(alter('ENABLE'));
  });
}

/** Runs the scheduled derived-state check now, as the scheduler would; answers its warnings. */
export async function runDerivedStateTask(server: TestServer): Promise<string[]> {
  const warnings: string[] = [];
  const log = {
    error: () => {},
    info: () => {},
    warn: (message: unknown) => void warnings.push(String(message)),
  };
  const context = { ...server.context, log };
  await syncTaskRows(context, FIXED_TASKS);
  await server.database.db
    .update(scheduledTasks)
    .set({ nextRun: new Date(Date.now() - 1000) })
    .where(sql`${scheduledTasks.command} = ${DERIVED_STATE_TASK}`);
  await runDueTasks(context, FIXED_TASKS);
  return warnings;
}
