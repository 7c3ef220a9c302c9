import {
  APP_NAME_SETTING,
  FIELD_MESSAGES,
  MESSAGES,
  ORDER_MESSAGES,
  SETTING_MESSAGES,
  SETTING_ORDER_KEYS,
  SETTING_VALUE_MESSAGES,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { expectSortsBothWays } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { loadSecretKey } from '../../db/secret-key.ts';
import { settingValues } from '../../db/settings.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { settingsCatalog } from '../../lib/settings-catalog.ts';
import { TARGET_SETTINGS } from '../../pipeline/targets/index.ts';

const SETTINGS_CATALOG = settingsCatalog(TARGET_SETTINGS);
const server = await serverForFile();
const admin = await server.admin();
let settingCount = 0;

async function settingByPath(fullPath: string) {
  const response = await admin.get(`/api/settings?query=${encodeURIComponent(fullPath)}`);
  return response.body.data.find((s: { full_path: string }) => s.full_path === fullPath);
}

/** Creates a text setting under the app prefix and answers it. */
async function createSetting(fields: Record<string, unknown> = {}) {
  settingCount += 1;
  const response = await admin.post('/api/settings', {
    name: `app.extra_${settingCount}`,
    value: 'something',
    type: 'text',
    description: 'A setting made by a test',
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body.setting;
}

describe('GET /api/settings', () => {
  it('answers each setting with its group and main group', async () => {
    const response = await admin.get('/api/settings');
    expect(response.status).toBe(200);
    const appName = response.body.data.find(
      (s: { full_path: string }) => s.full_path === APP_NAME_SETTING,
    );
    expect(appName).toEqual({
      id: expect.any(Number),
      name: 'name',
      full_path: 'app.name',
      value: 'Sitefleet',
      type: 'text',
      description: expect.any(String),
      is_secret: false,
      has_value: true,
      group: { id: expect.any(Number), name: 'Application' },
      maingroup: { id: expect.any(Number), name: 'General' },
    });
  });

  it('searches by path or description', async () => {
    const byPath = await admin.get('/api/settings?query=ai.');
    expect(byPath.body.data.map((s: { full_path: string }) => s.full_path)).toEqual([
      'ai.api_key',
      'ai.base_url',
      'ai.input_price_per_1k',
      'ai.model',
      'ai.output_price_per_1k',
      'ai.price_currency',
    ]);
    const byDescription = await admin.get('/api/settings?query=rows%20per%20page');
    expect(byDescription.body.data.map((s: { full_path: string }) => s.full_path)).toEqual([
      'app.per_page',
    ]);
  });

  it('sorts by full path, group and creation, by full path by default', async () => {
    const groups = (await admin.get('/api/settinggroups/options')).body
      .map((group: { id: number; name: string }) => group)
      .sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name));
    for (const [name, group] of [
      ['sorting.bravo', groups[2]],
      ['sorting.alpha', groups[0]],
      ['sorting.charlie', groups[1]],
    ]) {
      await createSetting({ name, group_id: group.id });
    }
    const path = '/api/settings?query=sorting.';
    const fullPath = (setting: { full_path: string }) => setting.full_path;
    expect((await admin.get(path)).body.data.map(fullPath)).toEqual([
      'sorting.alpha',
      'sorting.bravo',
      'sorting.charlie',
    ]);
    await expectSortsBothWays(admin, path, fullPath, {
      full_path: ['sorting.alpha', 'sorting.bravo', 'sorting.charlie'],
      group: ['sorting.alpha', 'sorting.charlie', 'sorting.bravo'],
      created_at: ['sorting.bravo', 'sorting.alpha', 'sorting.charlie'],
    });
  });

  it('answers 422 for an unknown order key', async () => {
    const response = await admin.get('/api/settings?order_key=value');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      order_key: [ORDER_MESSAGES.keyInvalid(SETTING_ORDER_KEYS)],
    });
  });

  it('never answers the value of a secret', async () => {
    const apiKey = await settingByPath('ai.api_key');
    await admin.put(`/api/settings/${apiKey.id}`, { value: 'sk-very-secret' });
    const list = await admin.get('/api/settings');
    expect(JSON.stringify(list.body)).not.toContain('sk-very-secret');
    const edit = await admin.get(`/api/settings/${apiKey.id}/edit`);
    expect(edit.body).toMatchObject({ value: null, is_secret: true, has_value: true });
    const group = await admin.get(`/api/settinggroups?groupid=${apiKey.group.id}`);
    expect(JSON.stringify(group.body)).not.toContain('sk-very-secret');
    expect(JSON.stringify((await admin.get('/api/settings/fetch')).body)).not.toContain(
      'sk-very-secret',
    );
  });

  it('answers 401 without a session and 403 to an editor', async () => {
    expect((await server.client().get('/api/settings')).status).toBe(401);
    const editor = await server.userWithRoles(['editor']);
    expect((await editor.get('/api/settings')).status).toBe(403);
    expect((await editor.get('/api/settinggroups')).status).toBe(403);
    expect((await editor.get('/api/settinggroups/options')).status).toBe(403);
  });
});

describe('GET /api/settinggroups', () => {
  it("lists one group's settings, paged, with search", async () => {
    const appName = await settingByPath(APP_NAME_SETTING);
    const response = await admin.get(`/api/settinggroups?groupid=${appName.group.id}&per_page=2`);
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(2);
    expect(response.body.next_page_url).toBe('/api/settinggroups?page=2');
    expect(
      response.body.data.every((s: { group: { id: number } }) => s.group.id === appName.group.id),
    ).toBe(true);
    const descending = await admin.get(
      `/api/settinggroups?groupid=${appName.group.id}&order_key=full_path&order_dir=desc`,
    );
    const paths = descending.body.data.map((s: { full_path: string }) => s.full_path);
    expect(paths).toEqual([...paths].sort().reverse());
    const searched = await admin.get(
      `/api/settinggroups?groupid=${appName.group.id}&query=support`,
    );
    expect(searched.body.data.map((s: { full_path: string }) => s.full_path)).toEqual([
      'app.support_email',
    ]);
  });

  it('answers 422 for an unknown or malformed group', async () => {
    for (const groupid of ['99999', 'abc']) {
      const response = await admin.get(`/api/settinggroups?groupid=${groupid}`);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ groupid: [SETTING_MESSAGES.unknownGroup] });
    }
  });

  it('lists the groups for the create form', async () => {
    const response = await admin.get('/api/settinggroups/options');
    expect(response.status).toBe(200);
    const seeded = Object.entries(SETTINGS_CATALOG)
      .flatMap(([main, groups]) => Object.keys(groups).map((name) => ({ name, main })))
      .sort((a, b) => a.main.localeCompare(b.main) || a.name.localeCompare(b.name));
    expect(response.body).toEqual(
      seeded.map(({ name, main }) => ({
        id: expect.any(Number),
        name,
        maingroup: { id: expect.any(Number), name: main },
      })),
    );
  });
});

describe('POST /api/settings', () => {
  it('creates a setting in the group of its prefix', async () => {
    const response = await admin.post('/api/settings', {
      name: 'ai.temperature',
      value: '0.7',
      type: 'number',
      description: 'Sampling temperature',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: SETTING_MESSAGES.created,
      setting: expect.objectContaining({
        name: 'temperature',
        full_path: 'ai.temperature',
        value: '0.7',
        type: 'number',
        group: expect.objectContaining({ name: 'AI Provider' }),
      }),
    });
  });

  it('creates a setting in a chosen group, secret if asked', async () => {
    const [, application] = (await admin.get('/api/settinggroups/options')).body;
    const response = await admin.post('/api/settings', {
      name: 'social.facebook.token',
      value: 'fb-secret-token',
      type: 'text',
      description: null,
      group_id: application.id,
      is_secret: true,
    });
    expect(response.status).toBe(201);
    expect(response.body.setting).toMatchObject({
      name: 'facebook.token',
      value: null,
      has_value: true,
      group: { id: application.id },
    });
    expect(JSON.stringify(response.body)).not.toContain('fb-secret-token');
  });

  it('needs a group when no setting shares the prefix', async () => {
    const response = await admin.post('/api/settings', {
      name: 'mail.host',
      value: '',
      type: 'text',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      group_id: [SETTING_MESSAGES.groupNotDerivable('mail')],
    });
    const unknownGroup = await admin.post('/api/settings', {
      name: 'mail.host',
      type: 'text',
      group_id: 99999,
    });
    expect(unknownGroup.body.errors).toEqual({ group_id: [SETTING_MESSAGES.unknownGroup] });
  });

  it('checks the value against the type', async () => {
    const cases = [
      ['number', 'fifteen'],
      ['boolean', 'maybe'],
      ['url', 'ftp://example.com'],
      ['email', 'not-an-email'],
      ['json', '{"open": '],
    ] as const;
    for (const [type, value] of cases) {
      const response = await admin.post('/api/settings', {
        name: `app.check_${type}`,
        value,
        type,
      });
      expect(response.status, type).toBe(422);
      expect(response.body.errors).toEqual({ value: [SETTING_VALUE_MESSAGES[type]] });
    }
    const fitting = [
      ['number', '-2.5'],
      ['boolean', 'true'],
      ['url', 'https://example.com/path'],
      ['email', 'ops@example.com'],
      ['json', '{"open": true}'],
    ] as const;
    for (const [type, value] of fitting) {
      const response = await admin.post('/api/settings', { name: `app.fits_${type}`, value, type });
      expect(response.status, type).toBe(201);
    }
  });

  it('answers 422 for a bad name, a taken name, an unknown type and unknown fields', async () => {
    const badName = await admin.post('/api/settings', { name: 'NoDots', type: 'text' });
    expect(badName.body.errors).toEqual({ name: [SETTING_MESSAGES.nameFormat] });
    const missing = await admin.post('/api/settings', {});
    expect(missing.body.errors).toEqual({
      name: [SETTING_MESSAGES.nameRequired],
      type: [SETTING_MESSAGES.typeRequired],
    });
    const taken = await admin.post('/api/settings', { name: 'app.name', value: 'x', type: 'text' });
    expect(taken.body.errors).toEqual({ name: [SETTING_MESSAGES.nameTaken] });
    const wrongType = await admin.post('/api/settings', { name: 'app.x', type: 'date', value: 5 });
    expect(wrongType.body.errors).toEqual({
      type: [SETTING_MESSAGES.typeRequired],
      value: [SETTING_MESSAGES.valueNotText],
    });
    const extra = await admin.post('/api/settings', {
      name: 'app.y',
      type: 'text',
      full_path: 'x.y',
    });
    expect(extra.body.errors).toEqual({ full_path: [MESSAGES.unknownField('full_path')] });
  });

  it('answers 403 to a viewer', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const response = await viewer.post('/api/settings', { name: 'app.z', type: 'text' });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/settings/{id}/edit', () => {
  it('answers the setting', async () => {
    const setting = await createSetting();
    const response = await admin.get(`/api/settings/${setting.id}/edit`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(setting);
  });

  it('answers 404 for an unknown setting and 422 for a malformed id', async () => {
    expect((await admin.get('/api/settings/99999/edit')).status).toBe(404);
    expect((await admin.get('/api/settings/abc/edit')).status).toBe(422);
  });
});

describe('PUT /api/settings/{id}', () => {
  it('updates the value and the description, accepting the read-only fields unchanged', async () => {
    const setting = await createSetting();
    const response = await admin.put(`/api/settings/${setting.id}`, {
      name: setting.full_path,
      value: ' new value ',
      type: 'text',
      description: 'Changed',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: SETTING_MESSAGES.updated,
      setting: { ...setting, value: 'new value', description: 'Changed' },
    });
  });

  it('refuses to change the name, the type or the secrecy', async () => {
    const setting = await createSetting();
    const response = await admin.put(`/api/settings/${setting.id}`, {
      name: 'app.renamed',
      value: '12',
      type: 'number',
      is_secret: true,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: [SETTING_MESSAGES.nameReadOnly],
      type: [SETTING_MESSAGES.typeReadOnly],
      is_secret: [SETTING_MESSAGES.secretReadOnly],
    });
    expect((await admin.get(`/api/settings/${setting.id}/edit`)).body.value).toBe('something');
  });

  it('checks the value against the stored type', async () => {
    const perPage = await settingByPath('app.per_page');
    const response = await admin.put(`/api/settings/${perPage.id}`, { value: 'twenty' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ value: [SETTING_VALUE_MESSAGES.number] });
    const cleared = await admin.put(`/api/settings/${perPage.id}`, { value: '' });
    expect(cleared.body.setting).toMatchObject({ value: null, has_value: false });
  });

  it('never empties the application name, nor lets it pass 60 characters', async () => {
    const appName = await settingByPath(APP_NAME_SETTING);
    for (const value of ['', '   ', null]) {
      const response = await admin.put(`/api/settings/${appName.id}`, { value });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ value: [SETTING_MESSAGES.appNameEmpty] });
    }
    // The sidebar and the browser's tab show it: 60 characters at most.
    const long = await admin.put(`/api/settings/${appName.id}`, { value: 'N'.repeat(61) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ value: [FIELD_MESSAGES.tooLong(60)] });
    const renamed = await admin.put(`/api/settings/${appName.id}`, { value: 'Fleet HQ' });
    expect(renamed.status).toBe(200);
    expect((await admin.get('/api/settings/fetch')).body[APP_NAME_SETTING]).toBe('Fleet HQ');
  });

  it('keeps a secret when its value is left empty, and replaces it when one is given', async () => {
    const secret = await createSetting({ value: 'first-secret', is_secret: true });
    const kept = await admin.put(`/api/settings/${secret.id}`, { value: '', description: 'Token' });
    expect(kept.status).toBe(200);
    expect(kept.body.setting).toMatchObject({ value: null, has_value: true, description: 'Token' });
    const box = createSecretBox(await loadSecretKey(server.database.db, loadConfig({})));
    const stored = async () =>
      (await server.database.db.query.settings.findFirst({
        where: (settings, { eq }) => eq(settings.id, secret.id),
      }))!.value!;
    // Stored encrypted: the plain value is not in the row, and the key opens it.
    expect(await stored()).not.toContain('first-secret');
    expect(box.open(await stored())).toBe('first-secret');
    await admin.put(`/api/settings/${secret.id}`, { value: 'second-secret' });
    expect(box.open(await stored())).toBe('second-secret');
    expect((await settingValues(server.database.db, box, secret.full_path))[secret.full_path]).toBe(
      'second-secret',
    );
  });

  it('answers 404 for an unknown setting and 403 to a viewer', async () => {
    expect((await admin.put('/api/settings/99999', { value: 'x' })).status).toBe(404);
    const setting = await createSetting();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.put(`/api/settings/${setting.id}`, { value: 'x' })).status).toBe(403);
  });
});

describe('DELETE /api/settings/{id} and DELETE /api/settings', () => {
  it('deletes a setting', async () => {
    const setting = await createSetting();
    const response = await admin.delete(`/api/settings/${setting.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: SETTING_MESSAGES.deleted });
    expect((await admin.get(`/api/settings/${setting.id}/edit`)).status).toBe(404);
  });

  it('deletes several settings, or none when one id is unknown', async () => {
    const first = await createSetting();
    const second = await createSetting();
    const refused = await admin.delete('/api/settings', { ids: [first.id, 99999] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ ids: [unknownIdsMessage([99999])] });
    expect((await admin.get(`/api/settings/${first.id}/edit`)).status).toBe(200);
    const response = await admin.delete('/api/settings', { ids: [first.id, second.id] });
    expect(response.body).toEqual({ message: SETTING_MESSAGES.bulkDeleted(2) });
  });

  it('never deletes the application name', async () => {
    const appName = await settingByPath(APP_NAME_SETTING);
    const single = await admin.delete(`/api/settings/${appName.id}`);
    expect(single.status).toBe(422);
    expect(single.body.errors).toEqual({ id: [SETTING_MESSAGES.appNameUndeletable] });
    const other = await createSetting();
    const bulk = await admin.delete('/api/settings', { ids: [other.id, appName.id] });
    expect(bulk.body.errors).toEqual({ ids: [SETTING_MESSAGES.appNameUndeletable] });
    expect((await admin.get(`/api/settings/${other.id}/edit`)).status).toBe(200);
  });

  it('answers 404 for an unknown setting and 403 to a viewer', async () => {
    expect((await admin.delete('/api/settings/99999')).status).toBe(404);
    const setting = await createSetting();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.delete(`/api/settings/${setting.id}`)).status).toBe(403);
    expect((await viewer.delete('/api/settings', { ids: [setting.id] })).status).toBe(403);
  });
});

describe('the outbound ranges the deployment allows', () => {
  it('answers OUTBOUND_ALLOWED_RANGES as its parts, for the forms that warn of internal URLs', async () => {
    // The test server allows its receivers' loopback address.
    const answer = await admin.get('/api/settings/outbound-ranges');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ ranges: ['127.0.0.1'] });
  });
});
