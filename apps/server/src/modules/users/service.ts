import {
  formatDateTime,
  holdsSuperAdmin,
  isSuperAdminRoleName,
  type RoleRef,
  roleExceeds,
  SUPER_ADMIN_ROLE,
  USER_MESSAGES,
  type UserListQuery,
  type UserRow,
  type userCreateSchema,
  userRowSchema,
  type userUpdateSchema,
} from '@sitefleet/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordBulkAction, recordChange } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { assertIdsExist } from '../../db/ids.ts';
import {
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
  userTwoFactor,
} from '../../db/schema.ts';
import { deleteToTrash } from '../../db/trash.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import { emitUserEvents } from '../../events/user-events.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { columnOrder, listExport } from '../../lists/export.ts';
import { listOrder, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import { type AuthContext, destroyUserSessions } from '../../plugins/sessions.ts';

type UserCreate = z.output<typeof userCreateSchema>;
type UserUpdate = z.output<typeof userUpdateSchema>;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
  twoFactorEnabled: sql<boolean>`EXISTS (SELECT 1 FROM ${userTwoFactor}
    WHERE ${userTwoFactor.userId} = ${users.id} AND ${userTwoFactor.enabledAt} IS NOT NULL)`,
};

async function rolesByUser(db: Db, userIds: number[]): Promise<Map<number, RoleRef[]>> {
  const byUser = new Map<number, RoleRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.name));
  for (const { userId, id, name } of rows) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), { id, name }]);
  }
  return byUser;
}

function toUserRow(
  user: { id: number; name: string; email: string; createdAt: Date; twoFactorEnabled: boolean },
  userRoleRefs: RoleRef[],
): UserRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    formatted_created_at: formatDateTime(user.createdAt),
    roles: userRoleRefs,
    two_factor_enabled: user.twoFactorEnabled,
  };
}

/** The Users list's order keys and their columns. */
const ORDER_COLUMNS = { name: users.name, email: users.email, created_at: users.createdAt };

/** GET /api/users: searched by name or e-mail, in the order asked (newest first by default). */
export async function listUsers(db: Db, query: UserListQuery) {
  const where = searchCondition(query.query, [users.name, users.email]);
  const page = await pageOf(query, '/api/users', {
    rows: (limit, offset) =>
      db
        .select(userColumns)
        .from(users)
        .where(where)
        .orderBy(...listOrder(query, ORDER_COLUMNS, users.id))
        .limit(limit)
        .offset(offset),
    count: async () => (await db.select({ total: count() }).from(users).where(where))[0]!.total,
  });
  const userRoleRefs = await rolesByUser(
    db,
    page.data.map((user) => user.id),
  );
  return {
    ...page,
    data: page.data.map((user) => toUserRow(user, userRoleRefs.get(user.id) ?? [])),
  };
}

/** GET /api/users/export: every user the list finds, in its order. */
export function exportUsers(db: Db, query: UserListQuery) {
  const where = searchCondition(query.query, [users.name, users.email]);
  return listExport<UserRow>(db, {
    resource: 'users',
    row: userRowSchema,
    fromWhere: sql`FROM ${users} WHERE ${where ?? sql`TRUE`}`,
    order: columnOrder(query, ORDER_COLUMNS, users.id),
    shape: async (ids) => {
      const found = await db.select(userColumns).from(users).where(inArray(users.id, ids));
      const roleRefs = await rolesByUser(db, ids);
      return found.map((user) => toUserRow(user, roleRefs.get(user.id) ?? []));
    },
  });
}

export async function findUser(db: Db, id: number): Promise<UserRow> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!user) throw notFound();
  return toUserRow(user, (await rolesByUser(db, [id])).get(id) ?? []);
}

/** GET /api/roles/all: every role, for the user form's roles multi-select. */
export function roleOptions(db: Db): Promise<RoleRef[]> {
  return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name));
}

/** The given roles, each marked when it grants an ability the caller lacks. */
async function rolesAgainstCaller(
  db: Db,
  caller: AuthContext,
  roleIds: number[],
): Promise<Map<number, { name: string; exceedsCaller: boolean }>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .select({ id: roles.id, name: roles.name, permission: permissions.name })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(roles.id, roleIds));
  const permissionsByRole = new Map<number, { name: string; permissions: string[] }>();
  for (const row of rows) {
    const role = permissionsByRole.get(row.id) ?? { name: row.name, permissions: [] };
    if (row.permission) role.permissions.push(row.permission);
    permissionsByRole.set(row.id, role);
  }
  return new Map(
    [...permissionsByRole].map(([id, role]) => [
      id,
      {
        name: role.name,
        exceedsCaller: roleExceeds(caller.abilities, role.name, role.permissions),
      },
    ]),
  );
}

/**
 * Checks the roles a form gives a user: they exist, and nobody hands out more than they hold —
 * each role the user does not have yet must grant only abilities the caller has, and only a super
 * admin gives the super admin role (an admin holds every ability too). Answers the distinct ids.
 */
async function grantableRoleIds(
  db: Db,
  caller: AuthContext,
  roleIds: number[],
  heldRoleIds: number[],
): Promise<number[]> {
  const unique = [...new Set(roleIds)];
  const found = await rolesAgainstCaller(db, caller, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw validationError({ roles: USER_MESSAGES.unknownRoles(missing) });
  const givesSuperAdmin = [...found].some(
    ([id, role]) => isSuperAdminRoleName(role.name) && !heldRoleIds.includes(id),
  );
  if (givesSuperAdmin && !holdsSuperAdmin(caller.roles)) {
    throw forbidden(USER_MESSAGES.superAdminRoleGiven);
  }
  const beyondCaller = [...found]
    .filter(([id, role]) => role.exceedsCaller && !heldRoleIds.includes(id))
    .map(([, role]) => role.name);
  if (beyondCaller.length > 0) {
    throw validationError({ roles: USER_MESSAGES.rolesBeyondOwn(beyondCaller) });
  }
  return unique;
}

/**
 * Nobody edits or deletes a user who can do more than they can: with user-update alone one could
 * otherwise set an administrator's password and sign in as them. A super admin stands above an
 * admin though both hold every ability: only a super admin touches one.
 */
export async function assertNotAboveCaller(db: Db, caller: AuthContext, userIds: number[]) {
  const held = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds));
  const measured = await rolesAgainstCaller(db, caller, [
    ...new Set(held.map((role) => role.roleId)),
  ]);
  if ([...measured.values()].some((role) => role.exceedsCaller)) {
    throw forbidden(USER_MESSAGES.userAboveCaller);
  }
  const targetsSuperAdmin = [...measured.values()].some((role) => isSuperAdminRoleName(role.name));
  if (targetsSuperAdmin && !holdsSuperAdmin(caller.roles)) {
    throw forbidden(USER_MESSAGES.superAdminTarget);
  }
}

/**
 * The users who hold the super admin role, locked until the transaction ends: two concurrent
 * calls cannot each remove a different one of the last two. Every caller takes this lock before
 * any other row lock, so they cannot deadlock.
 */
async function lockSuperAdmins(db: Db): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
        JOIN user_roles ur ON ur.user_id = u.id
        JOIN roles r ON r.id = ur.role_id
        WHERE lower(r.name) = ${SUPER_ADMIN_ROLE}
        ORDER BY u.id
        FOR UPDATE OF u`,
  );
  return new Set(rows.map((row) => row.id));
}

const sameIds = (left: number[], right: number[]) =>
  new Set(left).size === new Set(right).size && left.every((id) => right.includes(id));

async function replaceRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) {
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }
}

/**
 * What a user's audit entries compare: name, e-mail, role names and the password's hash (which
 * the log only ever shows as changed).
 */
async function auditedUser(db: Db, id: number) {
  const [user] = await db
    .select({ name: users.name, email: users.email, password: users.password })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw notFound();
  const roleNames = ((await rolesByUser(db, [id])).get(id) ?? []).map((role) => role.name).sort();
  return { ...user, roles: roleNames };
}

export async function createUser(db: Db, caller: AuthContext, input: UserCreate) {
  const password = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    const roleIds = await grantableRoleIds(tx, caller, input.roles ?? [], []);
    const [user] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, password })
      .returning({ id: users.id });
    if (!user) throw new Error('The user was not inserted');
    await replaceRoles(tx, user.id, roleIds);
    await recordChange(
      tx,
      'user',
      { id: user.id, name: input.name },
      null,
      await auditedUser(tx, user.id),
    );
    await emitUserEvents(tx, 'created', [user.id]);
    return user.id;
  });
  return findUser(db, id);
}

/**
 * PUT /api/users/{id}. An empty password keeps the stored one; a new password ends the user's
 * sessions (but the caller's own, when editing themself), as a reset by an administrator should.
 * Left-out roles stay as they are.
 */
export async function updateUser(db: Db, caller: AuthContext, id: number, input: UserUpdate) {
  if (input.id !== undefined && input.id !== id) {
    throw validationError({ id: USER_MESSAGES.idMismatch });
  }
  const password = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (tx) => {
    const superAdmins = input.roles ? await lockSuperAdmins(tx) : new Set<number>();
    const before = await auditedUser(tx, id);
    await assertNotAboveCaller(tx, caller, [id]);
    if (input.roles) {
      const held = await tx
        .select({ id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, id));
      if (
        id === caller.userId &&
        !sameIds(
          input.roles,
          held.map((role) => role.id),
        )
      ) {
        throw forbidden(USER_MESSAGES.ownRoles);
      }
      const roleIds = await grantableRoleIds(
        tx,
        caller,
        input.roles,
        held.map((role) => role.id),
      );
      const losesSuperAdmin = held.some(
        (role) => isSuperAdminRoleName(role.name) && !roleIds.includes(role.id),
      );
      if (losesSuperAdmin && superAdmins.size === 1) {
        throw validationError({ roles: USER_MESSAGES.lastSuperAdminRole });
      }
      await replaceRoles(tx, id, roleIds);
    }
    await tx
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        updatedAt: new Date(),
        ...(password && { password }),
      })
      .where(eq(users.id, id));
    if (password) {
      await destroyUserSessions(tx, id, id === caller.userId ? caller.sessionId : undefined);
    }
    await recordChange(tx, 'user', { id, name: input.name }, before, await auditedUser(tx, id));
  });
  return findUser(db, id);
}

/**
 * Moves users to the trash with their roles, all or none: never the caller, never every super
 * admin. Their sessions go with them (the sessions table cascades), so a deleted user is signed
 * out on their next request, and a restored one signs in again.
 */
async function removeUsers(db: Db, caller: AuthContext, ids: number[], field: 'id' | 'ids') {
  if (ids.includes(caller.userId)) {
    throw validationError({ [field]: USER_MESSAGES.cannotDeleteSelf });
  }
  await assertNotAboveCaller(db, caller, ids);
  const superAdmins = await lockSuperAdmins(db);
  if (superAdmins.size > 0 && [...superAdmins].every((id) => ids.includes(id))) {
    throw validationError({ [field]: USER_MESSAGES.lastSuperAdmin });
  }
  await deleteToTrash(db, 'users', field === 'id' ? ids[0]! : ids, caller);
}

export async function deleteUser(db: Db, caller: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const before = await auditedUser(tx, id);
    await emitUserEvents(tx, 'deleted', [id]);
    await removeUsers(tx, caller, [id], 'id');
    await recordChange(tx, 'user', { id, name: before.name }, before, null);
  });
}

/** DELETE /api/users: answers how many were deleted. */
export function deleteUsers(db: Db, caller: AuthContext, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = await assertIdsExist(tx, 'users', ids);
    await emitUserEvents(tx, 'deleted', unique);
    await removeUsers(tx, caller, unique, 'ids');
    await recordBulkAction(tx, 'user', 'delete', unique);
    return unique.length;
  });
}
