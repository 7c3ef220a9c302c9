import { DAY_MS, DEFAULT_RAW_RETENTION_DAYS, TRAFFIC_SETTINGS, utcDay } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { readSettings } from '../../db/settings.ts';
import { WRITE_LOCK } from './rollup.ts';

/**
 * The raw page views' partitions, one per UTC day (`traffic_events_20261129`): made a few days
 * ahead, so that views land in their day's table, and dropped whole once past
 * `traffic.raw_retention_days`. A view that came before its day's partition existed is in the
 * default partition, and moves into it when it is made.
 */

/** Days ahead of today whose partitions are made. */
const DAYS_AHEAD = 3;
const PREFIX = 'traffic_events_';

const partitionName = (day: string) => `${PREFIX}${day.replaceAll('-', '')}`;

/** The days whose partitions exist, oldest first. */
export async function partitionDays(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
        JOIN pg_class parent ON parent.oid = i.inhparent
        WHERE parent.relname = 'traffic_events' AND c.relname <> 'traffic_events_default'
        ORDER BY 1`,
  );
  return rows.map(({ name }) => {
    const digits = name.slice(PREFIX.length);
    return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  });
}

/**
 * Makes a day's partition, moving into it the views of that day the default partition took, under
 * the writers' lock: a view written in between would leave the default partition with a row of
 * the new one's range, which PostgreSQL refuses to attach.
 */
async function makePartition(db: Db, day: string) {
  const table = sql.identifier(partitionName(day));
  const from = `${day}T00:00:00Z`;
  const to = `${utcDay(Date.parse(from) + DAY_MS)}T00:00:00Z`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${WRITE_LOCK}`);
    await tx.execute(sql`CREATE TABLE ${table} (LIKE traffic_events INCLUDING DEFAULTS)`);
    await tx.execute(
      sql`WITH moved AS (DELETE FROM traffic_events_default
                         WHERE at >= ${from}::timestamptz AND at < ${to}::timestamptz
                         RETURNING *)
          INSERT INTO ${table} SELECT * FROM moved`,
    );
    await tx.execute(
      sql`ALTER TABLE traffic_events ATTACH PARTITION ${table}
          FOR VALUES FROM (${sql.raw(`'${from}'`)}) TO (${sql.raw(`'${to}'`)})`,
    );
  });
}

/** The raw views' retention in days: the setting, or the default when it is not a day count. */
async function retentionDays(context: Pick<AppContext, 'db' | 'secrets'>) {
  const key = TRAFFIC_SETTINGS.rawRetentionDays;
  const days = Number((await readSettings(context.db, context.secrets, [key]))[key]);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_RAW_RETENTION_DAYS;
}

/**
 * Makes today's partition and the next DAYS_AHEAD days', and drops the partitions (and deletes the
 * default partition's views) older than the retention. Answers the days made and dropped.
 */
export async function keepTrafficPartitions(
  context: Pick<AppContext, 'db' | 'secrets'>,
  now = new Date(),
): Promise<{ made: string[]; dropped: string[] }> {
  const { db } = context;
  const existing = new Set(await partitionDays(db));
  const made: string[] = [];
  for (let ahead = 0; ahead <= DAYS_AHEAD; ahead++) {
    const day = utcDay(now.getTime() + ahead * DAY_MS);
    if (existing.has(day)) continue;
    await makePartition(db, day);
    made.push(day);
  }
  const oldestKept = utcDay(now.getTime() - (await retentionDays(context)) * DAY_MS);
  const dropped = [...existing].filter((day) => day < oldestKept);
  for (const day of dropped) {
    await db.execute(sql`DROP TABLE ${sql.identifier(partitionName(day))}`);
  }
  await db.execute(
    sql`DELETE FROM traffic_events_default WHERE at < ${`${oldestKept}T00:00:00Z`}::timestamptz`,
  );
  return { made, dropped };
}
