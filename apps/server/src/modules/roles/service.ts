import {
  formatDateTime,
  hasAbility,
  holdsSuperAdmin,
  isAdminRoleName,
  isSuperAdminRoleName,
  MANAGE_ALL,
  MAX_PERMISSION_BADGES,
  type PermissionBadge,
  ROLE_MESSAGES,
  type RoleListQuery,
} from '@sitefleet/contract';
import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { recordAudit, recordBulkAction, recordChange } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { assertIdsExist } from '../../db/ids.ts';
import { permissions, rolePermissions, roles } from '../../db/schema.ts';
import { type Deleter, deleteToTrash } from '../../db/trash.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import { emitEvents } from '../../events/outgoing.ts';
import { listOrder, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import type { AuthContext } from '../../plugins/sessions.ts';

interface RoleInput {
  name: string;
  guard_name: string;
}

export type RoleRecord = { id: number; name: string; guardName: string; createdAt: Date };

export const roleColumns = {
  id: roles.id,
  name: roles.name,
  guardName: roles.guardName,
  createdAt: roles.createdAt,
};

export const badgeColumns = {
  id: permissions.id,
  name: permissions.name,
  guard_name: permissions.guardName,
  level: permissions.level,
};

const isSuperAdminRole = isSuperAdminRoleName;

/** The super admin role's permissions are a super admin's to change, nobody else's. */
function assertMayChangePermissions(caller: AuthContext, role: RoleRecord) {
  if (isSuperAdminRole(role.name) && !holdsSuperAdmin(caller.roles)) {
    throw forbidden(ROLE_MESSAGES.superAdminPermissions);
  }
}

function roleFields(role: RoleRecord) {
  return {
    id: role.id,
    name: role.name,
    guard_name: role.guardName,
    created_at: role.createdAt.toISOString(),
    formatted_created_at: formatDateTime(role.createdAt),
  };
}

export async function roleRecord(db: Db, id: number): Promise<RoleRecord | undefined> {
  const [role] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return role;
}

async function existingRole(db: Db, id: number): Promise<RoleRecord> {
  const role = await roleRecord(db, id);
  if (!role) throw notFound();
  return role;
}

/** A role's permissions, the most critical first. */
function permissionsOfRole(db: Db, roleId: number): Promise<PermissionBadge[]> {
  return db
    .select(badgeColumns)
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(permissions.level), asc(permissions.name));
}

/** For each role, its permission count and its first MAX_PERMISSION_BADGES permissions. */
async function badgesByRole(db: Db, roleIds: number[]) {
  const byRole = new Map<number, { count: number; badges: PermissionBadge[] }>();
  if (roleIds.length === 0) return byRole;
  const ranked = db
    .select({
      roleId: rolePermissions.roleId,
      ...badgeColumns,
      position:
        sql<number>`(row_number() OVER (PARTITION BY ${rolePermissions.roleId} ORDER BY ${permissions.level}, ${permissions.name}))::int`.as(
          'position',
        ),
      total: sql<number>`(count(*) OVER (PARTITION BY ${rolePermissions.roleId}))::int`.as('total'),
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds))
    .as('ranked');
  const rows = await db
    .select({
      roleId: ranked.roleId,
      total: ranked.total,
      id: ranked.id,
      name: ranked.name,
      guard_name: ranked.guard_name,
      level: ranked.level,
    })
    .from(ranked)
    .where(lte(ranked.position, MAX_PERMISSION_BADGES))
    .orderBy(asc(ranked.position));
  for (const { roleId, total, ...badge } of rows) {
    const entry = byRole.get(roleId) ?? { count: total, badges: [] };
    entry.badges.push(badge);
    byRole.set(roleId, entry);
  }
  return byRole;
}

/** The Roles list's order keys and their columns. */
export const ORDER_COLUMNS = { name: roles.name, created_at: roles.createdAt };

/** GET /api/roles: searched by name, in the order asked (newest first by default). */
export async function listRoles(db: Db, query: RoleListQuery) {
  const where = searchCondition(query.query, [roles.name]);
  const page = await pageOf(query, '/api/roles', {
    rows: (limit, offset) =>
      db
        .select(roleColumns)
        .from(roles)
        .where(where)
        .orderBy(...listOrder(query, ORDER_COLUMNS, roles.id))
        .limit(limit)
        .offset(offset),
    count: async () => (await db.select({ total: count() }).from(roles).where(where))[0]!.total,
  });
  return { ...page, data: await withBadges(db, page.data) };
}

/** The Roles list's rows: each role with its permissions count and first badges. */
export async function withBadges(db: Db, found: RoleRecord[]) {
  const badges = await badgesByRole(
    db,
    found.map((role) => role.id),
  );
  return found.map((role) => ({
    ...roleFields(role),
    permissions_count: badges.get(role.id)?.count ?? 0,
    permissions: badges.get(role.id)?.badges ?? [],
  }));
}

/** GET /api/roles/{id}/edit: the role with all its permissions. */
export async function findRole(db: Db, id: number) {
  const role = await existingRole(db, id);
  return { ...roleFields(role), permissions: await permissionsOfRole(db, id) };
}

/**
 * A name that grants manage-all is only given by someone who holds it. Role names are unique per
 * guard whatever their case, since 'Admin' and 'admin' would both grant manage-all: the unique
 * index on the lowercased name refuses a taken one (plugins/errors.ts).
 */
function assertNameAllowed(caller: AuthContext, input: RoleInput, current?: RoleRecord) {
  const renamed = current?.name.toLowerCase() !== input.name.toLowerCase();
  if (renamed && isAdminRoleName(input.name) && !hasAbility(caller.abilities, MANAGE_ALL)) {
    throw validationError({ name: ROLE_MESSAGES.adminNameReserved });
  }
  if (renamed && isSuperAdminRole(input.name) && !holdsSuperAdmin(caller.roles)) {
    throw forbidden(ROLE_MESSAGES.superAdminNameReserved);
  }
}

/** What a role's audit entries compare: its own fields (its permissions have their entries). */
const auditedRole = (role: { name: string; guardName: string }) => ({
  name: role.name,
  guard_name: role.guardName,
});

export async function createRole(db: Db, caller: AuthContext, input: RoleInput) {
  assertNameAllowed(caller, input);
  const id = await db.transaction(async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ name: input.name, guardName: input.guard_name })
      .returning(roleColumns);
    if (!role) throw new Error('The role was not inserted');
    await recordChange(tx, 'role', role, null, auditedRole(role));
    return role.id;
  });
  return findRole(db, id);
}

export async function updateRole(db: Db, caller: AuthContext, id: number, input: RoleInput) {
  const role = await existingRole(db, id);
  const changed = role.name !== input.name || role.guardName !== input.guard_name;
  if (changed && isSuperAdminRole(role.name)) {
    throw validationError({ name: ROLE_MESSAGES.superAdminRenamed });
  }
  assertNameAllowed(caller, input, role);
  await db.transaction(async (tx) => {
    await tx
      .update(roles)
      .set({ name: input.name, guardName: input.guard_name, updatedAt: new Date() })
      .where(eq(roles.id, id));
    const after = { name: input.name, guardName: input.guard_name };
    await recordChange(tx, 'role', { id, name: input.name }, auditedRole(role), auditedRole(after));
  });
  return findRole(db, id);
}

/**
 * Moves roles to the trash, all or none; the super admin role never. Its users lose the role
 * until it is restored.
 */
async function removeRoles(db: Db, deleter: Deleter, ids: number[], field: 'id' | 'ids') {
  const doomed = await db.select({ name: roles.name }).from(roles).where(inArray(roles.id, ids));
  if (doomed.some((role) => isSuperAdminRole(role.name))) {
    throw validationError({ [field]: ROLE_MESSAGES.superAdminDeleted });
  }
  await deleteToTrash(db, 'roles', field === 'id' ? ids[0]! : ids, deleter);
}

export async function deleteRole(db: Db, deleter: Deleter, id: number) {
  await db.transaction(async (tx) => {
    const role = await existingRole(tx, id);
    await removeRoles(tx, deleter, [id], 'id');
    await recordChange(tx, 'role', role, auditedRole(role), null);
  });
}

/** DELETE /api/roles: answers how many were deleted. */
export function deleteRoles(db: Db, deleter: Deleter, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = await assertIdsExist(tx, 'roles', ids);
    await removeRoles(tx, deleter, unique, 'ids');
    await recordBulkAction(tx, 'role', 'delete', unique);
    return unique.length;
  });
}

/** The permissions a call names: all of them exist and belong to the role's guard. */
async function permissionsFor(db: Db, role: RoleRecord, permissionIds: number[]) {
  const unique = [...new Set(permissionIds)];
  const found = await db
    .select({ id: permissions.id, name: permissions.name, guardName: permissions.guardName })
    .from(permissions)
    .where(inArray(permissions.id, unique));
  const known = new Set(found.map((permission) => permission.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw validationError({ permissionsids: ROLE_MESSAGES.unknownPermissions(missing) });
  }
  const otherGuard = found.filter((permission) => permission.guardName !== role.guardName);
  if (otherGuard.length > 0) {
    throw validationError({
      permissionsids: ROLE_MESSAGES.otherGuardPermissions(otherGuard.map((p) => p.name)),
    });
  }
  return found;
}

/**
 * The entry of permissions given or taken: the names of those that changed, and how many; and,
 * when some did, the outgoing `role.permissions_changed` event.
 */
async function recordPermissionChange(
  tx: Db,
  action: 'permissions_assigned' | 'permissions_revoked',
  role: RoleRecord,
  named: { id: number; name: string }[],
  changed: { permissionId: number }[],
) {
  const changedIds = new Set(changed.map((row) => row.permissionId));
  const names = named.filter((p) => changedIds.has(p.id)).map((p) => p.name);
  await recordAudit(tx, {
    action,
    subjectType: 'role',
    subjectId: role.id,
    subjectName: role.name,
    details: { permissions: names, count: names.length },
  });
  if (names.length === 0) return;
  const added = action === 'permissions_assigned' ? names : [];
  const removed = action === 'permissions_revoked' ? names : [];
  await emitEvents(tx, [
    { type: 'role.permissions_changed', data: { id: role.id, name: role.name, added, removed } },
  ]);
}

/**
 * PATCH /api/roles/{id}/assign-permissions. Nobody gives a permission they do not hold, or they
 * could raise their own role. The role's users hold it from their next request on.
 */
export function assignPermissions(
  db: Db,
  caller: AuthContext,
  roleId: number,
  permissionIds: number[],
) {
  return db.transaction(async (tx) => {
    const role = await existingRole(tx, roleId);
    assertMayChangePermissions(caller, role);
    const given = await permissionsFor(tx, role, permissionIds);
    const beyondCaller = given.filter(
      (permission) => !hasAbility(caller.abilities, permission.name),
    );
    if (beyondCaller.length > 0) {
      throw validationError({
        permissionsids: ROLE_MESSAGES.permissionsBeyondOwn(beyondCaller.map((p) => p.name)),
      });
    }
    const added = await tx
      .insert(rolePermissions)
      .values(given.map((permission) => ({ roleId, permissionId: permission.id })))
      .onConflictDoNothing()
      .returning({ permissionId: rolePermissions.permissionId });
    await recordPermissionChange(tx, 'permissions_assigned', role, given, added);
    return {
      message: ROLE_MESSAGES.assigned(added.length),
      permissions: await permissionsOfRole(tx, roleId),
    };
  });
}

/** PATCH /api/roles/{id}/revoke-permissions. The super admin role always holds every permission. */
export function revokePermissions(
  db: Db,
  caller: AuthContext,
  roleId: number,
  permissionIds: number[],
) {
  return db.transaction(async (tx) => {
    const role = await existingRole(tx, roleId);
    assertMayChangePermissions(caller, role);
    if (isSuperAdminRole(role.name)) {
      throw validationError({ permissionsids: ROLE_MESSAGES.superAdminRevoked });
    }
    const taken = await permissionsFor(tx, role, permissionIds);
    const removed = await tx
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, roleId),
          inArray(
            rolePermissions.permissionId,
            taken.map((permission) => permission.id),
          ),
        ),
      )
      .returning({ permissionId: rolePermissions.permissionId });
    await recordPermissionChange(tx, 'permissions_revoked', role, taken, removed);
    return {
      message: ROLE_MESSAGES.revoked(removed.length),
      permissions: await permissionsOfRole(tx, roleId),
    };
  });
}
