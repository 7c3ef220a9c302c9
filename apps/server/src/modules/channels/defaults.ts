import type { SocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * One default channel and one default app per network (partial unique indexes
 * channels_default_idx and social_apps_default_idx): a record made the default takes the place of
 * the previous one in the same transaction.
 */

/**
 * Unsets the network's default in `table` (but for record `keep`), in the caller's transaction,
 * which then makes its own record the default. Saves of one network's default queue on a lock
 * taken before any row lock of the save: two racing saves end with the later one the default,
 * where the unique index would refuse the second, and no save waits on a row another holds while
 * that one waits on the lock.
 */
export async function takeDefault(
  tx: Executor,
  table: 'channels' | 'social_apps',
  network: SocialNetwork,
  keep?: number,
) {
  await lockDefault(tx, table, network);
  await tx.execute(
    sql`UPDATE ${sql.identifier(table)} SET is_default = false, updated_at = now()
        WHERE network = ${network} AND is_default ${keep === undefined ? sql`` : sql`AND id <> ${keep}`}`,
  );
}

/** The lock every save of the network's default in `table` takes first, until its transaction ends. */
export async function lockDefault(
  tx: Executor,
  table: 'channels' | 'social_apps',
  network: SocialNetwork,
) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${table}-default:${network}`}))`);
}
