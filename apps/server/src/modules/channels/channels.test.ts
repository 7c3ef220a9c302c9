import { randomBytes } from 'node:crypto';
import {
  AUDIT_REDACTED,
  CHANNEL_MESSAGES,
  type Channel,
  channelSchema,
  MESSAGES,
  TRASH_MESSAGES,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  created,
  createWebsite,
  inDays,
  roleWithPermissions,
  serverForFile,
} from '../../../test/fixtures.ts';
import { expectSortsBothWays } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
const { db } = server.database;
const alpha = await createWebsite(admin, { name: 'Alpha channel site' });
const beta = await createWebsite(admin, { name: 'Beta channel site' });

let made = 0;
/** A channel's form: an account, a name and a token of its own. */
function channelInput(overrides: Record<string, unknown> = {}) {
  made += 1;
  return {
    network: 'facebook',
    name: `Page ${made}`,
    external_id: `account-${made}`,
    access_token: `access-${made}-${randomBytes(12).toString('hex')}`,
    ...overrides,
  };
}
const createChannel = (overrides: Record<string, unknown> = {}) =>
  created<Channel>(admin, '/api/channels', channelInput(overrides));
const channelAt = async (id: number) => (await admin.get(`/api/channels/${id}`)).body as Channel;
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const listed = async (query: string) => {
  const response = await admin.get(`/api/channels?per_page=100&${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return ids(response.body.data);
};

describe('a channel', () => {
  it('is made, read, changed in the fields sent only, and trashed and restored with its websites', async () => {
    const tokenEnds = inDays(1);
    const refreshEnds = inDays(60);
    const channel = await createChannel({
      name: 'Daily Recipes Page',
      external_id: '1029384756',
      refresh_token: 'refresh-of-recipes',
      token_expires_at: tokenEnds,
      refresh_expires_at: refreshEnds,
      website_ids: [beta.id, alpha.id, beta.id],
    });
    expect(channel).toEqual({
      id: expect.any(Number),
      network: 'facebook',
      name: 'Daily Recipes Page',
      external_id: '1029384756',
      status: 'connected',
      websites: [
        { id: alpha.id, name: alpha.name },
        { id: beta.id, name: beta.name },
      ],
      is_default: false,
      app_id: null,
      token_expires_at: tokenEnds,
      refresh_expires_at: refreshEnds,
      last_refreshed_at: null,
      last_published_at: null,
      last_error: null,
      created_at: expect.any(String),
    });
    expect(Object.keys(channel).sort()).toEqual(Object.keys(channelSchema.shape).sort());
    expect(await channelAt(channel.id)).toEqual(channel);

    const renamed = await admin.put(`/api/channels/${channel.id}`, { name: 'Recipes Page' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toEqual({ ...channel, name: 'Recipes Page' });
    const relinked = await admin.put(`/api/channels/${channel.id}`, {
      website_ids: [alpha.id],
      token_expires_at: null,
    });
    const changed = { ...channel, name: 'Recipes Page', token_expires_at: null };
    expect(relinked.body).toEqual({ ...changed, websites: [{ id: alpha.id, name: alpha.name }] });

    const deleted = await admin.delete(`/api/channels/${channel.id}`);
    expect(deleted.body).toEqual({ message: CHANNEL_MESSAGES.deleted });
    const gone = await admin.get(`/api/channels/${channel.id}`);
    expect([gone.status, gone.body.message]).toEqual([404, CHANNEL_MESSAGES.notFound]);
    expect(await listed(`website_id=${alpha.id}`)).not.toContain(channel.id);
    const trash = await admin.get('/api/trash?type=channels');
    expect(trash.body.data).toContainEqual(
      expect.objectContaining({
        id: channel.id,
        name: 'Recipes Page',
        detail: 'facebook 1029384756',
      }),
    );
    const restored = await admin.post(`/api/trash/channels/${channel.id}/restore`);
    expect(restored.body).toMatchObject({ message: TRASH_MESSAGES.restored(1) });
    expect(await channelAt(channel.id)).toEqual({
      ...changed,
      websites: [{ id: alpha.id, name: alpha.name }],
    });
  });

  it('never shows its tokens: not in an answer, the audit log, its export or the trash', async () => {
    const secret = randomBytes(12).toString('hex');
    const [access, refresh, renewed] = ['access', 'refresh', 'renewed'].map(
      (t) => `${t}-${secret}`,
    );
    const channel = await createChannel({ access_token: access, refresh_token: refresh });
    const update = await admin.put(`/api/channels/${channel.id}`, { access_token: renewed });
    const answers = [JSON.stringify(channel), JSON.stringify(update.body)];
    for (const path of [
      `/api/channels/${channel.id}`,
      '/api/channels?per_page=100',
      '/api/audit-log?subject_type=channel&per_page=100',
      '/api/audit-log/export?subject_type=channel',
    ]) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(200);
      answers.push(
        typeof response.body === 'string' ? response.body : JSON.stringify(response.body),
      );
    }
    await admin.delete(`/api/channels/${channel.id}`);
    answers.push(JSON.stringify((await admin.get('/api/trash?type=channels')).body));
    expect(answers.filter((answer) => answer.includes(secret))).toEqual([]);
    // Kept sealed, in the trash too.
    const [stored] = await queryRows<{ access_token: string }>(
      db,
      sql`SELECT data->'record'->>'access_token' AS access_token
          FROM trash WHERE type = 'channels' AND id = ${channel.id}`,
    );
    expect(stored!.access_token).not.toContain(secret);
    expect(server.context.secrets.open(stored!.access_token)).toBe(renewed);
    const audit = await admin.get(`/api/audit-log?subject_type=channel&per_page=100`);
    const entries = audit.body.data.filter(
      (entry: { subject_id: number }) => entry.subject_id === channel.id,
    );
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'deleted',
      'updated',
      'created',
    ]);
    expect(entries[1].changes).toEqual({ access_token: [AUDIT_REDACTED, AUDIT_REDACTED] });
  });

  it('refuses unknown websites, an unknown app or one of another network, a taken account, a bad network and bad dates', async () => {
    const linkedinApp = await created<{ id: number }>(admin, '/api/social-apps', {
      network: 'linkedin',
      name: 'LinkedIn app',
      client_id: 'li-client',
    });
    const refusal = async (
      body: Record<string, unknown>,
      method = 'POST',
      path = '/api/channels',
    ) => {
      const response = await admin.request(method, path, { body });
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      return response.body.errors;
    };
    expect(
      await refusal(channelInput({ website_ids: [alpha.id, 999_998, 999_999], app_id: 999_999 })),
    ).toEqual({
      website_ids: [CHANNEL_MESSAGES.websitesUnknown([999_998, 999_999])],
      app_id: [CHANNEL_MESSAGES.appUnknown],
    });
    expect(await refusal(channelInput({ app_id: linkedinApp.id }))).toEqual({
      app_id: [CHANNEL_MESSAGES.appOtherNetwork],
    });
    const taken = await createChannel({ network: 'twitter', external_id: 'x-4242' });
    expect(await refusal(channelInput({ network: 'twitter', external_id: 'x-4242' }))).toEqual({
      external_id: [CHANNEL_MESSAGES.externalIdTaken],
    });
    // The same account on another network is another channel.
    await createChannel({ network: 'linkedin', external_id: 'x-4242', app_id: linkedinApp.id });
    expect(
      await refusal(
        channelInput({ network: 'mastodon', token_expires_at: 'next week', refresh_token: '' }),
      ),
    ).toEqual({
      network: [CHANNEL_MESSAGES.networkInvalid],
      token_expires_at: [CHANNEL_MESSAGES.dateInvalid],
      refresh_token: [CHANNEL_MESSAGES.refreshTokenEmpty],
    });
    const path = `/api/channels/${taken.id}`;
    expect(
      await refusal({ app_id: linkedinApp.id, status: 'needs_reconnect' }, 'PUT', path),
    ).toEqual({
      status: [CHANNEL_MESSAGES.statusInvalid],
    });
    expect(await refusal({ app_id: linkedinApp.id, website_ids: [999_999] }, 'PUT', path)).toEqual({
      app_id: [CHANNEL_MESSAGES.appOtherNetwork],
      website_ids: [CHANNEL_MESSAGES.websitesUnknown([999_999])],
    });
    expect(await refusal({ refresh_expires_at: '2026-13-01T00:00:00Z' }, 'PUT', path)).toEqual({
      refresh_expires_at: [CHANNEL_MESSAGES.dateInvalid],
    });
    const missing = await admin.put('/api/channels/999999', { name: 'Nobody' });
    expect([missing.status, missing.body.message]).toEqual([404, CHANNEL_MESSAGES.notFound]);
    // Restored while another channel holds its account: refused on that field, and kept.
    await admin.delete(path);
    await createChannel({ network: 'twitter', external_id: 'x-4242' });
    const restore = await admin.post(`/api/trash/channels/${taken.id}/restore`);
    expect([restore.status, restore.body.errors]).toEqual([
      422,
      { external_id: [CHANNEL_MESSAGES.externalIdTaken] },
    ]);
  });

  it('is the one default of its network: making one the default unsets the previous, even racing', async () => {
    const first = await createChannel({ network: 'tiktok', is_default: true });
    const second = await createChannel({ network: 'tiktok', is_default: true });
    const other = await createChannel({ network: 'linkedin', is_default: true });
    const defaults = async (network: string) =>
      ((await admin.get(`/api/channels?per_page=100&network=${network}`)).body.data as Channel[])
        .filter((row) => row.is_default)
        .map((row) => row.id);
    expect((await channelAt(first.id)).is_default).toBe(false);
    expect(await defaults('tiktok')).toEqual([second.id]);
    expect(await defaults('linkedin')).toEqual([other.id]);
    const racers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => createChannel({ network: 'tiktok' })),
    );
    const answers = await Promise.all(
      [first, ...racers].map((channel) =>
        admin.put(`/api/channels/${channel.id}`, { is_default: true }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const [winner, ...others] = await defaults('tiktok');
    expect(others).toEqual([]);
    expect(await defaults('linkedin')).toEqual([other.id]);
    // A change that leaves is_default out keeps it.
    await admin.put(`/api/channels/${winner}`, { name: 'Still the default' });
    expect((await channelAt(winner!)).is_default).toBe(true);
  });
});

describe('the channels list', () => {
  it('filters by network, status, website and the access that needs a person within N days', async () => {
    const tag = `filtered-${randomBytes(4).toString('hex')}`;
    const make = (name: string, fields: Record<string, unknown>) =>
      createChannel({ name: `${tag} ${name}`, ...fields });
    const refresh = { refresh_token: 'a-refresh-token' };
    const refreshEnds = await make('refresh ends in 3 days', {
      ...refresh,
      refresh_expires_at: inDays(3),
      website_ids: [alpha.id],
    });
    const tokenEnds = await make('token ends in 3 days, no refresh', {
      network: 'tiktok',
      token_expires_at: inDays(3),
    });
    const ended = await make('refresh ended', {
      ...refresh,
      refresh_expires_at: inDays(-1),
      website_ids: [beta.id],
    });
    const renewable = await make('token ends, refresh later', {
      ...refresh,
      token_expires_at: inDays(1),
      refresh_expires_at: inDays(30),
      website_ids: [alpha.id, beta.id],
    });
    const later = await make('token ends in 30 days', {
      network: 'tiktok',
      token_expires_at: inDays(30),
    });
    const forever = await make('never ends', { network: 'linkedin', ...refresh });
    await admin.put(`/api/channels/${forever.id}`, { status: 'disabled' });
    const all = [refreshEnds, tokenEnds, ended, renewable, later, forever].map((row) => row.id);
    const of = async (filter: string) =>
      listed(`query=${tag}&order_key=created_at&order_dir=asc&${filter}`);
    expect(await of('')).toEqual(all);
    expect(await of('expiring_within_days=7')).toEqual([refreshEnds.id, tokenEnds.id, ended.id]);
    expect(await of('expiring_within_days=0')).toEqual([ended.id]);
    expect(await of('expiring_within_days=60')).toEqual([
      refreshEnds.id,
      tokenEnds.id,
      ended.id,
      renewable.id,
      later.id,
    ]);
    expect(await of('network=tiktok')).toEqual([tokenEnds.id, later.id]);
    expect(await of('status=disabled')).toEqual([forever.id]);
    expect(await of('status=connected&network=facebook')).toEqual([
      refreshEnds.id,
      ended.id,
      renewable.id,
    ]);
    expect(await of(`website_id=${alpha.id}`)).toEqual([refreshEnds.id, renewable.id]);
    expect(await of(`website_id=${beta.id}&expiring_within_days=7`)).toEqual([ended.id]);
    for (const bad of [
      'network=myspace',
      'status=asleep',
      'website_id=x',
      'expiring_within_days=-1',
    ]) {
      expect((await admin.get(`/api/channels?${bad}`)).status, bad).toBe(422);
    }
  });

  it('searches names and account ids, and sorts by each order key both ways', async () => {
    const tag = `sorted-${randomBytes(4).toString('hex')}`;
    const rows = [
      await createChannel({
        name: `${tag} Bravo`,
        network: 'twitter',
        token_expires_at: inDays(5),
      }),
      await createChannel({ name: `${tag} Alpha`, network: 'linkedin' }),
      await createChannel({
        name: `${tag} Charlie`,
        network: 'facebook',
        token_expires_at: inDays(2),
      }),
    ];
    const organization = `urn:li:organization:${randomBytes(4).toString('hex')}`;
    const account = await createChannel({ external_id: organization });
    expect(await listed(`query=${organization.slice(7)}`)).toEqual([account.id]);
    const name = (row: Channel) => row.name.replace(`${tag} `, '');
    await expectSortsBothWays(admin, `/api/channels?query=${tag}`, name, {
      name: ['Alpha', 'Bravo', 'Charlie'],
      network: ['Charlie', 'Alpha', 'Bravo'],
      created_at: rows.map(name),
      // A token that does not end sorts after those that do.
      token_expires_at: ['Charlie', 'Bravo', 'Alpha'],
    });
  });

  it('is read with channel-list, and changed with channel-manage only', async () => {
    await roleWithPermissions(db, 'Channel reader', ['channel-list']);
    const reader = await server.userWithRoles(['Channel reader']);
    const channel = await createChannel();
    expect((await reader.get('/api/channels')).status).toBe(200);
    expect((await reader.get(`/api/channels/${channel.id}`)).status).toBe(200);
    expect((await reader.get('/api/social-apps')).status).toBe(200);
    for (const [method, path] of [
      ['PUT', `/api/channels/${channel.id}`],
      ['DELETE', `/api/channels/${channel.id}`],
      ['POST', `/api/channels/${channel.id}/test`],
      ['POST', '/api/social-apps'],
    ] as const) {
      const response = await reader.request(method, path, { body: {} });
      expect([method, path, response.status, response.body.message]).toEqual([
        method,
        path,
        403,
        MESSAGES.forbidden,
      ]);
    }
  });
});
