import { randomBytes } from 'node:crypto';
import {
  AUDIT_REDACTED,
  type Channel,
  SOCIAL_APP_MESSAGES,
  type SocialApp,
  socialAppSchema,
} from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { created, serverForFile } from '../../../test/fixtures.ts';
import { expectSortsBothWays } from '../../../test/harness.ts';

const server = await serverForFile();
const admin = await server.admin();

let made = 0;
const createApp = (overrides: Record<string, unknown> = {}) => {
  made += 1;
  return created<SocialApp>(admin, '/api/social-apps', {
    network: 'twitter',
    name: `App ${made}`,
    client_id: `client-${made}`,
    ...overrides,
  });
};
const appAt = async (id: number) => (await admin.get(`/api/social-apps/${id}`)).body as SocialApp;

describe('a social app', () => {
  it('keeps its client secret written only, and changes only the fields sent', async () => {
    const secret = `secret-${randomBytes(12).toString('hex')}`;
    const app = await createApp({
      name: 'Fleet X app',
      client_secret: secret,
      is_default: true,
      token_url: 'https://proxy.example.com/2/oauth2/token',
      api_base_url: '',
    });
    expect(app).toEqual({
      id: expect.any(Number),
      network: 'twitter',
      name: 'Fleet X app',
      client_id: `client-${made}`,
      has_client_secret: true,
      is_default: true,
      auth_url: null,
      token_url: 'https://proxy.example.com/2/oauth2/token',
      api_base_url: null,
      created_at: expect.any(String),
    });
    expect(Object.keys(app).sort()).toEqual(Object.keys(socialAppSchema.shape).sort());
    const renamed = await admin.put(`/api/social-apps/${app.id}`, { name: 'Fleet X' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // Left out, the secret, the default and the addresses stay.
    expect(renamed.body).toEqual({ ...app, name: 'Fleet X' });
    const renewed = `renewed-${secret}`;
    await admin.put(`/api/social-apps/${app.id}`, { client_secret: renewed, auth_url: null });
    expect(await appAt(app.id)).toEqual({ ...app, name: 'Fleet X' });
    const cleared = await admin.put(`/api/social-apps/${app.id}`, { client_secret: null });
    expect(cleared.body.has_client_secret).toBe(false);

    const answers = [JSON.stringify(app), JSON.stringify(renamed.body)];
    for (const path of [
      '/api/social-apps?per_page=100',
      '/api/audit-log?subject_type=social_app&per_page=100',
      '/api/audit-log/export?subject_type=social_app',
    ]) {
      const response = await admin.get(path);
      answers.push(
        typeof response.body === 'string' ? response.body : JSON.stringify(response.body),
      );
    }
    expect(answers.filter((answer) => answer.includes(secret))).toEqual([]);
    const audit = await admin.get('/api/audit-log?subject_type=social_app&per_page=100');
    const changes = audit.body.data
      .filter((entry: { subject_id: number }) => entry.subject_id === app.id)
      .map((entry: { changes: object }) => entry.changes);
    expect(changes).toEqual([
      { client_secret: [AUDIT_REDACTED, AUDIT_REDACTED] },
      { client_secret: [AUDIT_REDACTED, AUDIT_REDACTED] },
      { name: ['Fleet X app', 'Fleet X'] },
      expect.objectContaining({ client_secret: [AUDIT_REDACTED, AUDIT_REDACTED] }),
    ]);
  });

  it('is the one default of its network, and its delete leaves its channels on the default app', async () => {
    const first = await createApp({ network: 'tiktok', is_default: true });
    const second = await createApp({ network: 'tiktok' });
    const linkedin = await createApp({ network: 'linkedin', is_default: true });
    await admin.put(`/api/social-apps/${second.id}`, { is_default: true });
    expect([(await appAt(first.id)).is_default, (await appAt(second.id)).is_default]).toEqual([
      false,
      true,
    ]);
    expect((await appAt(linkedin.id)).is_default).toBe(true);

    const channel = await created<Channel>(admin, '/api/channels', {
      network: 'tiktok',
      name: 'On the first app',
      external_id: 'tt-open-1',
      access_token: 'tt-token',
      app_id: first.id,
    });
    expect(channel.app_id).toBe(first.id);
    const deleted = await admin.delete(`/api/social-apps/${first.id}`);
    expect(deleted.body).toEqual({ message: SOCIAL_APP_MESSAGES.deleted });
    expect((await admin.get(`/api/social-apps/${first.id}`)).body.message).toBe(
      SOCIAL_APP_MESSAGES.notFound,
    );
    expect((await admin.get(`/api/channels/${channel.id}`)).body.app_id).toBeNull();
    // For good: the trash has no social apps.
    expect((await admin.get('/api/trash?type=social-apps')).status).toBe(422);
  });

  it('refuses a missing name or client id, an empty secret, a bad address, and a change of network', async () => {
    const refusal = async (method: string, path: string, body: Record<string, unknown>) => {
      const response = await admin.request(method, path, { body });
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      return response.body.errors;
    };
    expect(
      await refusal('POST', '/api/social-apps', {
        network: 'facebook',
        name: ' ',
        client_id: '',
        client_secret: '',
        auth_url: 'ftp://example.com/oauth',
      }),
    ).toEqual({
      name: [SOCIAL_APP_MESSAGES.nameRequired],
      client_id: [SOCIAL_APP_MESSAGES.clientIdRequired],
      client_secret: [SOCIAL_APP_MESSAGES.clientSecretEmpty],
      auth_url: [SOCIAL_APP_MESSAGES.urlInvalid],
    });
    const app = await createApp();
    expect(
      await refusal('PUT', `/api/social-apps/${app.id}`, { network: 'facebook' }),
    ).toHaveProperty('network');
    expect((await admin.put('/api/social-apps/999999', { name: 'Nobody' })).status).toBe(404);
  });

  it('is listed by network, searched by name and sorted by each order key both ways', async () => {
    const tag = `apps-${randomBytes(4).toString('hex')}`;
    const apps = [
      await createApp({ name: `${tag} Bravo`, network: 'youtube' }),
      await createApp({ name: `${tag} Alpha`, network: 'linkedin' }),
      await createApp({ name: `${tag} Charlie`, network: 'facebook' }),
    ];
    const listed = await admin.get(`/api/social-apps?query=${tag}&network=linkedin`);
    expect(listed.body.data.map((row: SocialApp) => row.id)).toEqual([apps[1]!.id]);
    const name = (row: SocialApp) => row.name.replace(`${tag} `, '');
    await expectSortsBothWays(admin, `/api/social-apps?query=${tag}`, name, {
      name: ['Alpha', 'Bravo', 'Charlie'],
      network: ['Charlie', 'Alpha', 'Bravo'],
      created_at: apps.map(name),
    });
    expect((await admin.get('/api/social-apps?network=myspace')).status).toBe(422);
  });
});
