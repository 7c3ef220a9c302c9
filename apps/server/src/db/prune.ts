import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from './client.ts';

/** Rows one pruning statement deletes: short statements, no long lock. */
export const PRUNE_BATCH = 5000;

/**
 * Deletes the rows of `table` whose `column` (a time, indexed) is before `cutoff`, oldest first
 * and PRUNE_BATCH at a time, each batch its own statement; answers how many went.
 */
export async function pruneBefore(
  db: Executor,
  table: string,
  column: string,
  cutoff: Date | SQL,
): Promise<number> {
  const [tableName, columnName] = [sql.identifier(table), sql.identifier(column)];
  let pruned = 0;
  for (;;) {
    const deleted = await queryRows<{ id: number }>(
      db,
      sql`DELETE FROM ${tableName} WHERE id IN (
            SELECT id FROM ${tableName} WHERE ${columnName} < ${cutoff}
            ORDER BY ${columnName} LIMIT ${PRUNE_BATCH})
          RETURNING id`,
    );
    pruned += deleted.length;
    if (deleted.length < PRUNE_BATCH) return pruned;
  }
}
