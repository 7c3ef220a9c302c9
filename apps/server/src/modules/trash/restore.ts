import { TRASH_MESSAGES, type TrashType } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows } from '../../db/client.ts';
import { validationError } from '../../errors.ts';

/**
 * Putting trashed records back, with their own ids, from the snapshots `db/trash.ts` took: each
 * table's rows come back through `jsonb_populate_record(set)`, set-based for any number of
 * records. What the record pointed to and is gone since is left out (a variant of a deleted
 * website, a link to a deleted parent or role); what it cannot live without (a post's category)
 * or a unique key another record took since refuses the restore with a 422 on that field.
 */

/** The chosen entries, aliased `t`, for a `FROM`. */
const chosen = (type: TrashType, ids: readonly number[]) =>
  sql`trash t WHERE t.type = ${type} AND t.id = ANY(${idArray(ids)})`;

/** The record's table row, from the snapshot's `record` (or a patched copy of it). */
const insertRecord =
  (table: string, record: SQL = sql`t.data->'record'`): Restorer =>
  (from) =>
    sql`INSERT INTO ${sql.identifier(table)}
        SELECT (jsonb_populate_record(NULL::${sql.identifier(table)}, ${record})).* FROM ${from}`;

/** Rows of `table` from the snapshot's array `key`, those for which `keep` (on `x`) holds. */
const insertRows =
  (table: string, key: string, keep: SQL = sql`TRUE`): Restorer =>
  (from) =>
    sql`INSERT INTO ${sql.identifier(table)}
        SELECT x.* FROM (SELECT t.data FROM ${from}) t
        CROSS JOIN LATERAL jsonb_populate_recordset(NULL::${sql.identifier(table)}, t.data->${key}) x
        WHERE ${keep}
        ON CONFLICT DO NOTHING`;

/** One-row table (settings, avatar, second factor) from the snapshot's object `key`, if any. */
const insertOne =
  (table: string, key: string): Restorer =>
  (from) =>
    sql`INSERT INTO ${sql.identifier(table)}
        SELECT (jsonb_populate_record(NULL::${sql.identifier(table)}, t.data->${key})).*
        FROM (SELECT t.data FROM ${from}) t WHERE jsonb_typeof(t.data->${key}) = 'object'`;

/**
 * Link rows (`ownColumn` = the record, `otherColumn` = each id of the snapshot's array `key`),
 * those whose other end still exists in `otherTable`.
 */
const insertLinks =
  (
    table: string,
    ownColumn: string,
    otherColumn: string,
    key: string,
    otherTable: string,
  ): Restorer =>
  (from) =>
    sql`INSERT INTO ${sql.identifier(table)} (${sql.identifier(ownColumn)}, ${sql.identifier(otherColumn)})
        SELECT t.id, other.id FROM (SELECT t.id, t.data FROM ${from}) t
        CROSS JOIN LATERAL jsonb_array_elements_text(t.data->${key}) AS link(value)
        JOIN ${sql.identifier(otherTable)} other ON other.id = link.value::int
        ON CONFLICT DO NOTHING`;

/** One statement of a restore, over the chosen entries (`FROM trash t WHERE …`). */
type Restorer = (from: SQL) => SQL;

/** A unique key of the record that another live record may have taken since. */
interface UniqueKey {
  field: string;
  /** Live column = the snapshot's field of the same name, for each. */
  columns: string[];
  /** A column compared without case, as its unique index compares it. */
  caseless?: string;
  message: (values: string[]) => string;
}

/** How a type's entries come back (into its table, named as the type). */
interface RestorePlan {
  uniqueKeys: UniqueKey[];
  /** Run in order after the record's own row. */
  related: Restorer[];
  record?: SQL;
}

/** Whether `value` (an id as text or int) names a live row of `table`. */
const liveRef = (table: string, value: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} live WHERE live.id = (${value})::int)`;

/** A plain resource's entries: the record alone, no unique key to check but its id. */
const PLAIN_PLAN: RestorePlan = { uniqueKeys: [], related: [] };

const PLANS: Partial<Record<TrashType, RestorePlan>> = {
  websites: {
    uniqueKeys: [],
    related: [
      insertOne('website_settings', 'settings'),
      insertRows(
        'category_variants',
        'category_variants',
        liveRef('categories', sql`x.category_id`),
      ),
      insertRows('post_variants', 'post_variants', liveRef('posts', sql`x.post_id`)),
    ],
  },
  instances: {
    uniqueKeys: [
      { field: 'instance_id', columns: ['instance_id'], message: TRASH_MESSAGES.instanceIdReused },
    ],
    related: [insertRows('instance_logs', 'logs')],
  },
  categories: {
    uniqueKeys: [{ field: 'slug', columns: ['slug'], message: TRASH_MESSAGES.slugReused }],
    // The category it was created under may be gone since: it then comes back without.
    record: sql`t.data->'record' || jsonb_build_object('created_under_id',
      CASE WHEN ${liveRef('categories', sql`t.data->'record'->>'created_under_id'`)}
           THEN t.data->'record'->'created_under_id' END)`,
    related: [
      insertRows('category_variants', 'variants', liveRef('websites', sql`x.website_id`)),
      insertLinks('category_parents', 'category_id', 'parent_id', 'parent_ids', 'categories'),
      // The categories created under it that lost the link when it went get it back.
      (from) =>
        sql`UPDATE categories c SET created_under_id = t.id
            FROM (SELECT t.id, t.data FROM ${from}) t
            CROSS JOIN LATERAL jsonb_array_elements_text(t.data->'own_children_ids') AS child(id)
            WHERE c.id = child.id::int AND c.created_under_id IS NULL`,
    ],
  },
  posts: {
    uniqueKeys: [],
    related: [insertRows('post_variants', 'variants', liveRef('websites', sql`x.website_id`))],
  },
  channels: {
    // Its account taken since by another channel: refused by channels_account_idx (external_id).
    uniqueKeys: [],
    // The app it named may be gone since (it then uses the network's default app). The network
    // may have another default channel since, which stays the default; of several defaults of a
    // network restored together, the last deleted is.
    record: sql`t.data->'record' || jsonb_build_object(
      'app_id', CASE WHEN ${liveRef('social_apps', sql`t.data->'record'->>'app_id'`)}
                     THEN t.data->'record'->'app_id' END,
      'is_default', (t.data->'record'->>'is_default')::boolean
        AND NOT EXISTS (SELECT 1 FROM channels live
                        WHERE live.network = t.data->'record'->>'network' AND live.is_default)
        AND row_number() OVER (PARTITION BY t.data->'record'->>'network'
                               ORDER BY (t.data->'record'->>'is_default')::boolean DESC,
                                        t.deleted_at DESC) = 1)`,
    related: [
      insertLinks('channel_websites', 'channel_id', 'website_id', 'website_ids', 'websites'),
      insertRows(
        'variant_channels',
        'deliveries',
        sql`CASE x.kind WHEN 'category' THEN ${liveRef('category_variants', sql`x.variant_id`)}
                        ELSE ${liveRef('post_variants', sql`x.variant_id`)} END`,
      ),
    ],
  },
  users: {
    uniqueKeys: [{ field: 'email', columns: ['email'], message: TRASH_MESSAGES.emailReused }],
    related: [
      insertLinks('user_roles', 'user_id', 'role_id', 'role_ids', 'roles'),
      insertOne('user_avatars', 'avatar'),
      insertOne('user_two_factor', 'two_factor'),
      insertRows('user_recovery_codes', 'recovery_codes'),
    ],
  },
  roles: {
    uniqueKeys: [
      {
        field: 'name',
        columns: ['name', 'guard_name'],
        caseless: 'name',
        message: TRASH_MESSAGES.roleNameReused,
      },
    ],
    related: [
      insertLinks('role_permissions', 'role_id', 'permission_id', 'permission_ids', 'permissions'),
      insertLinks('user_roles', 'role_id', 'user_id', 'user_ids', 'users'),
    ],
  },
};

/** 422 on the field when another record took a unique key of one of the chosen ones since. */
async function assertKeysFree(db: Executor, table: TrashType, plan: RestorePlan, from: SQL) {
  for (const key of plan.uniqueKeys) {
    const matches = key.columns.map((column) =>
      column === key.caseless
        ? sql`lower(live.${sql.identifier(column)}) = lower(t.data->'record'->>${column})`
        : sql`live.${sql.identifier(column)} = t.data->'record'->>${column}`,
    );
    const taken = await queryRows<{ value: string }>(
      db,
      sql`SELECT DISTINCT t.data->'record'->>${key.columns[0]} AS value FROM ${from}
          AND EXISTS (SELECT 1 FROM ${sql.identifier(table)} live
                      WHERE ${sql.join(matches, sql` AND `)})
          ORDER BY 1`,
    );
    if (taken.length > 0) {
      throw validationError({ [key.field]: key.message(taken.map((row) => row.value)) });
    }
  }
}

/** A post needs its category: 422 on `category_id` while that category is gone. */
async function assertCategoriesLive(db: Executor, from: SQL) {
  const gone = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT (t.data->'record'->>'category_id')::int AS id FROM ${from}
        AND NOT ${liveRef('categories', sql`t.data->'record'->>'category_id'`)} ORDER BY 1`,
  );
  if (gone.length > 0) {
    throw validationError({ category_id: TRASH_MESSAGES.categoryGone(gone.map((row) => row.id)) });
  }
}

/**
 * Puts entries `ids` of `type` (locked, all present) back in their tables and takes them out of
 * the trash. Call it in a transaction: a refusal leaves everything as it was.
 */
export async function restoreEntries(db: Executor, type: TrashType, ids: readonly number[]) {
  const plan = PLANS[type] ?? PLAIN_PLAN;
  const from = chosen(type, ids);
  await assertKeysFree(db, type, plan, from);
  if (type === 'posts') await assertCategoriesLive(db, from);
  await db.execute(insertRecord(type, plan.record)(from));
  for (const restorer of plan.related) await db.execute(restorer(from));
  await db.execute(sql`DELETE FROM ${from}`);
}
