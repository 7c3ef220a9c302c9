import { MESSAGES, ROLE_MESSAGES, USER_MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { roleIdsByName, serverForFile } from '../../../test/fixtures.ts';
import { ADMIN, TEST_PASSWORD } from '../../../test/harness.ts';

/** The role hierarchy: a super admin stands above an admin, and nobody raises themself. */
const server = await serverForFile();
const superAdmin = await server.admin();
const roleIds = await roleIdsByName(superAdmin);
const superAdminId: number = (await superAdmin.get('/api/profile')).body.id;
let created = 0;

async function createUser(roles: number[] = []) {
  created += 1;
  const response = await superAdmin.post('/api/users', {
    name: `Member ${created}`,
    email: `member${created}@example.com`,
    password: TEST_PASSWORD,
    roles,
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; name: string; email: string };
}

async function signedIn(user: { email: string }) {
  const client = server.client();
  await client.login(user.email, TEST_PASSWORD);
  return client;
}

function expectForbidden(response: { status: number; body: any }, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body.message).toBe(message);
}

async function rolesOf(userId: number) {
  const list = await superAdmin.get(`/api/users?per_page=100`);
  const user = list.body.data.find((row: { id: number }) => row.id === userId);
  return user.roles.map((role: { name: string }) => role.name);
}

describe('an admin, below a super admin', () => {
  it('cannot give themself the super admin role, nor change their own roles at all', async () => {
    const me = await createUser([roleIds.admin]);
    const client = await signedIn(me);
    const raise = await client.put(`/api/users/${me.id}`, {
      name: me.name,
      email: me.email,
      roles: [roleIds['super admin']],
    });
    expectForbidden(raise, USER_MESSAGES.ownRoles);
    const widen = await client.put(`/api/users/${me.id}`, {
      name: me.name,
      email: me.email,
      roles: [roleIds.admin, roleIds.editor],
    });
    expectForbidden(widen, USER_MESSAGES.ownRoles);
    expect(await rolesOf(me.id)).toEqual(['admin']);
    const sameRoles = await client.put(`/api/users/${me.id}`, {
      name: 'Renamed admin',
      email: me.email,
      roles: [roleIds.admin],
    });
    expect(sameRoles.status).toBe(200);
  });

  it('cannot give the super admin role to anyone', async () => {
    const client = await signedIn(await createUser([roleIds.admin]));
    const other = await createUser([roleIds.viewer]);
    const put = await client.put(`/api/users/${other.id}`, {
      name: other.name,
      email: other.email,
      roles: [roleIds['super admin']],
    });
    expectForbidden(put, USER_MESSAGES.superAdminRoleGiven);
    const post = await client.post('/api/users', {
      name: 'Crony',
      email: 'crony@example.com',
      password: TEST_PASSWORD,
      roles: [roleIds['super admin']],
    });
    expectForbidden(post, USER_MESSAGES.superAdminRoleGiven);
    expect(await rolesOf(other.id)).toEqual(['viewer']);
  });

  it('cannot edit, reset the password of or delete a super admin', async () => {
    const client = await signedIn(await createUser([roleIds.admin]));
    const me = (await superAdmin.get('/api/profile')).body;
    const reset = await client.put(`/api/users/${superAdminId}`, {
      name: me.name,
      email: me.email,
      password: 'i-own-you-now',
    });
    expectForbidden(reset, USER_MESSAGES.superAdminTarget);
    const demote = await client.put(`/api/users/${superAdminId}`, {
      name: me.name,
      email: me.email,
      roles: [roleIds.viewer],
    });
    expectForbidden(demote, USER_MESSAGES.superAdminTarget);
    expectForbidden(
      await client.delete(`/api/users/${superAdminId}`),
      USER_MESSAGES.superAdminTarget,
    );
    const plain = await createUser();
    const bulk = await client.delete('/api/users', { ids: [plain.id, superAdminId] });
    expectForbidden(bulk, USER_MESSAGES.superAdminTarget);
    await server.client().login(ADMIN.email, ADMIN.password);
    expect(await rolesOf(superAdminId)).toEqual(['super admin']);
    expect((await client.delete(`/api/users/${plain.id}`)).status).toBe(200);
  });

  it("cannot change the super admin role's permissions nor name a role super admin", async () => {
    const client = await signedIn(await createUser([roleIds.admin]));
    const permissions = await client.get('/api/permissions?per_page=100');
    const someId = permissions.body.data[0].id;
    const superRole = roleIds['super admin'];
    expectForbidden(
      await client.patch(`/api/roles/${superRole}/revoke-permissions`, {
        permissionsids: [someId],
      }),
      ROLE_MESSAGES.superAdminPermissions,
    );
    expectForbidden(
      await client.patch(`/api/roles/${superRole}/assign-permissions`, {
        permissionsids: [someId],
      }),
      ROLE_MESSAGES.superAdminPermissions,
    );
    expectForbidden(
      await client.post('/api/roles', { name: 'Super Admin', guard_name: 'api' }),
      ROLE_MESSAGES.superAdminNameReserved,
    );
    const editorRole = roleIds.editor;
    const revoke = await client.patch(`/api/roles/${editorRole}/revoke-permissions`, {
      permissionsids: [someId],
    });
    expect(revoke.status).toBe(200);
  });
});

describe('a super admin', () => {
  it('gives and removes the super admin role and edits other super admins', async () => {
    const other = await createUser([roleIds.admin]);
    const promote = await superAdmin.put(`/api/users/${other.id}`, {
      name: other.name,
      email: other.email,
      roles: [roleIds['super admin']],
    });
    expect(promote.status).toBe(200);
    const reset = await superAdmin.put(`/api/users/${other.id}`, {
      name: other.name,
      email: other.email,
      password: 'a-new-password',
      roles: [roleIds.admin],
    });
    expect(reset.status).toBe(200);
    expect(await rolesOf(other.id)).toEqual(['admin']);
  });

  it('cannot change their own roles either', async () => {
    const me = (await superAdmin.get('/api/profile')).body;
    const response = await superAdmin.put(`/api/users/${superAdminId}`, {
      name: me.name,
      email: me.email,
      roles: [roleIds['super admin'], roleIds.editor],
    });
    expectForbidden(response, USER_MESSAGES.ownRoles);
  });
});

describe('users with abilities beyond the caller', () => {
  it('are neither edited nor deleted, with a 403', async () => {
    const keeper = await superAdmin.post('/api/roles', { name: 'account keeper' });
    const permissions = await superAdmin.get('/api/permissions?per_page=100');
    const ids = permissions.body.data
      .filter((p: { name: string }) => ['user-list', 'user-update', 'user-delete'].includes(p.name))
      .map((p: { id: number }) => p.id);
    await superAdmin.patch(`/api/roles/${keeper.body.id}/assign-permissions`, {
      permissionsids: ids,
    });
    const client = await signedIn(await createUser([keeper.body.id]));
    const editor = await createUser([roleIds.editor]);
    const edit = await client.put(`/api/users/${editor.id}`, {
      name: 'Taken over',
      email: editor.email,
      password: 'i-own-you-now',
    });
    expectForbidden(edit, USER_MESSAGES.userAboveCaller);
    expectForbidden(await client.delete(`/api/users/${editor.id}`), USER_MESSAGES.userAboveCaller);
  });
});

describe('GET /api/getAllWebsites', () => {
  it('needs an ability that shows websites', async () => {
    const nobody = await signedIn(await createUser());
    expectForbidden(await nobody.get('/api/getAllWebsites'), MESSAGES.forbidden);
    const categoriesOnly = await superAdmin.post('/api/roles', { name: 'category reader' });
    const permissions = await superAdmin.get('/api/permissions?per_page=100&query=category-list');
    await superAdmin.patch(`/api/roles/${categoriesOnly.body.id}/assign-permissions`, {
      permissionsids: [permissions.body.data[0].id],
    });
    const reader = await signedIn(await createUser([categoriesOnly.body.id]));
    expect((await reader.get('/api/getAllWebsites')).status).toBe(200);
    const viewer = await signedIn(await createUser([roleIds.viewer]));
    expect((await viewer.get('/api/getAllWebsites')).status).toBe(200);
  });
});
