import { AUDIT_MESSAGES, AUDIT_REDACTED, type AuditEntry } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/csv.ts';
import { insertTestWebsites, serverForFile } from '../../../test/fixtures.ts';
import { ADMIN, setSetting } from '../../../test/harness.ts';
import { pruneAuditLog, recordAudit } from '../../db/audit.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);

type Page = { data: AuditEntry[]; total: number };

async function entries(query: Record<string, string | number> = {}): Promise<AuditEntry[]> {
  const search = new URLSearchParams(
    Object.entries({ per_page: 100, ...query }).map(([key, value]): [string, string] => [
      key,
      String(value),
    ]),
  );
  const response = await admin.get<Page>(`/api/audit-log?${search}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** The newest entry about one record. */
async function latest(subjectType: string, subjectId: number) {
  const [entry] = await entries({ subject_type: subjectType, subject_id: subjectId });
  expect(entry).toBeDefined();
  return entry!;
}

const websiteInput = {
  name: 'Audited Site',
  url: 'https://audited.example.com',
  hosting: 'Hetzner',
  cost: 10,
  duration: 12,
};

describe('the entries of a website', () => {
  it('records creation, each edit as before and after, settings, rotation and deletion', async () => {
    const created = await admin.post('/api/websites', websiteInput);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const creation = await latest('website', id);
    expect(creation).toMatchObject({
      action: 'created',
      subject_name: 'Audited Site',
      user_name: 'Administrator',
      request_id: expect.any(String),
      ip_address: '127.0.0.1',
    });
    expect(creation.changes).toMatchObject({
      name: [null, 'Audited Site'],
      webhook_secret: [AUDIT_REDACTED, AUDIT_REDACTED],
    });

    await admin.put(`/api/websites/${id}`, { ...websiteInput, name: 'Renamed Site', cost: 12 });
    const edit = await latest('website', id);
    expect(edit.action).toBe('updated');
    expect(edit.changes).toEqual({
      name: ['Audited Site', 'Renamed Site'],
      cost: [10, 12],
    });

    await admin.patch(`/api/websites/${id}/update-settings`, {
      category_webhook_url: 'https://hooks.example.com/c',
    });
    const settings = await latest('website', id);
    expect(settings).toMatchObject({
      action: 'settings_changed',
      changes: { category_webhook_url: [null, 'https://hooks.example.com/c'] },
    });

    const rotated = await admin.post(`/api/websites/${id}/rotate-secret`);
    const secret = rotated.body.webhook_secret as string;
    const rotation = await latest('website', id);
    expect(rotation).toMatchObject({
      action: 'secret_rotated',
      changes: { webhook_secret: [AUDIT_REDACTED, AUDIT_REDACTED] },
    });

    await admin.delete(`/api/websites/${id}`);
    const deletion = await latest('website', id);
    expect(deletion.action).toBe('deleted');
    expect(deletion.changes?.name).toEqual(['Renamed Site', null]);

    const everything = JSON.stringify(await entries({ subject_type: 'website' }));
    expect(everything).not.toContain(secret);
  });

  it('records a bulk delete as one entry with its ids and count', async () => {
    const ids = await insertTestWebsites(server.database.db);
    const response = await admin.request('DELETE', '/api/websites', { body: { ids } });
    expect(response.status).toBe(200);
    const [entry] = await entries({ subject_type: 'website', action: 'bulk_action' });
    expect(entry).toMatchObject({
      subject_id: null,
      details: { action: 'delete', ids: [...ids].sort((a, b) => a - b), count: 3 },
    });
  });
});

describe('secrets never appear', () => {
  it("shows an instance's agent token, a user's password and a secret setting as changed", async () => {
    const instance = await admin.post('/api/instances', {
      instance_id: 'i-0audit',
      ip_address: '10.0.0.9',
      current_state: 'running',
      gap: '06:15',
      region: 'ap-south-1',
      type: 'small',
      cost: 350,
    });
    expect(instance.status).toBe(201);
    const token = instance.body.agent_token as string;
    const rotated = await admin.post(`/api/instances/${instance.body.id}/rotate-token`);
    expect((await latest('instance', instance.body.id)).action).toBe('secret_rotated');

    const user = await admin.post('/api/users', {
      name: 'Audited User',
      email: 'audited@example.com',
      password: 'first-password-1',
      roles: [],
    });
    expect(user.status).toBe(201);
    await admin.put(`/api/users/${user.body.id}`, {
      name: 'Audited User',
      email: 'audited@example.com',
      password: 'second-password-2',
    });
    expect((await latest('user', user.body.id)).changes).toEqual({
      password: [AUDIT_REDACTED, AUDIT_REDACTED],
    });

    await setSetting(admin, 'ai.api_key', 'sk-very-secret-key');
    await setSetting(admin, 'app.support_email', 'help@example.com');
    const settingEntries = await entries({ subject_type: 'setting', action: 'settings_changed' });
    expect(settingEntries.map((entry) => [entry.subject_name, entry.changes])).toEqual([
      ['app.support_email', { value: ['support@example.com', 'help@example.com'] }],
      ['ai.api_key', { value: [AUDIT_REDACTED, AUDIT_REDACTED] }],
    ]);

    const everything = JSON.stringify(await entries());
    for (const secret of [
      token,
      rotated.body.token as string,
      'first-password-1',
      'second-password-2',
      'sk-very-secret-key',
      '$argon2',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('content actions', () => {
  it('writes one entry for a bulk approve of many posts', async () => {
    const [siteA] = await insertTestWebsites(server.database.db);
    const category = await admin.post('/api/categories', {
      name: 'Bulk',
      slug: 'bulk',
      description: 'About bulk',
      type: 'default',
      keywords: 'bulk',
      websites: [siteA],
      parents: [],
    });
    expect(category.status).toBe(201);
    const rows = await queryRows<{ id: number }>(
      server.database.db,
      sql`INSERT INTO posts (title, description, category_id)
          SELECT 'Bulk post ' || g, 'Generated', ${category.body.id}
          FROM generate_series(1, 1500) g RETURNING id`,
    );
    const before = (await entries({ subject_type: 'post' })).length;
    const ids = rows.map((row) => row.id);
    const response = await checker.post('/api/posts/action', { ids, action: 'approve' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const after = await entries({ subject_type: 'post' });
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      action: 'bulk_action',
      details: { action: 'approve', count: 1500, changed: response.body.changed },
    });
    expect((after[0]!.details as { ids: number[] }).ids).toHaveLength(1500);
  });

  it("records a post's edit with its changed fields", async () => {
    const [category] = await queryRows<{ id: number }>(
      server.database.db,
      sql`SELECT id FROM categories WHERE slug = 'bulk'`,
    );
    const post = await admin.post('/api/posts', {
      title: 'First title',
      description: 'Text',
      category_id: category!.id,
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    await admin.put(`/api/posts/${post.body.id}`, {
      title: 'Second title',
      description: 'Text',
      category_id: category!.id,
    });
    expect((await latest('post', post.body.id)).changes).toEqual({
      title: ['First title', 'Second title'],
    });
  });
});

describe('roles and signing in', () => {
  it('records permissions given and taken by name', async () => {
    const role = await admin.post('/api/roles', { name: 'Auditors', guard_name: 'web' });
    expect(role.status).toBe(201);
    const permissions = await admin.get('/api/permissions?per_page=100');
    const websiteList = permissions.body.data.find(
      (permission: { name: string }) => permission.name === 'website-list',
    );
    await admin.patch(`/api/roles/${role.body.id}/assign-permissions`, {
      permissionsids: [websiteList.id],
    });
    expect(await latest('role', role.body.id)).toMatchObject({
      action: 'permissions_assigned',
      details: { permissions: ['website-list'], count: 1 },
    });
    await admin.patch(`/api/roles/${role.body.id}/revoke-permissions`, {
      permissionsids: [websiteList.id],
    });
    expect((await latest('role', role.body.id)).action).toBe('permissions_revoked');
  });

  it('records sign-in, a failed sign-in and sign-out under the user', async () => {
    const person = server.client();
    const failed = await person.request('POST', '/login', {
      body: { email: ADMIN.email, password: 'wrong-password' },
    });
    expect(failed.status).toBe(422);
    await person.login(ADMIN.email, ADMIN.password);
    await person.post('/logout');
    const [adminUser] = await queryRows<{ id: number }>(
      server.database.db,
      sql`SELECT id FROM users WHERE email = ${ADMIN.email}`,
    );
    const actions = (await entries({ subject_type: 'user', subject_id: adminUser!.id })).map(
      (entry) => entry.action,
    );
    expect(actions.slice(0, 3)).toEqual(['signed_out', 'signed_in', 'sign_in_failed']);
    const [signOut] = await entries({ action: 'signed_out', user_id: adminUser!.id });
    expect(signOut).toMatchObject({ user_name: 'Administrator' });
    expect(JSON.stringify(await entries({ action: 'sign_in_failed' }))).not.toContain(
      'wrong-password',
    );
  });
});

describe('what a request sends that no record keeps', () => {
  it("leaves out the profile form's ignored role, whatever it holds", async () => {
    const email = 'ignored-role@example.com';
    const person = await server.userWithRoles(['viewer'], email);
    const { id, name } = (await person.get('/api/profile')).body;
    let before = name;
    for (const role of ['a\u0000b', 'super admin']) {
      const after = `Renamed with role ${role.length}`;
      const response = await person.put('/api/profile', { name: after, email, role });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect((await latest('user', id)).changes).toEqual({ name: [before, after] });
      before = after;
    }
  });

  it('keeps no field whose name or value holds the NUL character', async () => {
    const subjectId = 2_000_000;
    await recordAudit(server.database.db, {
      action: 'updated',
      subjectType: 'user',
      subjectId,
      changes: { name: ['A', 'B'], note: [null, 'a\u0000b'], 'x\u0000': [1, 2] },
      details: { count: 2, nested: { list: ['ok', '\u0000'] }, 'y\u0000': true },
    });
    expect(await latest('user', subjectId)).toMatchObject({
      changes: { name: ['A', 'B'] },
      details: { count: 2 },
    });
  });
});

describe('GET /api/audit-log', () => {
  it('filters by action, user, date and search, newest first', async () => {
    const all = await entries();
    expect(all.map((entry) => entry.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const created = await entries({ action: 'created' });
    expect(created).not.toHaveLength(0);
    expect(created.every((e) => e.action === 'created')).toBe(true);
    expect(await entries({ query: 'Renamed Site' })).not.toHaveLength(0);
    expect(
      (await entries({ query: 'Renamed Site' })).every((e) => e.subject_name === 'Renamed Site'),
    ).toBe(true);
    expect(await entries({ from: '2999-01-01' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await entries({ from: today, to: today })).toHaveLength(all.length);
    expect(await entries({ to: '2000-01-01' })).toEqual([]);
  });

  it('refuses a bad filter with 422 on its field', async () => {
    const bad = await admin.get('/api/audit-log?action=exploded&from=yesterday');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      action: [AUDIT_MESSAGES.actionInvalid],
      from: [AUDIT_MESSAGES.dateInvalid],
    });
    const reversed = await admin.get('/api/audit-log?from=2025-02-01&to=2025-01-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toMatchObject({ to: [AUDIT_MESSAGES.rangeReversed] });
  });

  it('is for admins only', async () => {
    for (const roles of [['editor'], ['viewer'], []]) {
      const other = await server.userWithRoles(roles);
      expect((await other.get('/api/audit-log')).status).toBe(403);
    }
    expect((await server.client().get('/api/audit-log')).status).toBe(401);
  });
});

describe('GET /api/audit-log/export', () => {
  it("exports exactly the filtered list's entries, newest first, formulas neutralised", async () => {
    const created = await admin.post('/api/websites', {
      ...websiteInput,
      name: '=HYPERLINK("https://evil.example")',
      url: 'https://formula.example.com',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const filter = 'subject_type=website&action=created';
    const list = await admin.get<Page>(`/api/audit-log?${filter}&per_page=1`);
    const response = await admin.get(`/api/audit-log/export?${filter}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sitefleet-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(Number(response.headers.get('x-total-count'))).toBe(list.body.total);
    const [header, ...rows] = parseCsv(response.body as string);
    expect(rows).toHaveLength(list.body.total);
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(rows.every((row) => cell(row, 'action') === 'created')).toBe(true);
    expect(rows.map((row) => Number(cell(row, 'id')))).toEqual(
      rows.map((row) => Number(cell(row, 'id'))).sort((a, b) => b - a),
    );
    expect(cell(rows[0]!, 'id')).toBe(String(list.body.data[0]!.id));
    expect(cell(rows[0]!, 'subject_name')).toBe('\'=HYPERLINK("https://evil.example")');
  });

  it('refuses a bad filter and is for admins only', async () => {
    expect((await admin.get('/api/audit-log/export?action=exploded')).status).toBe(422);
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.get('/api/audit-log/export')).status).toBe(403);
  });
});

describe('retention', () => {
  it('prunes the entries older than the days kept, and only those', async () => {
    const db = server.database.db;
    await db.execute(sql`INSERT INTO audit_log (action, subject_type, created_at)
                         SELECT 'updated', 'website', now() - interval '400 days'
                         FROM generate_series(1, 7) g`);
    const before = await queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM audit_log`,
    );
    expect(await pruneAuditLog(db, 365)).toBe(7);
    const after = await queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM audit_log`,
    );
    expect(after[0]!.total).toBe(before[0]!.total - 7);
  });
});
