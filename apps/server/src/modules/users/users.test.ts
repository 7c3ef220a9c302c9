import {
  FIELD_MESSAGES,
  MESSAGES,
  ORDER_MESSAGES,
  USER_MESSAGES,
  USER_ORDER_KEYS,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { roleIdsByName, serverForFile } from '../../../test/fixtures.ts';
import {
  ADMIN,
  type ApiClient,
  expectSortsBothWays,
  TEST_PASSWORD,
} from '../../../test/harness.ts';

const server = await serverForFile();
const admin = await server.admin();
const roleIds = await roleIdsByName(admin);
let created = 0;

/** Creates a user through the API and answers it. */
async function createUser(fields: Record<string, unknown> = {}) {
  created += 1;
  const response = await admin.post('/api/users', {
    name: `User ${created}`,
    email: `user${created}@example.com`,
    password: TEST_PASSWORD,
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function signIn(email: string, password = TEST_PASSWORD) {
  const client = server.client();
  await client.login(email, password);
  return client;
}

describe('GET /api/users', () => {
  it('answers a page of users with their roles and the formatted date, never a password', async () => {
    const response = await admin.get('/api/users?page=1');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ current_page: 1, per_page: 15 });
    const first = response.body.data.find((user: { email: string }) => user.email === ADMIN.email);
    expect(first).toMatchObject({ name: 'Administrator', roles: [{ name: 'super admin' }] });
    expect(first.formatted_created_at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(first).sort()).toEqual(
      [
        'created_at',
        'email',
        'formatted_created_at',
        'id',
        'name',
        'roles',
        'two_factor_enabled',
      ].sort(),
    );
  });

  it('searches by name or e-mail', async () => {
    await createUser({ name: 'Zebulon Searchable', email: 'zeb@example.com' });
    const byName = await admin.get('/api/users?query=zebulon');
    expect(byName.body.data.map((user: { email: string }) => user.email)).toEqual([
      'zeb@example.com',
    ]);
    const byEmail = await admin.get('/api/users?query=ZEB@EXAMPLE');
    expect(byEmail.body.total).toBe(1);
  });

  it('sorts by name, e-mail and creation, newest first by default', async () => {
    for (const [name, email] of [
      ['Sorting Bravo', 'c.sorting@example.com'],
      ['Sorting Alpha', 'b.sorting@example.com'],
      ['Sorting Charlie', 'a.sorting@example.com'],
    ]) {
      await createUser({ name, email });
    }
    const path = '/api/users?query=sorting';
    const names = (await admin.get(path)).body.data.map((user: { name: string }) => user.name);
    expect(names).toEqual(['Sorting Charlie', 'Sorting Alpha', 'Sorting Bravo']);
    await expectSortsBothWays(admin, path, (user: { name: string }) => user.name, {
      name: ['Sorting Alpha', 'Sorting Bravo', 'Sorting Charlie'],
      email: ['Sorting Charlie', 'Sorting Alpha', 'Sorting Bravo'],
      created_at: ['Sorting Bravo', 'Sorting Alpha', 'Sorting Charlie'],
    });
  });

  it('answers 422 for an unknown order key or direction', async () => {
    const unknownKey = await admin.get('/api/users?order_key=password');
    expect(unknownKey.status).toBe(422);
    expect(unknownKey.body.errors).toEqual({
      order_key: [ORDER_MESSAGES.keyInvalid(USER_ORDER_KEYS)],
    });
    const unknownDirection = await admin.get('/api/users?order_key=name&order_dir=up');
    expect(unknownDirection.status).toBe(422);
    expect(unknownDirection.body.errors).toEqual({ order_dir: [ORDER_MESSAGES.directionInvalid] });
  });

  it('pages', async () => {
    const response = await admin.get('/api/users?page=1&per_page=1');
    expect(response.body.data).toHaveLength(1);
    expect(response.body.last_page).toBe(response.body.total);
    expect(response.body.next_page_url).toBe('/api/users?page=2');
  });

  it('answers 401 without a session and 403 to an editor', async () => {
    expect((await server.client().get('/api/users')).status).toBe(401);
    const editor = await server.userWithRoles(['editor']);
    expect((await editor.get('/api/users')).status).toBe(403);
    expect((await editor.get('/api/roles/all')).status).toBe(403);
  });

  it('refuses a bad page number with a 422', async () => {
    const response = await admin.get('/api/users?page=abc');
    expect(response.status).toBe(422);
    expect(response.body.errors.page).toEqual(['Invalid input: expected number, received NaN']);
  });
});

describe('GET /api/roles/all', () => {
  it('lists every role for the roles multi-select', async () => {
    const response = await admin.get('/api/roles/all');
    expect(response.status).toBe(200);
    expect(response.body.map((role: { name: string }) => role.name)).toEqual([
      'admin',
      'editor',
      'super admin',
      'viewer',
    ]);
  });
});

describe('POST /api/users', () => {
  it('creates a user with roles, stores the e-mail in lowercase, and the user can sign in', async () => {
    const response = await admin.post('/api/users', {
      name: '  Ada Lovelace ',
      email: ' Ada@Example.COM ',
      password: 'analytical',
      roles: [roleIds.editor],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      roles: [{ id: roleIds.editor, name: 'editor' }],
    });
    expect(response.body.password).toBeUndefined();
    const ada = await signIn('ada@example.com', 'analytical');
    expect((await ada.get('/api/abilities')).body).toContain('website-list');
  });

  it('answers 422 with every field message', async () => {
    const response = await admin.post('/api/users', {
      name: ' ',
      email: 'not-an-email',
      password: 'short',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: [USER_MESSAGES.nameRequired],
      email: [USER_MESSAGES.emailInvalid],
      password: [USER_MESSAGES.passwordTooShort],
    });
  });

  it('says what is missing', async () => {
    const response = await admin.post('/api/users', {});
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: [USER_MESSAGES.nameRequired],
      email: [USER_MESSAGES.emailRequired],
      password: [USER_MESSAGES.passwordRequired],
    });
    const empty = await admin.post('/api/users', { name: 'A', email: '', password: '' });
    expect(empty.body.errors).toEqual({
      email: [USER_MESSAGES.emailRequired],
      password: [USER_MESSAGES.passwordRequired],
    });
  });

  it('refuses an e-mail already taken, whatever its case', async () => {
    const response = await admin.post('/api/users', {
      name: 'Twin',
      email: ADMIN.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: [USER_MESSAGES.emailTaken] });
  });

  it('refuses unknown roles, unknown fields and wrong types without creating anything', async () => {
    const before = (await admin.get('/api/users')).body.total;
    const unknownRole = await admin.post('/api/users', {
      name: 'Ghost',
      email: 'ghost@example.com',
      password: TEST_PASSWORD,
      roles: [roleIds.viewer, 9999],
    });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors).toEqual({ roles: [USER_MESSAGES.unknownRoles([9999])] });
    const extra = await admin.post('/api/users', {
      name: 'Ghost',
      email: 'ghost@example.com',
      password: TEST_PASSWORD,
      is_admin: true,
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ is_admin: [MESSAGES.unknownField('is_admin')] });
    const wrongTypes = await admin.post('/api/users', {
      name: 42,
      email: ['a@example.com'],
      password: TEST_PASSWORD,
      roles: 'admin',
    });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['email', 'name', 'roles']);
    const unstorable = await admin.post('/api/users', {
      name: 'Nul\u0000Byte',
      email: `${'x'.repeat(250)}@example.com`,
      password: TEST_PASSWORD,
      roles: [99999999999],
    });
    expect(unstorable.body.errors).toEqual({
      name: [FIELD_MESSAGES.nulCharacter],
      email: [FIELD_MESSAGES.tooLong(255)],
      'roles.0': [USER_MESSAGES.rolesInvalid],
    });
    expect((await admin.get('/api/users')).body.total).toBe(before);
  });

  it('lets nobody give roles beyond their own abilities', async () => {
    const recruiter = await admin.post('/api/roles', { name: 'recruiter' });
    const recruiterId = recruiter.body.id;
    await admin.patch(`/api/roles/${recruiterId}/assign-permissions`, {
      permissionsids: await permissionIds(['user-list', 'user-create']),
    });
    const client = await server.userWithRoles(['recruiter']);
    const escalate = await client.post('/api/users', {
      name: 'Friend',
      email: 'friend@example.com',
      password: TEST_PASSWORD,
      roles: [roleIds.admin],
    });
    expect(escalate.status).toBe(422);
    expect(escalate.body.errors).toEqual({ roles: [USER_MESSAGES.rolesBeyondOwn(['admin'])] });
    const sameLevel = await client.post('/api/users', {
      name: 'Friend',
      email: 'friend@example.com',
      password: TEST_PASSWORD,
      roles: [recruiterId],
    });
    expect(sameLevel.status).toBe(201);
  });

  it('answers 403 to a viewer', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const response = await viewer.post('/api/users', {
      name: 'X',
      email: 'x@example.com',
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(403);
  });
});

async function permissionIds(names: string[]): Promise<number[]> {
  const response = await admin.get('/api/permissions?per_page=100');
  return response.body.data
    .filter((permission: { name: string }) => names.includes(permission.name))
    .map((permission: { id: number }) => permission.id);
}

describe('PUT /api/users/{id}', () => {
  it('updates name, e-mail and roles, and keeps the password when it is empty', async () => {
    const user = await createUser({ roles: [roleIds.viewer] });
    const response = await admin.put(`/api/users/${user.id}`, {
      id: user.id,
      name: 'Renamed',
      email: 'Renamed@Example.com',
      password: '',
      roles: [roleIds.editor],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: user.id,
      name: 'Renamed',
      email: 'renamed@example.com',
      roles: [{ name: 'editor' }],
    });
    await signIn('renamed@example.com');
  });

  it('keeps the roles when they are left out', async () => {
    const user = await createUser({ roles: [roleIds.viewer] });
    const response = await admin.put(`/api/users/${user.id}`, {
      name: 'Same roles',
      email: user.email,
    });
    expect(response.body.roles).toEqual([{ id: roleIds.viewer, name: 'viewer' }]);
  });

  it('sets a new password and signs the user out everywhere', async () => {
    const user = await createUser();
    const session = await signIn(user.email);
    const response = await admin.put(`/api/users/${user.id}`, {
      name: user.name,
      email: user.email,
      password: 'brand-new-password',
    });
    expect(response.status).toBe(200);
    expect((await session.get('/api/profile')).status).toBe(401);
    await signIn(user.email, 'brand-new-password');
  });

  it("answers 422 with the password rule's message, and for a taken e-mail", async () => {
    const user = await createUser();
    const response = await admin.put(`/api/users/${user.id}`, {
      name: '',
      email: ADMIN.email,
      password: 'short',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: [USER_MESSAGES.nameRequired],
      password: ['password must be at least 8'],
    });
    const taken = await admin.put(`/api/users/${user.id}`, { name: 'X', email: ADMIN.email });
    expect(taken.body.errors).toEqual({ email: [USER_MESSAGES.emailTaken] });
  });

  it('refuses an id in the body that is not the edited user', async () => {
    const user = await createUser();
    const response = await admin.put(`/api/users/${user.id}`, {
      id: user.id + 1000,
      name: 'X',
      email: user.email,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ id: [USER_MESSAGES.idMismatch] });
  });

  it('answers 404 for an unknown or impossible user id and 422 for a malformed one', async () => {
    const body = { name: 'X', email: 'nobody@example.com' };
    expect((await admin.put('/api/users/99999', body)).status).toBe(404);
    const malformed = await admin.put('/api/users/abc', body);
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.id).toEqual(['Invalid input: expected number, received NaN']);
    // Beyond the id column: well formed, but no user can have it.
    expect((await admin.put('/api/users/99999999999', body)).status).toBe(404);
  });

  it('never lets the last super admin drop the super admin role', async () => {
    const me = (await admin.get('/api/profile')).body;
    const response = await admin.put(`/api/users/${me.id}`, {
      name: me.name,
      email: me.email,
      roles: [roleIds.admin],
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(USER_MESSAGES.ownRoles);
  });

  it('lets nobody edit or delete a user who has abilities they lack', async () => {
    const keeper = await admin.post('/api/roles', { name: 'user keeper' });
    await admin.patch(`/api/roles/${keeper.body.id}/assign-permissions`, {
      permissionsids: await permissionIds(['user-list', 'user-update', 'user-delete']),
    });
    const client = await server.userWithRoles(['user keeper']);
    const me = (await admin.get('/api/profile')).body;
    const takeover = await client.put(`/api/users/${me.id}`, {
      name: me.name,
      email: me.email,
      password: 'i-own-you-now',
    });
    expect(takeover.status).toBe(403);
    expect(takeover.body.message).toBe(USER_MESSAGES.userAboveCaller);
    const plain = await createUser();
    const bulk = await client.delete('/api/users', { ids: [plain.id, me.id] });
    expect(bulk.status).toBe(403);
    expect(bulk.body.message).toBe(USER_MESSAGES.userAboveCaller);
    await signIn(ADMIN.email, ADMIN.password);
    expect(
      (await client.put(`/api/users/${plain.id}`, { name: 'Edited', email: plain.email })).status,
    ).toBe(200);
    expect((await client.delete(`/api/users/${plain.id}`)).status).toBe(200);
  });

  it('answers 403 to a viewer', async () => {
    const user = await createUser();
    const viewer = await server.userWithRoles(['viewer']);
    const response = await viewer.put(`/api/users/${user.id}`, { name: 'X', email: user.email });
    expect(response.status).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user and ends their sessions at once', async () => {
    const user = await createUser();
    const session = await signIn(user.email);
    expect((await session.get('/api/profile')).status).toBe(200);
    const response = await admin.delete(`/api/users/${user.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: USER_MESSAGES.deleted });
    expect((await session.get('/api/profile')).status).toBe(401);
    expect((await admin.get(`/api/users?query=${user.email}`)).body.total).toBe(0);
  });

  it('refuses to delete oneself', async () => {
    const me = (await admin.get('/api/profile')).body;
    const response = await admin.delete(`/api/users/${me.id}`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ id: [USER_MESSAGES.cannotDeleteSelf] });
  });

  it('leaves super admins to super admins: an admin deletes none, a super admin another', async () => {
    const me = (await admin.get('/api/profile')).body;
    const plainAdmin = await createUserWith(admin, [roleIds.admin]);
    const last = await plainAdmin.delete(`/api/users/${me.id}`);
    expect(last.status).toBe(403);
    expect(last.body.message).toBe(USER_MESSAGES.superAdminTarget);
    const lastInBulk = await plainAdmin.delete('/api/users', { ids: [me.id] });
    expect(lastInBulk.status).toBe(403);
    const deputy = await createUser({ roles: [roleIds['super admin']] });
    expect((await plainAdmin.delete(`/api/users/${deputy.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/users/${deputy.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown id, 422 for a malformed one, and 403 to a viewer', async () => {
    expect((await admin.delete('/api/users/99999')).status).toBe(404);
    expect((await admin.delete('/api/users/-1')).status).toBe(422);
    const user = await createUser();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.delete(`/api/users/${user.id}`)).status).toBe(403);
    expect((await server.client().delete(`/api/users/${user.id}`)).status).toBe(401);
  });
});

/** Creates a user with the given roles through `client` and answers a session of theirs. */
async function createUserWith(client: ApiClient, roles: number[]) {
  created += 1;
  const email = `made${created}@example.com`;
  const response = await client.post('/api/users', {
    name: `Made ${created}`,
    email,
    password: TEST_PASSWORD,
    roles,
  });
  expect(response.status).toBe(201);
  return signIn(email);
}

describe('DELETE /api/users', () => {
  it('deletes several users at once and says how many', async () => {
    const first = await createUser();
    const second = await createUser();
    const response = await admin.delete('/api/users', { ids: [first.id, second.id] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: USER_MESSAGES.bulkDeleted(2) });
  });

  it('deletes nothing when one id is unknown', async () => {
    const user = await createUser();
    const response = await admin.delete('/api/users', { ids: [user.id, 99999] });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ ids: [unknownIdsMessage([99999])] });
    expect((await admin.get(`/api/users?query=${user.email}`)).body.total).toBe(1);
  });

  it('deletes nothing when the caller is among them', async () => {
    const user = await createUser();
    const me = (await admin.get('/api/profile')).body;
    const response = await admin.delete('/api/users', { ids: [user.id, me.id] });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ ids: [USER_MESSAGES.cannotDeleteSelf] });
    expect((await admin.get(`/api/users?query=${user.email}`)).body.total).toBe(1);
  });

  it('refuses an empty or malformed list, and answers 403 to a viewer', async () => {
    const empty = await admin.delete('/api/users', { ids: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.ids).toEqual([FIELD_MESSAGES.noRowSelected]);
    expect((await admin.delete('/api/users', { ids: ['abc'] })).status).toBe(422);
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.delete('/api/users', { ids: [1] })).status).toBe(403);
  });
});
