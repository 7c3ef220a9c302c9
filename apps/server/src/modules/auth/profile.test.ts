import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  MESSAGES,
  PROFILE_MESSAGES,
  USER_MESSAGES,
} from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { ADMIN, type ApiClient, TEST_PASSWORD } from '../../../test/harness.ts';
import { MAX_LOGIN_FAILURES } from './throttle.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG of the given size: the image, then bytes after its end, which viewers ignore. */
const pngOfSize = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 7)]);

const server = await serverForFile();
let userCount = 0;

/** A new viewer — the role with the fewest abilities — signed in, with their e-mail. */
async function viewer() {
  userCount += 1;
  const email = `profile${userCount}@example.com`;
  return { client: await server.userWithRoles(['viewer'], email), email };
}

interface UploadAnswer {
  message: string;
  errors?: Record<string, string[]>;
  user: { avatar: string };
}

async function upload(
  client: ApiClient,
  bytes: Buffer,
  options: { filename?: string; field?: string; type?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? AVATAR_FIELD,
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.filename ?? 'avatar.png',
  );
  const response = await fetch(`${server.url}/api/upload-profile-image`, {
    method: 'POST',
    body: form,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie: client.cookie ?? '' },
  });
  const body = (await response.json()) as UploadAnswer;
  return { status: response.status, body };
}

async function download(client: ApiClient, path: string) {
  const response = await fetch(server.url + path, { headers: { cookie: client.cookie ?? '' } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('PUT /api/profile', () => {
  it("updates the caller's name and e-mail, ignoring the role the form sends", async () => {
    const { client } = await viewer();
    const response = await client.put('/api/profile', {
      name: 'New Name',
      email: 'New.Address@Example.com',
      role: 'super admin',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: PROFILE_MESSAGES.updated,
      user: expect.objectContaining({
        name: 'New Name',
        email: 'new.address@example.com',
        roles: [{ name: 'viewer' }],
      }),
    });
    expect((await client.get('/api/abilities')).body).not.toContain('manage-all');
  });

  it('answers 422 per field', async () => {
    const { client } = await viewer();
    const invalid = await client.put('/api/profile', { name: '', email: 'nope' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: [USER_MESSAGES.nameRequired],
      email: [USER_MESSAGES.emailInvalid],
    });
    const taken = await client.put('/api/profile', { name: 'X', email: ADMIN.email });
    expect(taken.body.errors).toEqual({ email: [USER_MESSAGES.emailTaken] });
    const extra = await client.put('/api/profile', { name: 'X', email: 'x@example.com', id: 1 });
    expect(extra.body.errors).toEqual({ id: [MESSAGES.unknownField('id')] });
  });

  it('answers 401 without a session', async () => {
    const response = await server
      .client()
      .put('/api/profile', { name: 'X', email: 'x@example.com' });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/upload-profile-image and GET /api/avatars/{userId}', () => {
  it('stores a PNG and serves it back byte for byte, with its type and safe headers', async () => {
    const { client } = await viewer();
    const response = await upload(client, PNG, { type: 'application/octet-stream' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(PROFILE_MESSAGES.imageUploaded);
    const avatar = response.body.user.avatar as string;
    expect(avatar).toMatch(/^\/api\/avatars\/\d+\?v=\d+$/);
    expect((await client.get('/api/profile')).body.avatar).toBe(avatar);
    const { response: served, bytes } = await download(client, avatar);
    expect(served.status).toBe(200);
    expect(bytes.equals(PNG)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const unversioned = await download(client, avatar.split('?')[0]!);
    expect(unversioned.response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('gives a new address to each upload, so the sidebar shows the new image at once', async () => {
    const { client } = await viewer();
    const first = await upload(client, PNG);
    // The address carries the upload's time in milliseconds: the next upload comes after it.
    const firstVersion = Number(
      new URL(first.body.user.avatar, 'http://host').searchParams.get('v'),
    );
    while (Date.now() <= firstVersion) await Promise.resolve();
    const second = await upload(client, pngOfSize(PNG.length + 10));
    expect(second.body.user.avatar).not.toBe(first.body.user.avatar);
    const { bytes } = await download(client, second.body.user.avatar);
    expect(bytes.length).toBe(PNG.length + 10);
  });

  it('accepts an image up to 2 MB, beyond the 1 MB limit of JSON bodies', async () => {
    const { client } = await viewer();
    const response = await upload(client, pngOfSize(AVATAR_MAX_BYTES));
    expect(response.status).toBe(200);
  });

  it('refuses an image over 2 MB', async () => {
    const { client } = await viewer();
    const response = await upload(client, pngOfSize(AVATAR_MAX_BYTES + 1));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ profile_picture: [PROFILE_MESSAGES.imageTooLarge] });
    expect((await client.get('/api/profile')).body.avatar).toBeNull();
  });

  it('judges by the bytes: text named .png and SVG are refused', async () => {
    const { client } = await viewer();
    const text = await upload(client, Buffer.from('just some text, honestly'), {
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ profile_picture: [PROFILE_MESSAGES.imageType] });
    const svg = await upload(
      client,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      { filename: 'logo.svg', type: 'image/svg+xml' },
    );
    expect(svg.status).toBe(422);
    expect(svg.body.errors).toEqual({ profile_picture: [PROFILE_MESSAGES.imageType] });
  });

  it('decodes the image: a file that only starts like one, or is cut short, is refused', async () => {
    const { client } = await viewer();
    for (const [bytes, filename] of [
      [Buffer.from('GIF89a and then only text'), 'photo.gif'],
      [Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0])]), 'cut.gif'],
      [PNG.subarray(0, 40), 'cut.png'],
    ] as const) {
      const refused = await upload(client, bytes, { filename });
      expect(refused.status, filename).toBe(422);
      expect(refused.body.errors, filename).toEqual({
        profile_picture: [PROFILE_MESSAGES.imageUndecodable],
      });
    }
    expect((await client.get('/api/profile')).body.avatar).toBeNull();
  });

  it('asks for an image when none comes in profile_picture', async () => {
    const { client } = await viewer();
    const wrongField = await upload(client, PNG, { field: 'picture' });
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors).toEqual({ profile_picture: [PROFILE_MESSAGES.imageRequired] });
    const json = await client.post('/api/upload-profile-image', { profile_picture: 'x' });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ profile_picture: [PROFILE_MESSAGES.imageRequired] });
  });

  it('answers a truncated or malformed form with a 422, not a 500', async () => {
    const { client } = await viewer();
    const post = (body: string, contentType: string) =>
      fetch(`${server.url}/api/upload-profile-image`, {
        method: 'POST',
        body,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          cookie: client.cookie ?? '',
          'content-type': contentType,
        },
      });
    const truncated = await post(
      '--XYZ\r\nContent-Disposition: form-data; name="profile_picture"; filename="a.png"\r\n\r\n\x89PNG',
      'multipart/form-data; boundary=XYZ',
    );
    expect(truncated.status).toBe(422);
    expect(await truncated.json()).toMatchObject({
      errors: { profile_picture: [PROFILE_MESSAGES.uploadUnreadable] },
    });
    const noBoundary = await post('abc', 'multipart/form-data');
    expect(noBoundary.status).toBe(422);
  });

  it('answers 401 without a session, 404 without an avatar, 422 for a malformed id', async () => {
    expect((await upload(server.client(), PNG)).status).toBe(401);
    const { client } = await viewer();
    const me = (await client.get('/api/profile')).body;
    expect((await client.get(`/api/avatars/${me.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/avatars/${me.id}`)).status).toBe(401);
    expect((await client.get('/api/avatars/abc')).status).toBe(422);
  });
});

describe('POST /api/change-user-password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const { client, email } = await viewer();
    const other = server.client();
    await other.login(email, TEST_PASSWORD);
    const response = await client.post('/api/change-user-password', {
      currentPassword: TEST_PASSWORD,
      password: 'a-better-password',
      passwordConfirmation: 'a-better-password',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: PROFILE_MESSAGES.passwordChanged });
    expect((await client.get('/api/profile')).status).toBe(200);
    expect((await other.get('/api/profile')).status).toBe(401);
    const oldPassword = await server.client().post('/login', { email, password: TEST_PASSWORD });
    expect(oldPassword.status).toBe(422);
    await server.client().login(email, 'a-better-password');
  });

  it('refuses a wrong current password and keeps every session', async () => {
    const { client, email } = await viewer();
    const other = server.client();
    await other.login(email, TEST_PASSWORD);
    const response = await client.post('/api/change-user-password', {
      currentPassword: 'not-my-password',
      password: 'a-better-password',
      passwordConfirmation: 'a-better-password',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      currentPassword: [PROFILE_MESSAGES.currentPasswordWrong],
    });
    expect((await other.get('/api/profile')).status).toBe(200);
  });

  it('throttles guesses of the current password', async () => {
    const { client } = await viewer();
    const guess = (currentPassword: string) =>
      client.post('/api/change-user-password', {
        currentPassword,
        password: 'a-better-password',
        passwordConfirmation: 'a-better-password',
      });
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++)
      expect((await guess(`guess-${i}`)).status).toBe(422);
    const blocked = await guess(TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 422 per field for a short password, a different confirmation, or nothing', async () => {
    const { client } = await viewer();
    const short = await client.post('/api/change-user-password', {
      currentPassword: TEST_PASSWORD,
      password: 'short',
      passwordConfirmation: 'short',
    });
    expect(short.body.errors).toEqual({ password: [USER_MESSAGES.passwordTooShort] });
    const mismatch = await client.post('/api/change-user-password', {
      currentPassword: TEST_PASSWORD,
      password: 'a-better-password',
      passwordConfirmation: 'another-password',
    });
    expect(mismatch.body.errors).toEqual({
      passwordConfirmation: [PROFILE_MESSAGES.confirmationMismatch],
    });
    const empty = await client.post('/api/change-user-password', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      currentPassword: [PROFILE_MESSAGES.currentPasswordRequired],
      password: [USER_MESSAGES.passwordRequired],
      passwordConfirmation: [PROFILE_MESSAGES.confirmationRequired],
    });
  });

  it('answers 401 without a session', async () => {
    const response = await server.client().post('/api/change-user-password', {
      currentPassword: TEST_PASSWORD,
      password: 'a-better-password',
      passwordConfirmation: 'a-better-password',
    });
    expect(response.status).toBe(401);
  });
});
