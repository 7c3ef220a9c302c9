import { FIELD_MESSAGES, MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures.ts';

/** Inputs a fuzz once answered with a 500: each must get a 4xx naming what is wrong. */
const server = await serverForFile();
const admin = await server.admin();

const PROTOTYPE_NAMES = [
  'constructor',
  'valueOf',
  'toString',
  'hasOwnProperty',
  'toLocaleString',
  'isPrototypeOf',
  '__proto__',
];

describe('a body field named like a member of every object', () => {
  it.each(PROTOTYPE_NAMES)('%s is an unknown field, anonymously and signed in', async (name) => {
    const raw = `{"email":"a@b.co","password":"x","${name}":1}`;
    const login = await server.client().request('POST', '/login', { rawBody: raw });
    expect(login.status, JSON.stringify(login.body)).toBe(422);
    const message = name === '__proto__' ? MESSAGES.prototypeField : MESSAGES.unknownField(name);
    expect(login.body.errors[name]).toEqual([message]);
    const role = await admin.request('POST', '/api/roles', {
      rawBody: `{"name":"Field ${name}","${name}":1}`,
    });
    expect(role.status, JSON.stringify(role.body)).toBe(422);
    expect(role.body.errors[name]).toEqual([message]);
  });
});

describe('ids beyond the integer columns', () => {
  const tooBig = 2147483648;
  it.each([
    `/api/categories/details/${tooBig}`,
    `/api/categories/details/1&page=${tooBig}`,
    `/api/posts/details/${tooBig}`,
    '/api/posts?category_id=1e12',
    `/api/posts?website_id=${tooBig}`,
    `/api/posts?status=${tooBig}`,
    '/api/categories?website_id=1e12',
    `/api/categories?status=${tooBig}`,
    `/api/users/${tooBig}`,
  ])('GET %s is a 422 or a 404', async (path) => {
    const response = await admin.get(path);
    expect([404, 422], `${response.status} ${JSON.stringify(response.body)}`).toContain(
      response.status,
    );
  });

  it.each([`/api/websites/${tooBig}`, `/api/settings/${tooBig}/edit`, `/api/roles/${tooBig}/edit`])(
    'a path id beyond the column, GET %s, is a 404: no record can have it',
    async (path) => {
      const response = await admin.get(path);
      expect(response.status, JSON.stringify(response.body)).toBe(404);
      expect(response.body.message).toBe(MESSAGES.notFound);
    },
  );

  it('in a post form, the category is refused on create and edit', async () => {
    const body = { title: 'T', description: 'D', category_id: tooBig };
    for (const response of [
      await admin.post('/api/posts', body),
      await admin.put('/api/posts/1', body),
    ]) {
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['category_id']);
    }
  });

  it('in a category form, websites and parents are refused on create and edit', async () => {
    const base = { name: 'N', slug: 'n', description: 'D', keywords: 'k' };
    for (const extra of [{ websites: [tooBig] }, { websites: [1], parents: [tooBig] }]) {
      const body = { ...base, ...extra };
      const created = await admin.post('/api/categories', body);
      expect(created.status, JSON.stringify(created.body)).toBe(422);
      const edited = await admin.put('/api/categories/1', {
        ...body,
        status: 1,
        auto_google_sync: 0,
        is_approved: 0,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(422);
      const field = 'parents' in extra ? 'parents.0' : 'websites.0';
      expect(Object.keys(created.body.errors)).toEqual([field]);
      expect(Object.keys(edited.body.errors)).toEqual([field]);
    }
  });

  it('as the category a deleted one hands its posts to', async () => {
    const response = await admin.delete(`/api/categories/1?move_to=${tooBig}`);
    expect(response.status).toBe(422);
  });
});

describe('the NUL character in a text parameter', () => {
  it.each([
    '/api/categories/details/12?query=%00',
    '/api/categories?query=a%00',
    '/api/users?query=%00',
  ])('GET %s is a 422 on the query', async (path) => {
    const response = await admin.get(path);
    expect(response.status).toBe(422);
    expect(response.body.errors.query).toEqual([FIELD_MESSAGES.nulCharacter]);
  });
});
