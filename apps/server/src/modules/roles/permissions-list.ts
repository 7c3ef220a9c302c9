import {
  formatDateTime,
  type PageQuery,
  type PermissionFilter,
  type PermissionRow,
  ROLE_MESSAGES,
} from '@sitefleet/contract';
import { and, asc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissions, rolePermissions } from '../../db/schema.ts';
import { validationError } from '../../errors.ts';
import { pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import { badgeColumns, roleRecord } from './service.ts';

interface PermissionQuery extends PageQuery {
  roleid?: number;
  permstatus: PermissionFilter;
}

/**
 * GET /api/permissions: the permissions of the role's guard, each marked in or out of the role,
 * filtered by tab, with the count of every tab under the same search.
 */
export async function listPermissions(db: Db, query: PermissionQuery) {
  const role = query.roleid === undefined ? undefined : await roleRecord(db, query.roleid);
  if (query.roleid !== undefined && !role) {
    throw validationError({ roleid: ROLE_MESSAGES.unknownRole });
  }
  const inRole: SQL<boolean> = role
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${rolePermissions} WHERE ${rolePermissions.roleId} = ${role.id} AND ${rolePermissions.permissionId} = ${permissions.id})`
    : sql<boolean>`false`;
  const listed = and(
    searchCondition(query.query, [permissions.name]),
    role ? eq(permissions.guardName, role.guardName) : undefined,
  );
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      inRole: sql<number>`(count(*) FILTER (WHERE ${inRole}))::int`,
    })
    .from(permissions)
    .where(listed);
  const all = counts?.all ?? 0;
  const inRoleCount = counts?.inRole ?? 0;
  const tabs: Record<PermissionFilter, { where: SQL | undefined; total: number }> = {
    all: { where: undefined, total: all },
    in_role: { where: inRole, total: inRoleCount },
    out_role: { where: not(inRole), total: all - inRoleCount },
  };
  const tab = tabs[query.permstatus];
  const page = await pageOf(query, '/api/permissions', {
    rows: (limit, offset) =>
      db
        .select({ ...badgeColumns, createdAt: permissions.createdAt, isInRole: inRole })
        .from(permissions)
        .where(and(listed, tab.where))
        .orderBy(asc(permissions.id))
        .limit(limit)
        .offset(offset),
    count: async () => tab.total,
  });
  return {
    ...page,
    data: page.data.map(
      ({ createdAt, isInRole, ...permission }): PermissionRow => ({
        ...permission,
        created_at: createdAt.toISOString(),
        formatted_created_at: formatDateTime(createdAt),
        is_in_role: isInRole,
      }),
    ),
    all_count: all,
    in_role_count: inRoleCount,
    out_role_count: all - inRoleCount,
  };
}
