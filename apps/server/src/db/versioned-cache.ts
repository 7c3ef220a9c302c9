import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRows } from './client.ts';

/**
 * Values kept per key until a version changes: each version table holds one number, raised by
 * statement triggers on every write to what the values are made of (traffic_table_version: the
 * daily roll-ups and the set of websites; economics_version: revenue, costs, rates, the websites'
 * and instances' costs, the agents' instructions). The versions are read before the value, so
 * that a value kept is never older than the versions it was kept under.
 */
export type VersionTable = 'traffic_table_version' | 'economics_version';

/** Values kept per cache and process: the rankings being read at once. */
const KEPT = 200;

/** The versions of `tables` as one text, for a statement that reads them with other things. */
export const versionsOf = (tables: readonly [VersionTable, ...VersionTable[]]): SQL =>
  sql.join(
    tables.map((table) => sql`(SELECT version FROM ${sql.identifier(table)})::text`),
    sql` || '.' || `,
  );

/** Values kept per key, each under the versions it was made at (as `versionsOf` reads them). */
export function keptValues<T>() {
  const kept = new Map<string, { version: string; value: T }>();
  return async (version: string, key: string, compute: () => Promise<T>): Promise<T> => {
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

/** Values kept per key until one of `tables`' versions changes, which each read checks first. */
export function versionedCache<T>(tables: readonly [VersionTable, ...VersionTable[]]) {
  const versions = sql`SELECT ${versionsOf(tables)} AS version`;
  const keep = keptValues<T>();
  return async (db: Db, key: string, compute: () => Promise<T>): Promise<T> => {
    const [row] = await preparedRows<{ version: string | null }>(db, versions);
    return keep(row?.version ?? '', key, compute);
  };
}
