import {
  API_TOKEN_PATTERN,
  MESSAGES,
  TOKEN_MESSAGES,
  TOKEN_RATE_SETTING,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createWebsite,
  inDays,
  roleIdsByName,
  serverForFile,
  tokenOf,
  websiteInput,
} from '../../../test/fixtures.ts';
import { setSetting, TokenClient } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();
const editor = await server.userWithRoles(['editor'], 'token-editor@example.com');

const withToken = (token: string) => new TokenClient(server.url, token);

describe('making an API token', () => {
  it('answers the token once, shaped sf_pat_ + 38 base62 characters, and keeps only its hash', async () => {
    const response = await editor.post('/api/tokens', {
      name: 'Feed importer',
      abilities: ['post-list', 'post-create', 'post-list'],
      expires_at: inDays(90),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.token).toMatch(API_TOKEN_PATTERN);
    expect(response.body).toMatchObject({
      name: 'Feed importer',
      abilities: ['post-create', 'post-list'],
      role_id: null,
      website_ids: null,
      status: 'active',
      last_used_at: null,
      created_by: { name: 'Test token-editor@example.com' },
    });
    const stored = await queryRows<{ token_hash: string }>(
      db,
      sql`SELECT token_hash FROM api_tokens WHERE id = ${response.body.id}`,
    );
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(response.body.token);

    const list = await editor.get('/api/tokens?query=Feed');
    expect(list.body.data.map((row: { name: string }) => row.name)).toEqual(['Feed importer']);
    expect(JSON.stringify(list.body)).not.toContain(response.body.token);
  });

  it.each([
    [{ expires_at: inDays(-1) }, 'expires_at', TOKEN_MESSAGES.expiresPast],
    [{ expires_at: inDays(367) }, 'expires_at', TOKEN_MESSAGES.expiresTooFar],
    [{ expires_at: 'next week' }, 'expires_at', TOKEN_MESSAGES.expiresInvalid],
    [{ abilities: [] }, 'abilities', TOKEN_MESSAGES.grantRequired],
    [{ abilities: ['post-list'], role_id: 1 }, 'role_id', TOKEN_MESSAGES.grantTwice],
    [{ abilities: ['post-fly'] }, 'abilities.0', TOKEN_MESSAGES.abilityUnknown],
    [{ name: ' ' }, 'name', TOKEN_MESSAGES.nameRequired],
  ])('refuses %j with a message on %s', async (change, field, message) => {
    const response = await editor.post('/api/tokens', {
      name: 'Refused',
      abilities: ['post-list'],
      expires_at: inDays(30),
      ...change,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });

  it('refuses abilities its creator does not hold, and a role token to a non-admin', async () => {
    const ability = await editor.post('/api/tokens', {
      name: 'Too much',
      abilities: ['post-list', 'user-delete'],
      expires_at: inDays(30),
    });
    expect(ability.status).toBe(422);
    expect(ability.body.errors.abilities).toEqual([TOKEN_MESSAGES.abilityNotHeld(['user-delete'])]);
    const roles = await roleIdsByName(admin);
    const role = await editor.post('/api/tokens', {
      name: 'Role',
      role_id: roles.viewer,
      expires_at: inDays(30),
    });
    expect(role.status).toBe(422);
    expect(role.body.errors.role_id).toEqual([TOKEN_MESSAGES.roleNotAllowed]);
    const websites = await editor.post('/api/tokens', {
      name: 'Nowhere',
      abilities: ['post-list'],
      website_ids: [999_999],
      expires_at: inDays(30),
    });
    expect(websites.status).toBe(422);
    expect(websites.body.errors.website_ids).toEqual([TOKEN_MESSAGES.websitesUnknown([999_999])]);
    const count = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM api_tokens WHERE name IN ('Too much', 'Role', 'Nowhere')`,
    );
    expect(count[0]!.n).toBe(0);
  });
});

describe('a request with a token', () => {
  it('is allowed what its abilities allow, without a session or a cross-site header', async () => {
    const { client } = await tokenOf(admin, { abilities: ['website-list', 'website-create'] });
    expect(client.cookie).toBeUndefined();
    expect((await client.get('/api/websites')).status).toBe(200);
    const website = await createWebsite(client, { name: 'Made through a token' });
    expect(website.name).toBe('Made through a token');
    expect((await client.get('/api/users')).status).toBe(403);
    expect((await client.delete('/api/websites/1')).status).toBe(403);
  });

  it('writes its audit entries under its creator and its own name', async () => {
    const { client, row } = await tokenOf(admin, {
      abilities: ['website-list', 'website-create'],
    });
    const website = await createWebsite(client, { name: 'Audited through a token' });
    const entries = await admin.get(`/api/audit-log?subject_type=website&subject_id=${website.id}`);
    expect(entries.body.data[0]).toMatchObject({
      action: 'created',
      user_name: 'Administrator',
      token_name: row.name,
    });
    const signedIn = await createWebsite(admin, { name: 'Audited through a session' });
    const sessionEntries = await admin.get(
      `/api/audit-log?subject_type=website&subject_id=${signedIn.id}`,
    );
    expect(sessionEntries.body.data[0]).toMatchObject({ action: 'created', token_name: null });
  });

  it('is refused with 401 and the reason: a bad checksum, an unknown, a revoked, an expired token', async () => {
    const { client, row } = await tokenOf(editor, { abilities: ['post-list'] });
    expect((await client.get('/api/posts')).status).toBe(200);

    const last = client.token.at(-1) === 'a' ? 'b' : 'a';
    const mistyped = await withToken(`${client.token.slice(0, -1)}${last}`).get('/api/posts');
    expect(mistyped.status).toBe(401);
    expect(mistyped.body.message).toBe(TOKEN_MESSAGES.malformed);

    const revoked = await editor.delete(`/api/tokens/${row.id}`);
    expect(revoked.status).toBe(200);
    const afterRevoke = await client.get('/api/posts');
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.message).toBe(TOKEN_MESSAGES.revoked);

    const { client: later, row: laterRow } = await tokenOf(editor, { abilities: ['post-list'] });
    // Its end reached: the row says so, as a month passing would.
    await db.execute(
      sql`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = ${laterRow.id}`,
    );
    const expired = await later.get('/api/posts');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(TOKEN_MESSAGES.expired);

    await db.execute(sql`DELETE FROM api_tokens WHERE id = ${laterRow.id}`);
    const unknown = await later.get('/api/posts');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(TOKEN_MESSAGES.unknown);
  });

  it('loses an ability at once when its creator loses it', async () => {
    const person = await server.userWithRoles(['editor'], 'loses-role@example.com');
    const { client } = await tokenOf(person, { abilities: ['post-list'] });
    expect((await client.get('/api/posts')).status).toBe(200);
    const users = await admin.get('/api/users?query=loses-role');
    const roles = await roleIdsByName(admin);
    const changed = await admin.put(`/api/users/${users.body.data[0].id}`, {
      name: 'Loses Role',
      email: 'loses-role@example.com',
      roles: [roles.viewer],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // A viewer still lists posts; a token given post-create keeps only what the person holds.
    expect((await client.get('/api/posts')).status).toBe(200);
    await admin.put(`/api/users/${users.body.data[0].id}`, {
      name: 'Loses Role',
      email: 'loses-role@example.com',
      roles: [],
    });
    expect((await client.get('/api/posts')).status).toBe(403);
  });

  it('never manages tokens, nor reaches a route that does not narrow to its websites', async () => {
    const { client } = await tokenOf(admin, { abilities: ['website-list'] });
    const tokens = await client.get('/api/tokens');
    expect(tokens.status).toBe(403);
    expect(tokens.body.message).toBe(TOKEN_MESSAGES.sessionOnly);
    const website = await createWebsite(admin, { name: 'Scoped website' });
    const { client: scoped } = await tokenOf(admin, {
      abilities: ['user-list'],
      website_ids: [website.id],
    });
    const users = await scoped.get('/api/users');
    expect(users.status).toBe(403);
    expect(users.body.message).toBe(TOKEN_MESSAGES.websiteScoped);
  });

  it('is throttled on its own past the requests per minute, with Retry-After', async () => {
    await setSetting(admin, TOKEN_RATE_SETTING, '3');
    onTestFinished(() => setSetting(admin, TOKEN_RATE_SETTING, '600'));
    const { client } = await tokenOf(admin, { abilities: ['website-list'] });
    const { client: other } = await tokenOf(admin, { abilities: ['website-list'] });
    for (let i = 0; i < 3; i += 1) expect((await client.get('/api/websites')).status).toBe(200);
    const refused = await client.get('/api/websites');
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.body.message).toBe(MESSAGES.throttled(seconds));
    expect((await other.get('/api/websites')).status).toBe(200);
    expect((await admin.get('/api/websites')).status).toBe(200);
  });

  it('records when and from where it was last used', async () => {
    const { client, row } = await tokenOf(editor, { abilities: ['post-list'] });
    await client.get('/api/posts');
    const list = await editor.get(`/api/tokens?query=${encodeURIComponent(row.name)}`);
    expect(list.body.data[0].last_used_ip).toBe('127.0.0.1');
    expect(Date.parse(list.body.data[0].last_used_at)).toBeGreaterThan(Date.parse(row.created_at));
  });
});

describe('a token limited to websites', () => {
  it('sees, changes and deletes only its websites: others are not found, nor listed, counted or exported', async () => {
    const [a, b, c] = [
      await createWebsite(admin, { name: 'Scope Alpha' }),
      await createWebsite(admin, { name: 'Scope Beta' }),
      await createWebsite(admin, { name: 'Scope Gamma' }),
    ];
    const { client } = await tokenOf(admin, {
      abilities: [
        'website-list',
        'website-create',
        'website-update',
        'website-delete',
        'website-settings',
      ],
      website_ids: [b.id, a.id],
    });
    const list = await client.get('/api/websites?per_page=100');
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { id: number }) => row.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.body.total).toBe(2);
    const exported = await client.get('/api/websites/export');
    expect(exported.status).toBe(200);
    expect(String(exported.body)).toContain('Scope Alpha');
    expect(String(exported.body)).not.toContain('Scope Gamma');
    const options = await client.get('/api/getAllWebsites');
    expect(options.body.map((row: { name: string }) => row.name).sort()).toEqual([
      'Scope Alpha',
      'Scope Beta',
    ]);

    expect((await client.get(`/api/websites/${a.id}`)).status).toBe(200);
    expect((await client.get(`/api/websites/${c.id}`)).status).toBe(404);
    expect((await client.get(`/api/websites/${c.id}/settings`)).status).toBe(404);
    expect((await client.post(`/api/websites/${c.id}/rotate-secret`)).status).toBe(404);
    const update = await client.put(`/api/websites/${c.id}`, websiteInput({ name: 'Taken' }));
    expect(update.status).toBe(404);
    const several = await client.delete('/api/websites', { ids: [a.id, c.id] });
    expect(several.status).toBe(422);
    expect(several.body.errors.ids).toEqual([
      `These ids do not exist: ${c.id}. Nothing was changed.`,
    ]);
    expect((await client.delete(`/api/websites/${c.id}`)).status).toBe(404);
    const created = await client.post('/api/websites', websiteInput());
    expect(created.status).toBe(403);
    expect(created.body.message).toBe(TOKEN_MESSAGES.websiteScoped);

    const seen = await admin.get(`/api/websites/${c.id}`);
    expect(seen.body.name).toBe('Scope Gamma');
    expect((await admin.get(`/api/websites/${a.id}`)).status).toBe(200);
    expect(
      (await client.put(`/api/websites/${a.id}`, websiteInput({ name: 'Scope Alpha 2' }))).status,
    ).toBe(200);
  });
});

describe("a role's token", () => {
  it("acts with the role's permissions, and only a manager makes one", async () => {
    const roles = await roleIdsByName(admin);
    const { client, row } = await tokenOf(admin, { role_id: roles.viewer });
    expect(row).toMatchObject({ role_id: roles.viewer, role_name: 'viewer' });
    expect(row.abilities).toContain('website-list');
    expect(row.abilities).not.toContain('website-create');
    expect((await client.get('/api/websites')).status).toBe(200);
    const refused = await client.post('/api/websites', { name: 'No', domain: 'no.example' });
    expect(refused.status).toBe(403);
  });
});

describe('the tokens list', () => {
  it("shows each person their own; all=1 everyone's, to a holder of token-manage only", async () => {
    const { row: mine } = await tokenOf(editor, { abilities: ['post-list'] });
    const { row: theirs } = await tokenOf(admin, { abilities: ['post-list'] });
    const own = await editor.get('/api/tokens?per_page=100');
    const ownIds = own.body.data.map((row: { id: number }) => row.id);
    expect(ownIds).toContain(mine.id);
    expect(ownIds).not.toContain(theirs.id);
    const refused = await editor.get('/api/tokens?all=1');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TOKEN_MESSAGES.allNotAllowed);
    const all = await admin.get('/api/tokens?all=1&per_page=100');
    const allIds = all.body.data.map((row: { id: number }) => row.id);
    expect(allIds).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.body.total).toBe(all.body.data.length);

    expect((await editor.delete(`/api/tokens/${theirs.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/tokens/${mine.id}`)).status).toBe(200);
    const revoked = await editor.get('/api/tokens?status=revoked&per_page=100');
    expect(revoked.body.data.map((row: { id: number }) => row.id)).toContain(mine.id);
    const active = await editor.get('/api/tokens?status=active&per_page=100');
    expect(active.body.data.map((row: { id: number }) => row.id)).not.toContain(mine.id);
  });

  it('sorts by name both ways', async () => {
    const owner = await server.userWithRoles(['editor'], 'sorts-tokens@example.com');
    for (const name of ['Beta', 'Alpha', 'Gamma']) {
      await owner.post('/api/tokens', {
        name,
        abilities: ['post-list'],
        expires_at: inDays(10),
      });
    }
    const names = async (order: string) =>
      (await owner.get(`/api/tokens?${order}`)).body.data.map((row: { name: string }) => row.name);
    expect(await names('order_key=name&order_dir=asc')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('order_key=name&order_dir=desc')).toEqual(['Gamma', 'Beta', 'Alpha']);
  });
});
