import { sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows } from '../db/client.ts';
import { emitEvents, subscribedTo } from './outgoing.ts';

/**
 * The outgoing `user.{action}` event of each user of `ids`, read while they still exist: a user
 * made in the Users screen or by a first single sign-on, or deleted.
 */
export async function emitUserEvents(
  tx: Executor,
  action: 'created' | 'deleted',
  ids: readonly number[],
) {
  const type = `user.${action}` as const;
  const rows = await queryRows<{ id: number; name: string; email: string }>(
    tx,
    sql`SELECT id, name, email FROM users
        WHERE id = ANY (${idArray(ids)}) AND ${subscribedTo(type)} ORDER BY id`,
  );
  await emitEvents(
    tx,
    rows.map((data) => ({ type, data })),
  );
}
