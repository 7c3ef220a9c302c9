import { sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../db/client.ts';

/**
 * Values kept per key until traffic_table_version changes: it is raised by every statement that
 * writes the daily roll-ups or adds or removes websites, and read before the value, so that a
 * value kept is never older than the version it was kept under.
 */

/** Values kept per process: the rankings being read at once. */
const KEPT = 200;

export function versionedCache<T>() {
  const kept = new Map<string, { version: number; value: T }>();
  return async (db: Db, key: string, compute: () => Promise<T>): Promise<T> => {
    const [row] = await preparedRows<{ version: number }>(
      db,
      sql`SELECT version FROM traffic_table_version`,
    );
    const version = Number(row?.version ?? 0);
    const found = kept.get(key);
    if (found && found.version === version) {
      // Read again last: the least lately read goes first when the cache is full.
      kept.delete(key);
      kept.set(key, found);
      return found.value;
    }
    const value = await compute();
    kept.delete(key);
    kept.set(key, { version, value });
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return value;
  };
}
