import { type TrashType, unknownIdsMessage } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { notFound, validationError } from '../errors.ts';
import { type Executor, idArray, queryRows } from './client.ts';

/**
 * Moving deleted records to the trash. Each delete, single or bulk, first copies its records, and
 * what goes with them, into `trash` with one set-based `INSERT … SELECT` (a snapshot per record,
 * each table's rows as `to_jsonb` writes them), then deletes them as before, in the same
 * transaction: the live tables, their counts, unique keys and post ranges never see a trashed
 * row. Restoring (modules/trash) reads the rows back with `jsonb_populate_record`.
 */

/** Who deleted: kept by name too, as the user may be renamed or deleted since. */
export interface Deleter {
  userId: number;
  name: string;
}

/** A JSON array of `to_jsonb` rows of `table` (aliased `x`) where `condition`, `[]` when none. */
const rowsOf = (table: string, condition: SQL) =>
  sql`COALESCE((SELECT jsonb_agg(to_jsonb(x)) FROM ${sql.identifier(table)} x WHERE ${condition}), '[]'::jsonb)`;

/** A JSON array of `column` of `table` (aliased `x`) where `condition`, `[]` when none. */
const idsOf = (table: string, column: string, condition: SQL) =>
  sql`COALESCE((SELECT jsonb_agg(x.${sql.identifier(column)}) FROM ${sql.identifier(table)} x WHERE ${condition}), '[]'::jsonb)`;

/** What a type's entries keep beside the record (its table, named as the type, aliased `r`). */
interface Snapshot {
  name: SQL;
  detail: SQL;
  /** What goes with the record, by key of the snapshot (next to `record`). */
  related: Record<string, SQL>;
}

/** A plain resource's entries: its name, nothing beside the record. */
const PLAIN_SNAPSHOT: Snapshot = { name: sql`r.name`, detail: sql`NULL`, related: {} };

const SNAPSHOTS: Partial<Record<TrashType, Snapshot>> = {
  websites: {
    name: sql`r.name`,
    detail: sql`r.url`,
    related: {
      settings: sql`(SELECT to_jsonb(x) FROM website_settings x WHERE x.website_id = r.id)`,
      category_variants: rowsOf('category_variants', sql`x.website_id = r.id`),
      post_variants: rowsOf('post_variants', sql`x.website_id = r.id`),
    },
  },
  instances: {
    name: sql`r.instance_id`,
    detail: sql`r.ip_address`,
    related: { logs: rowsOf('instance_logs', sql`x.instance_id = r.id`) },
  },
  categories: {
    name: sql`r.name`,
    detail: sql`r.slug`,
    related: {
      variants: rowsOf('category_variants', sql`x.category_id = r.id`),
      parent_ids: idsOf('category_parents', 'parent_id', sql`x.category_id = r.id`),
      own_children_ids: idsOf('categories', 'id', sql`x.created_under_id = r.id`),
    },
  },
  posts: {
    name: sql`r.title`,
    detail: sql`(SELECT c.name FROM categories c WHERE c.id = r.category_id)`,
    related: { variants: rowsOf('post_variants', sql`x.post_id = r.id`) },
  },
  users: {
    name: sql`r.name`,
    detail: sql`r.email`,
    related: {
      role_ids: idsOf('user_roles', 'role_id', sql`x.user_id = r.id`),
      avatar: sql`(SELECT to_jsonb(x) FROM user_avatars x WHERE x.user_id = r.id)`,
      two_factor: sql`(SELECT to_jsonb(x) FROM user_two_factor x WHERE x.user_id = r.id)`,
      recovery_codes: rowsOf('user_recovery_codes', sql`x.user_id = r.id`),
    },
  },
  channels: {
    name: sql`r.name`,
    detail: sql`r.network || ' ' || r.external_id`,
    related: {
      website_ids: idsOf('channel_websites', 'website_id', sql`x.channel_id = r.id`),
      // Each variant's delivery to the channel: back with it, it does not publish them twice.
      deliveries: rowsOf('variant_channels', sql`x.channel_id = r.id`),
    },
  },
  roles: {
    name: sql`r.name`,
    detail: sql`r.guard_name`,
    related: {
      permission_ids: idsOf('role_permissions', 'permission_id', sql`x.role_id = r.id`),
      user_ids: idsOf('user_roles', 'user_id', sql`x.role_id = r.id`),
    },
  },
};

/**
 * Copies records `ids` of `type`, with what goes with them, into the trash. Call it in the
 * delete's transaction, before the delete (whose cascades take the related rows).
 */
async function moveToTrash(
  tx: Executor,
  type: TrashType,
  ids: readonly number[],
  deleter: Deleter,
) {
  if (ids.length === 0) return;
  const snapshot = SNAPSHOTS[type] ?? PLAIN_SNAPSHOT;
  const related = Object.entries(snapshot.related).map(
    ([key, value]) => sql`, ${key}::text, ${value}`,
  );
  await tx.execute(sql`
    INSERT INTO trash AS t (type, id, name, detail, data, deleted_by_id, deleted_by_name)
    SELECT ${type}, r.id, ${snapshot.name}, ${snapshot.detail},
           jsonb_build_object('record', to_jsonb(r)${sql.join(related)}),
           ${deleter.userId}, ${deleter.name}
    FROM ${sql.identifier(type)} r
    WHERE r.id = ANY(${idArray(ids)})
    ON CONFLICT (type, id) DO UPDATE SET
      name = excluded.name, detail = excluded.detail, data = excluded.data,
      deleted_by_id = excluded.deleted_by_id, deleted_by_name = excluded.deleted_by_name,
      deleted_at = excluded.deleted_at`);
}

/**
 * Moves records of `type` to the trash and deletes them, in the caller's transaction, all or
 * nothing: one record by its id, or several by `ids`. A record that another request deleted
 * meanwhile refuses the whole call as an unknown one does (a 404 for one record, the `ids` field's
 * message for several). `beforeDelete` runs between the snapshot and the delete, for what the
 * caller removes and counts itself (a website's variants). Answers the ids deleted.
 */
export async function deleteToTrash(
  tx: Executor,
  type: TrashType,
  idOrIds: number | readonly number[],
  deleter: Deleter,
  beforeDelete?: () => Promise<unknown>,
): Promise<number[]> {
  const ids = typeof idOrIds === 'number' ? [idOrIds] : [...new Set(idOrIds)];
  await moveToTrash(tx, type, ids, deleter);
  await beforeDelete?.();
  const deleted = await queryRows<{ id: number }>(
    tx,
    sql`DELETE FROM ${sql.identifier(type)} WHERE id = ANY(${idArray(ids)})
        RETURNING id`,
  );
  const went = new Set(deleted.map((row) => row.id));
  const gone = ids.filter((id) => !went.has(id));
  if (gone.length > 0) {
    throw typeof idOrIds === 'number'
      ? notFound()
      : validationError({ ids: unknownIdsMessage(gone) });
  }
  return ids;
}
