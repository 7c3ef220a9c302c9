import {
  type AuditSubjectType,
  DEFAULT_TRASH_RETENTION_DAYS,
  formatDateTime,
  hasAbility,
  hasAnyAbility,
  holdsSuperAdmin,
  isSuperAdminRoleName,
  roleExceeds,
  TRASH_MESSAGES,
  TRASH_PURGE_ABILITY,
  TRASH_RETENTION_SETTING,
  TRASH_TYPE_SUBJECTS,
  TRASH_TYPES,
  type TrashEntry,
  type TrashListQuery,
  type TrashType,
  trashDeleteAbility,
  trashRestoreAbilities,
} from '@sitefleet/contract';
import { and, count, desc, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import { type Db, type Executor, idArray, queryRows } from '../../db/client.ts';
import { trash } from '../../db/schema.ts';
import { readSettings } from '../../db/settings.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import { isoText, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import type { AuthContext } from '../../plugins/sessions.ts';
import { restoreEntries } from './restore.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The scheduled purge deletes this many entries per statement, so no transaction grows huge. */
const PURGE_BATCH = 1000;

/** Days an entry stays in the trash: the setting, when it is a positive whole number. */
export async function retentionDays(context: Pick<AppContext, 'db' | 'secrets'>) {
  const values = await readSettings(context.db, context.secrets, [TRASH_RETENTION_SETTING]);
  const days = Number(values[TRASH_RETENTION_SETTING]);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_TRASH_RETENTION_DAYS;
}

/** The types the caller may see: those whose delete ability they hold, or the one asked for. */
function visibleTypes(caller: AuthContext, type: TrashType | undefined): TrashType[] {
  const mayDelete = (t: TrashType) => hasAbility(caller.abilities, trashDeleteAbility(t));
  if (type === undefined) return TRASH_TYPES.filter(mayDelete);
  if (!mayDelete(type)) throw forbidden();
  return [type];
}

/** GET /api/trash: newest deletions first, of the types the caller may delete. */
export async function listTrash(context: AppContext, caller: AuthContext, query: TrashListQuery) {
  const { db } = context;
  const where = and(
    inArray(trash.type, visibleTypes(caller, query.type)),
    searchCondition(query.query, [trash.name, trash.detail]),
  );
  const keepMs = (await retentionDays(context)) * DAY_MS;
  return pageOf(query, '/api/trash', {
    rows: async (limit, offset) =>
      (
        await db
          .select({
            type: trash.type,
            id: trash.id,
            name: trash.name,
            detail: trash.detail,
            deletedBy: trash.deletedByName,
            deletedAt: trash.deletedAt,
          })
          .from(trash)
          .where(where)
          .orderBy(desc(trash.deletedAt), trash.type, trash.id)
          .limit(limit)
          .offset(offset)
      ).map(
        (row): TrashEntry => ({
          type: row.type,
          id: row.id,
          name: row.name,
          detail: row.detail,
          deleted_by: row.deletedBy,
          deleted_at: isoText(row.deletedAt),
          formatted_deleted_at: formatDateTime(row.deletedAt),
          purge_at: isoText(new Date(row.deletedAt.getTime() + keepMs)),
        }),
      ),
    count: async () => (await db.select({ total: count() }).from(trash).where(where))[0]!.total,
  });
}

/**
 * Locks entries `ids` of `type`: all must be in the trash, else a 404 for one id (`id`) or a
 * 422 on `ids`. Answers the ids without repeats.
 */
async function lockEntries(tx: Executor, type: TrashType, ids: number[], field: 'id' | 'ids') {
  const unique = [...new Set(ids)];
  const found = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM trash WHERE type = ${type} AND id = ANY(${idArray(unique)}) FOR UPDATE`,
  );
  const missing = unique.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) {
    if (field === 'id') throw notFound(TRASH_MESSAGES.notInTrash);
    throw validationError({ ids: TRASH_MESSAGES.notInTrashIds(missing) });
  }
  return unique;
}

/**
 * Per entry, the roles with their permission names that restoring it would hand out again;
 * `ids` null means every entry of the type.
 */
function rolesGivenBack(tx: Executor, type: 'users' | 'roles', ids: number[] | null) {
  const chosen =
    ids === null ? sql`t.type = ${type}` : sql`t.type = ${type} AND t.id = ANY(${idArray(ids)})`;
  return queryRows<{ id: number; name: string; permissions: string[] }>(
    tx,
    type === 'users'
      ? sql`SELECT t.id, r.name, COALESCE(array_agg(p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
            FROM trash t
            CROSS JOIN LATERAL jsonb_array_elements_text(t.data->'role_ids') AS link(id)
            JOIN roles r ON r.id = link.id::int
            LEFT JOIN role_permissions rp ON rp.role_id = r.id
            LEFT JOIN permissions p ON p.id = rp.permission_id
            WHERE ${chosen} GROUP BY t.id, r.id, r.name`
      : sql`SELECT t.id, t.data->'record'->>'name' AS name,
                   COALESCE(array_agg(p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
            FROM trash t
            LEFT JOIN LATERAL jsonb_array_elements_text(t.data->'permission_ids') AS link(id) ON TRUE
            LEFT JOIN permissions p ON p.id = link.id::int
            WHERE ${chosen} GROUP BY t.type, t.id`,
  );
}

/**
 * The entries of `type` (among `ids`, or all when null) that hold a user or a role above the
 * caller: nobody restores or purges what outranks them.
 */
async function entriesAboveCaller(
  tx: Executor,
  caller: AuthContext,
  type: TrashType,
  ids: number[] | null,
): Promise<Set<number>> {
  if (type !== 'users' && type !== 'roles') return new Set();
  const above = (await rolesGivenBack(tx, type, ids)).filter(
    (role) =>
      roleExceeds(caller.abilities, role.name, role.permissions) ||
      (isSuperAdminRoleName(role.name) && !holdsSuperAdmin(caller.roles)),
  );
  return new Set(above.map((role) => role.id));
}

async function assertNotAboveCaller(
  tx: Executor,
  caller: AuthContext,
  type: TrashType,
  ids: number[],
) {
  if ((await entriesAboveCaller(tx, caller, type, ids)).size > 0) {
    throw forbidden(
      type === 'users' ? TRASH_MESSAGES.userAboveCaller : TRASH_MESSAGES.roleAboveCaller,
    );
  }
}

/** The audit log names a record's kind in the singular, as its resource: 'posts' are 'post's. */
const AUDIT_SUBJECTS: Record<TrashType, AuditSubjectType> = TRASH_TYPE_SUBJECTS;

/** One audit entry for a restore or a purge: the record's id, or the ids of several. */
function recordTrashAction(
  tx: Db,
  action: 'restored' | 'purged',
  type: TrashType,
  ids: readonly number[],
) {
  const [only] = ids;
  return recordAudit(tx, {
    action,
    subjectType: AUDIT_SUBJECTS[type],
    ...(ids.length === 1 ? { subjectId: only } : { details: { ids, count: ids.length } }),
  });
}

/** Restores entries `ids` of `type`, all or none; answers how many. */
export async function restoreFromTrash(
  db: Db,
  caller: AuthContext,
  type: TrashType,
  ids: number[],
  field: 'id' | 'ids',
) {
  if (!hasAnyAbility(caller.abilities, trashRestoreAbilities(type))) throw forbidden();
  return db.transaction(async (tx) => {
    const unique = await lockEntries(tx, type, ids, field);
    await assertNotAboveCaller(tx, caller, type, unique);
    await restoreEntries(tx, type, unique);
    await recordTrashAction(tx, 'restored', type, unique);
    return unique.length;
  });
}

const mayPurge = (caller: AuthContext, type: TrashType) =>
  hasAbility(caller.abilities, TRASH_PURGE_ABILITY) &&
  hasAbility(caller.abilities, trashDeleteAbility(type));

/** Deletes entries `ids` of `type` for good, all or none; answers how many. */
export async function purgeFromTrash(
  db: Db,
  caller: AuthContext,
  type: TrashType,
  ids: number[],
  field: 'id' | 'ids',
) {
  if (!mayPurge(caller, type)) throw forbidden();
  return db.transaction(async (tx) => {
    const unique = await lockEntries(tx, type, ids, field);
    await assertNotAboveCaller(tx, caller, type, unique);
    await tx.execute(sql`DELETE FROM trash WHERE type = ${type} AND id = ANY(${idArray(unique)})`);
    await recordTrashAction(tx, 'purged', type, unique);
    return unique.length;
  });
}

/** POST /api/trash/empty: every entry of the type, or of every type the caller may purge. */
export async function emptyTrash(db: Db, caller: AuthContext, type: TrashType | undefined) {
  const types = (type ? [type] : TRASH_TYPES).filter((t) => mayPurge(caller, t));
  if (types.length === 0) throw forbidden();
  return db.transaction(async (tx) => {
    let emptied = 0;
    for (const emptiedType of types) {
      // Entries above the caller stay for someone who may purge them.
      const kept = [...(await entriesAboveCaller(tx, caller, emptiedType, null))];
      const [gone] = await queryRows<{ count: number }>(
        tx,
        sql`WITH gone AS (DELETE FROM trash WHERE type = ${emptiedType} AND NOT (id = ANY(${idArray(kept)})) RETURNING 1)
            SELECT count(*)::int AS count FROM gone`,
      );
      const count = gone?.count ?? 0;
      if (count > 0) {
        await recordAudit(tx, {
          action: 'purged',
          subjectType: AUDIT_SUBJECTS[emptiedType],
          details: { emptied: true, count },
        });
      }
      emptied += count;
    }
    return emptied;
  });
}

/**
 * The scheduled task: entries older than the retention setting's days go for good, a batch per
 * transaction, each with its audit entries (by the system) naming what went.
 */
export async function purgeExpiredTrash(context: Pick<AppContext, 'db' | 'secrets'>) {
  const days = await retentionDays(context);
  let purged = 0;
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const gone = await queryRows<{ type: TrashType; id: number }>(
        tx,
        sql`DELETE FROM trash WHERE (type, id) IN (
              SELECT type, id FROM trash
              WHERE deleted_at < now() - make_interval(days => ${days}::int)
              LIMIT ${PURGE_BATCH})
            RETURNING type, id`,
      );
      for (const type of TRASH_TYPES) {
        const ids = gone.filter((entry) => entry.type === type).map((entry) => entry.id);
        if (ids.length === 0) continue;
        await recordAudit(tx, {
          action: 'purged',
          subjectType: AUDIT_SUBJECTS[type],
          details: { ids, count: ids.length, expired_after_days: days },
        });
      }
      return gone.length;
    });
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
