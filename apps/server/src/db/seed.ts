import { DEFAULT_GUARD, PERMISSIONS, SEEDED_ROLES, SUPER_ADMIN_ROLE } from '@sitefleet/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { type SettingSeed, settingsCatalog } from '../lib/settings-catalog.ts';
import type { Db } from './client.ts';
import {
  permissions,
  rolePermissions,
  roles,
  settingGroups,
  settingMainGroups,
  settings,
  userRoles,
  users,
} from './schema.ts';

async function seedPermissionsAndRoles(db: Db) {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((p) => ({ name: p.name, level: p.level, guardName: DEFAULT_GUARD })))
    .onConflictDoUpdate({
      target: [permissions.name, permissions.guardName],
      set: { level: sql`excluded.level` },
    });
  const permissionIds = new Map(
    (await db.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((p) => [
      p.name,
      p.id,
    ]),
  );
  for (const [roleName, names] of Object.entries(SEEDED_ROLES)) {
    const [existing] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, roleName));
    const isNew = !existing;
    const roleId =
      existing?.id ??
      (await db.insert(roles).values({ name: roleName }).returning({ id: roles.id }))[0]!.id;
    // A seeded role's permissions are set when it is created; the super admin always holds all.
    if (isNew || roleName === SUPER_ADMIN_ROLE) {
      const ids = names.map((name) => permissionIds.get(name)!);
      await db
        .insert(rolePermissions)
        .values(ids.map((permissionId) => ({ roleId, permissionId })))
        .onConflictDoNothing();
    }
  }
}

async function seedSettings(db: Db, targetSettings: readonly SettingSeed[]) {
  for (const [mainName, groups] of Object.entries(settingsCatalog(targetSettings))) {
    await db.insert(settingMainGroups).values({ name: mainName }).onConflictDoNothing();
    const [main] = await db
      .select({ id: settingMainGroups.id })
      .from(settingMainGroups)
      .where(eq(settingMainGroups.name, mainName));
    for (const [groupName, entries] of Object.entries(groups)) {
      await db
        .insert(settingGroups)
        .values({ name: groupName, mainGroupId: main!.id })
        .onConflictDoNothing();
      const [group] = await db
        .select({ id: settingGroups.id })
        .from(settingGroups)
        .where(and(eq(settingGroups.name, groupName), eq(settingGroups.mainGroupId, main!.id)));
      await db
        .insert(settings)
        .values(
          entries.map((entry) => ({
            ...entry,
            name: entry.fullPath.split('.').slice(1).join('.'),
            groupId: group!.id,
          })),
        )
        .onConflictDoNothing();
    }
  }
}

/** Creates a user with the named roles, all or nothing. */
export async function createUser(
  db: Db,
  input: { name: string; email: string; password: string; roleNames: string[] },
) {
  const email = input.email.trim().toLowerCase();
  const password = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const found = input.roleNames.length
      ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, input.roleNames))
      : [];
    if (found.length !== new Set(input.roleNames).size) {
      throw new Error(`Unknown role among: ${input.roleNames.join(', ')}`);
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new Error(`A user with the e-mail ${email} already exists.`);
    const [user] = await tx
      .insert(users)
      .values({ name: input.name, email, password })
      .returning({ id: users.id });
    if (found.length > 0) {
      await tx.insert(userRoles).values(found.map((r) => ({ userId: user!.id, roleId: r.id })));
    }
    return user!.id;
  });
}

/**
 * Permissions, roles and settings (with the publishing targets' `targetSettings`); on an empty
 * database also the first super admin. Safe to run on every start. Answers whether the database
 * was empty. The scheduled tasks' rows are seeded with the tasks (`seedTaskRows`).
 */
export async function seedBase(
  db: Db,
  targetSettings: readonly SettingSeed[],
  admin: { email: string; password: string },
) {
  await seedPermissionsAndRoles(db);
  await seedSettings(db, targetSettings);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  if (total > 0) return { wasEmpty: false };
  await createUser(db, {
    name: 'Administrator',
    email: admin.email,
    password: admin.password,
    roleNames: [SUPER_ADMIN_ROLE],
  });
  return { wasEmpty: true };
}
