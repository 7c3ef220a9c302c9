import { unknownIdsMessage } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { notFound, validationError } from '../errors.ts';
import { type Executor, idArray, queryRows } from './client.ts';

/** The ids of `ids` that `table` has no row for, in ascending order. */
export async function missingIds(db: Executor, table: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT wanted.id FROM unnest(${idArray(ids)}) AS wanted(id)
        WHERE NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} t WHERE t.id = wanted.id)
        ORDER BY wanted.id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Bulk calls are all-or-nothing: any unknown id refuses the whole call with a 422 on `ids`.
 * Answers the ids without repeats.
 */
export async function assertIdsExist(db: Executor, table: string, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const missing = await missingIds(db, table, unique);
  if (missing.length > 0) throw validationError({ ids: unknownIdsMessage(missing) });
  return unique;
}

/** A 404 unless `table` has a row of this id. */
export async function assertRowExists(db: Executor, table: string, id: number) {
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ${id}`,
  );
  if (!found) throw notFound();
}
