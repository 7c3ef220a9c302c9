import {
  MAX_PERMISSION_BADGES,
  MESSAGES,
  ORDER_MESSAGES,
  PERMISSIONS,
  ROLE_MESSAGES,
  ROLE_ORDER_KEYS,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { expectSortsBothWays } from '../../../test/harness.ts';

const server = await serverForFile();
const admin = await server.admin();
const permissions = await admin.get('/api/permissions?per_page=100');
const permissionIdByName = new Map<string, number>(
  permissions.body.data.map((p: { id: number; name: string }) => [p.name, p.id]),
);
const superAdminRoleId: number = (await admin.get('/api/roles?query=super')).body.data[0].id;
let roleCount = 0;

const idsOf = (names: string[]) => names.map((name) => permissionIdByName.get(name)!);

/** Creates a role through the API, with the named permissions, and answers it. */
async function createRole(permissionNames: string[] = [], name?: string) {
  roleCount += 1;
  const response = await admin.post('/api/roles', { name: name ?? `role ${roleCount}` });
  expect(response.status).toBe(201);
  if (permissionNames.length > 0) {
    const assigned = await admin.patch(`/api/roles/${response.body.id}/assign-permissions`, {
      permissionsids: idsOf(permissionNames),
    });
    expect(assigned.status).toBe(200);
  }
  return response.body as { id: number; name: string; guard_name: string };
}

describe('GET /api/roles', () => {
  it('answers each role with its permission count and its first 10 permissions, most critical first', async () => {
    const response = await admin.get('/api/roles');
    expect(response.status).toBe(200);
    const superAdmin = response.body.data.find(
      (role: { name: string }) => role.name === 'super admin',
    );
    expect(superAdmin).toMatchObject({ guard_name: 'web', permissions_count: PERMISSIONS.length });
    expect(superAdmin.formatted_created_at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(superAdmin.permissions).toHaveLength(MAX_PERMISSION_BADGES);
    const levels = superAdmin.permissions.map((p: { level: number }) => p.level);
    expect(levels).toEqual([...levels].sort());
    expect(levels[0]).toBe(1);
    expect(Object.keys(superAdmin.permissions[0]).sort()).toEqual([
      'guard_name',
      'id',
      'level',
      'name',
    ]);
  });

  it('answers a role without permissions with none', async () => {
    const role = await createRole([], 'empty handed');
    const response = await admin.get('/api/roles?query=empty%20handed');
    expect(response.body.data).toEqual([
      expect.objectContaining({ id: role.id, permissions_count: 0, permissions: [] }),
    ]);
  });

  it('sorts by name and creation, newest first by default', async () => {
    for (const name of ['sorting bravo', 'sorting alpha', 'sorting charlie'])
      await createRole([], name);
    const path = '/api/roles?query=sorting';
    const names = (await admin.get(path)).body.data.map((role: { name: string }) => role.name);
    expect(names).toEqual(['sorting charlie', 'sorting alpha', 'sorting bravo']);
    await expectSortsBothWays(admin, path, (role: { name: string }) => role.name, {
      name: ['sorting alpha', 'sorting bravo', 'sorting charlie'],
      created_at: ['sorting bravo', 'sorting alpha', 'sorting charlie'],
    });
  });

  it('answers 422 for an unknown order key', async () => {
    const response = await admin.get('/api/roles?order_key=guard_name&order_dir=asc');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      order_key: [ORDER_MESSAGES.keyInvalid(ROLE_ORDER_KEYS)],
    });
  });

  it('answers 401 without a session and 403 to an editor', async () => {
    expect((await server.client().get('/api/roles')).status).toBe(401);
    const editor = await server.userWithRoles(['editor']);
    expect((await editor.get('/api/roles')).status).toBe(403);
    expect((await editor.get('/api/permissions')).status).toBe(403);
  });
});

describe('POST /api/roles', () => {
  it("creates a role in the 'web' guard by default", async () => {
    const response = await admin.post('/api/roles', { name: 'Moderator' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Moderator', guard_name: 'web', permissions: [] });
    expect(response.body.id).toEqual(expect.any(Number));
    const emptyGuard = await admin.post('/api/roles', { name: 'Reviewer', guard_name: '' });
    expect(emptyGuard.body.guard_name).toBe('web');
  });

  it('keeps names unique per guard, whatever their case', async () => {
    await admin.post('/api/roles', { name: 'Publisher' });
    const taken = await admin.post('/api/roles', { name: 'PUBLISHER', guard_name: 'web' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: [ROLE_MESSAGES.nameTaken] });
    const otherGuard = await admin.post('/api/roles', { name: 'Publisher', guard_name: 'api' });
    expect(otherGuard.status).toBe(201);
    expect(otherGuard.body.guard_name).toBe('api');
  });

  it('answers 422 with the field messages', async () => {
    const response = await admin.post('/api/roles', { name: ' ', guard_name: 'no spaces!' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: [ROLE_MESSAGES.nameRequired],
      guard_name: [ROLE_MESSAGES.guardInvalid],
    });
    const unknownField = await admin.post('/api/roles', { name: 'x', permissions: [1] });
    expect(unknownField.body.errors).toEqual({
      permissions: [MESSAGES.unknownField('permissions')],
    });
  });

  it('lets only a manage-all holder name a role admin', async () => {
    await createRole(['role-list', 'role-create'], 'role maker');
    const maker = await server.userWithRoles(['role maker']);
    const response = await maker.post('/api/roles', { name: 'Admin', guard_name: 'api' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: [ROLE_MESSAGES.adminNameReserved] });
    expect((await maker.post('/api/roles', { name: 'helpers' })).status).toBe(201);
  });

  it('answers 403 to a viewer', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.post('/api/roles', { name: 'nope' })).status).toBe(403);
  });
});

describe('GET /api/roles/{id}/edit', () => {
  it('answers the role with all its permissions', async () => {
    const role = await createRole(['post-list', 'post-delete']);
    const response = await admin.get(`/api/roles/${role.id}/edit`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: role.id, name: role.name, guard_name: 'web' });
    expect(response.body.permissions.map((p: { name: string }) => p.name)).toEqual([
      'post-delete',
      'post-list',
    ]);
  });

  it('answers 404 for an unknown role and 422 for a malformed id', async () => {
    expect((await admin.get('/api/roles/99999/edit')).status).toBe(404);
    expect((await admin.get('/api/roles/abc/edit')).status).toBe(422);
  });
});

describe('PUT /api/roles/{id}', () => {
  it('renames a role', async () => {
    const role = await createRole();
    const response = await admin.put(`/api/roles/${role.id}`, {
      name: 'Renamed role',
      guard_name: 'web',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: role.id, name: 'Renamed role' });
  });

  it('refuses to rename the super admin role or to take a used name', async () => {
    const renamed = await admin.put(`/api/roles/${superAdminRoleId}`, { name: 'boss' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: [ROLE_MESSAGES.superAdminRenamed] });
    const moved = await admin.put(`/api/roles/${superAdminRoleId}`, {
      name: 'super admin',
      guard_name: 'api',
    });
    expect(moved.body.errors).toEqual({ name: [ROLE_MESSAGES.superAdminRenamed] });
    const role = await createRole();
    const taken = await admin.put(`/api/roles/${role.id}`, { name: 'Editor' });
    expect(taken.body.errors).toEqual({ name: [ROLE_MESSAGES.nameTaken] });
  });

  it('answers 404 for an unknown role and 403 to a viewer', async () => {
    expect((await admin.put('/api/roles/99999', { name: 'x' })).status).toBe(404);
    const role = await createRole();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.put(`/api/roles/${role.id}`, { name: 'x' })).status).toBe(403);
  });
});

describe('DELETE /api/roles/{id} and DELETE /api/roles', () => {
  it('deletes a role; its users lose it', async () => {
    const role = await createRole(['user-list']);
    const holder = await server.userWithRoles([role.name]);
    expect((await holder.get('/api/users')).status).toBe(200);
    const response = await admin.delete(`/api/roles/${role.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: ROLE_MESSAGES.deleted });
    expect((await holder.get('/api/users')).status).toBe(403);
  });

  it('never deletes the super admin role', async () => {
    const single = await admin.delete(`/api/roles/${superAdminRoleId}`);
    expect(single.status).toBe(422);
    expect(single.body.errors).toEqual({ id: [ROLE_MESSAGES.superAdminDeleted] });
    const role = await createRole();
    const bulk = await admin.delete('/api/roles', { ids: [role.id, superAdminRoleId] });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors).toEqual({ ids: [ROLE_MESSAGES.superAdminDeleted] });
    expect((await admin.get(`/api/roles/${role.id}/edit`)).status).toBe(200);
  });

  it('deletes several roles, or none when one id is unknown', async () => {
    const first = await createRole();
    const second = await createRole();
    const refused = await admin.delete('/api/roles', { ids: [first.id, 99999] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ ids: [unknownIdsMessage([99999])] });
    expect((await admin.get(`/api/roles/${first.id}/edit`)).status).toBe(200);
    const response = await admin.delete('/api/roles', { ids: [first.id, second.id] });
    expect(response.body).toEqual({ message: ROLE_MESSAGES.bulkDeleted(2) });
    expect((await admin.get(`/api/roles/${first.id}/edit`)).status).toBe(404);
  });

  it('answers 404 for an unknown role and 403 to a viewer', async () => {
    expect((await admin.delete('/api/roles/99999')).status).toBe(404);
    const role = await createRole();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.delete(`/api/roles/${role.id}`)).status).toBe(403);
    expect((await viewer.delete('/api/roles', { ids: [role.id] })).status).toBe(403);
  });
});

describe('assigning and revoking permissions', () => {
  it('assigns and revokes, answering the message and the role permissions', async () => {
    const role = await createRole();
    const assigned = await admin.patch(`/api/roles/${role.id}/assign-permissions`, {
      permissionsids: idsOf(['post-list', 'post-create', 'post-list']),
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).toBe(ROLE_MESSAGES.assigned(2));
    expect(assigned.body.permissions.map((p: { name: string }) => p.name)).toEqual([
      'post-create',
      'post-list',
    ]);
    const revoked = await admin.patch(`/api/roles/${role.id}/revoke-permissions`, {
      permissionsids: idsOf(['post-create']),
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({
      message: ROLE_MESSAGES.revoked(1),
      permissions: [expect.objectContaining({ name: 'post-list' })],
    });
  });

  it('changes nothing when one permission is unknown', async () => {
    const role = await createRole();
    const response = await admin.patch(`/api/roles/${role.id}/assign-permissions`, {
      permissionsids: [...idsOf(['post-list']), 99999],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      permissionsids: [ROLE_MESSAGES.unknownPermissions([99999])],
    });
    expect((await admin.get(`/api/roles/${role.id}/edit`)).body.permissions).toEqual([]);
  });

  it('refuses an empty list and malformed ids', async () => {
    const role = await createRole();
    const empty = await admin.patch(`/api/roles/${role.id}/assign-permissions`, {
      permissionsids: [],
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ permissionsids: [ROLE_MESSAGES.permissionsRequired] });
    const malformed = await admin.patch(`/api/roles/${role.id}/revoke-permissions`, {
      permissionsids: ['abc', 99999999999],
    });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors).sort()).toEqual([
      'permissionsids.0',
      'permissionsids.1',
    ]);
  });

  it('never takes a permission from the super admin role', async () => {
    const response = await admin.patch(`/api/roles/${superAdminRoleId}/revoke-permissions`, {
      permissionsids: idsOf(['user-delete']),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ permissionsids: [ROLE_MESSAGES.superAdminRevoked] });
  });

  it('refuses permissions of another guard', async () => {
    const apiRole = await admin.post('/api/roles', { name: 'machines', guard_name: 'api' });
    const response = await admin.patch(`/api/roles/${apiRole.body.id}/assign-permissions`, {
      permissionsids: idsOf(['post-list']),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      permissionsids: [ROLE_MESSAGES.otherGuardPermissions(['post-list'])],
    });
  });

  it('lets nobody give a permission they do not hold', async () => {
    await createRole(['role-list', 'role-assign'], 'delegate');
    const delegate = await server.userWithRoles(['delegate']);
    const own = await createRole();
    const beyond = await delegate.patch(`/api/roles/${own.id}/assign-permissions`, {
      permissionsids: idsOf(['role-list', 'user-delete']),
    });
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors).toEqual({
      permissionsids: [ROLE_MESSAGES.permissionsBeyondOwn(['user-delete'])],
    });
    const within = await delegate.patch(`/api/roles/${own.id}/assign-permissions`, {
      permissionsids: idsOf(['role-list']),
    });
    expect(within.status).toBe(200);
  });

  it('answers 404 for an unknown role and 403 without role-assign', async () => {
    const body = { permissionsids: idsOf(['post-list']) };
    expect((await admin.patch('/api/roles/99999/assign-permissions', body)).status).toBe(404);
    const role = await createRole();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.patch(`/api/roles/${role.id}/assign-permissions`, body)).status).toBe(403);
    expect((await viewer.patch(`/api/roles/${role.id}/revoke-permissions`, body)).status).toBe(403);
  });

  it("applies a changed role on its users' next request", async () => {
    const role = await createRole([], 'auditor');
    const auditor = await server.userWithRoles(['auditor']);
    expect((await auditor.get('/api/users')).status).toBe(403);
    await admin.patch(`/api/roles/${role.id}/assign-permissions`, {
      permissionsids: idsOf(['user-list']),
    });
    expect((await auditor.get('/api/users')).status).toBe(200);
    expect((await auditor.get('/api/abilities')).body).toEqual(['user-list']);
    await admin.patch(`/api/roles/${role.id}/revoke-permissions`, {
      permissionsids: idsOf(['user-list']),
    });
    expect((await auditor.get('/api/users')).status).toBe(403);
    await admin.put(`/api/roles/${role.id}`, { name: 'admin', guard_name: 'api' });
    expect((await auditor.get('/api/abilities')).body).toEqual(['manage-all']);
  });
});

describe('GET /api/permissions', () => {
  it('marks the permissions of a role and counts every tab', async () => {
    const role = await createRole(['post-list', 'post-create']);
    const all = await admin.get(`/api/permissions?roleid=${role.id}&permstatus=all&per_page=100`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      total: PERMISSIONS.length,
      all_count: PERMISSIONS.length,
      in_role_count: 2,
      out_role_count: PERMISSIONS.length - 2,
    });
    const inRole = all.body.data.filter((p: { is_in_role: boolean }) => p.is_in_role);
    expect(inRole.map((p: { name: string }) => p.name).sort()).toEqual([
      'post-create',
      'post-list',
    ]);
    expect(Object.keys(all.body.data[0]).sort()).toEqual(
      [
        'created_at',
        'formatted_created_at',
        'guard_name',
        'id',
        'is_in_role',
        'level',
        'name',
      ].sort(),
    );
  });

  it('filters by tab and search, and the counts follow the search', async () => {
    const role = await createRole(['post-list', 'post-create']);
    const inRole = await admin.get(`/api/permissions?roleid=${role.id}&permstatus=in_role`);
    expect(inRole.body.total).toBe(2);
    expect(inRole.body.data.every((p: { is_in_role: boolean }) => p.is_in_role)).toBe(true);
    const outRole = await admin.get(
      `/api/permissions?roleid=${role.id}&permstatus=out_role&query=post-`,
    );
    const postPermissions = PERMISSIONS.filter((p) => p.name.startsWith('post-')).length;
    expect(outRole.body).toMatchObject({
      total: postPermissions - 2,
      all_count: postPermissions,
      in_role_count: 2,
      out_role_count: postPermissions - 2,
    });
    expect(outRole.body.data.some((p: { is_in_role: boolean }) => p.is_in_role)).toBe(false);
  });

  it('lists every permission as out of any role without a role', async () => {
    const response = await admin.get('/api/permissions?query=user-');
    expect(response.body.in_role_count).toBe(0);
    expect(response.body.data.every((p: { is_in_role: boolean }) => !p.is_in_role)).toBe(true);
  });

  it('answers 422 for an unknown role or tab', async () => {
    const unknownRole = await admin.get('/api/permissions?roleid=99999');
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors).toEqual({ roleid: [ROLE_MESSAGES.unknownRole] });
    const malformedRole = await admin.get('/api/permissions?roleid=abc');
    expect(malformedRole.body.errors).toEqual({ roleid: [ROLE_MESSAGES.unknownRole] });
    const unknownTab = await admin.get('/api/permissions?permstatus=maybe');
    expect(unknownTab.status).toBe(422);
    expect(unknownTab.body.errors.permstatus).toEqual([
      'Invalid option: expected one of "all"|"in_role"|"out_role"',
    ]);
  });
});
