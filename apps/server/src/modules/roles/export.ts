import { type RoleListQuery, type RoleRow, roleRowSchema } from '@sitefleet/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema.ts';
import { columnOrder, listExport } from '../../lists/export.ts';
import { searchCondition } from '../../lists/search.ts';
import { ORDER_COLUMNS, roleColumns, withBadges } from './service.ts';

/** GET /api/roles/export: every role the list finds, in its order. */
export function exportRoles(db: Db, query: RoleListQuery) {
  const where = searchCondition(query.query, [roles.name]);
  return listExport<RoleRow>(db, {
    resource: 'roles',
    row: roleRowSchema,
    fromWhere: sql`FROM ${roles} WHERE ${where ?? sql`TRUE`}`,
    order: columnOrder(query, ORDER_COLUMNS, roles.id),
    shape: async (ids) =>
      withBadges(db, await db.select(roleColumns).from(roles).where(inArray(roles.id, ids))),
  });
}
