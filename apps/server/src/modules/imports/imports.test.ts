import { randomBytes } from 'node:crypto';
import {
  CATEGORY_MESSAGES,
  CSV_PROBLEMS,
  IMPORT_MESSAGES,
  type ImportState,
  POST_MESSAGES,
  WEBSITE_MESSAGES,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/csv.ts';
import {
  createCategory,
  createPost,
  createWebsite,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from '../../../test/fixtures.ts';
import { type ApiClient, FAST_QUEUE_ENV, waitFor } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const { db } = server.database;
const [siteA, siteB] = await insertTestWebsites(db);

/** Sends `content` as the multipart `file` of an import. */
async function upload(client: ApiClient, path: string, content: string | Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'posts.csv');
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    body: form,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie: client.cookie ?? '' },
  });
  return { status: response.status, body: (await response.json()) as any };
}

const dryRun = (content: string | Uint8Array) =>
  upload(admin, '/api/posts/import?dry_run=1', content);

/** Starts an import and waits for its job to end; answers its final state. */
async function imported(content: string, resource = 'posts') {
  const started = await upload(admin, `/api/${resource}/import`, content);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = started.body.import_id as number;
  return waitFor(
    async () => {
      const state = await admin.get<ImportState>(`/api/imports/${id}`);
      return ['done', 'failed'].includes(state.body.status) && state.body;
    },
    { what: `import ${id} to end` },
  );
}

const csvOf = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\r\n');

const postsIn = async (categoryId: number) =>
  (
    await queryRows<{ id: number; title: string }>(
      db,
      sql`SELECT id, title FROM posts WHERE category_id = ${categoryId} ORDER BY id`,
    )
  ).map((row) => row.title);

const importCount = async () =>
  (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM imports`))[0]!.n;

describe('POST /api/posts/import', () => {
  it('re-imports an export of 50 posts as 50 updates with no error', async () => {
    const category = await insertTestCategory(db, 'Round trip', [siteA]);
    for (let n = 1; n <= 50; n += 1) {
      await createPost(admin, { category_id: category, title: `Round trip ${n}` });
    }
    const exported = await admin.get(`/api/posts/export?category_id=${category}`);
    expect(exported.status).toBe(200);
    const file = exported.body as string;

    const checked = await dryRun(file);
    expect(checked).toEqual({
      status: 200,
      body: { rows: 50, valid: 50, invalid: 0, errors: [] },
    });

    const state = await imported(file);
    expect(state).toMatchObject({ status: 'done', total: 50, processed: 50, created: 0 });
    expect({ updated: state.updated, failed: state.failed }).toEqual({ updated: 50, failed: 0 });
    expect(await postsIn(category)).toHaveLength(50);
  });

  it('reports 5 bad rows of 50 by line, creates the 45 others and lists the 5 in errors.csv', async () => {
    const category = await insertTestCategory(db, 'Fresh import', [siteA]);
    const rows = [['title', 'description', 'category', 'content_reference']];
    const bad = new Map<number, { column: string; message: string }>([
      [4, { column: 'title', message: POST_MESSAGES.titleRequired }],
      [11, { column: 'description', message: POST_MESSAGES.descriptionRequired }],
      [20, { column: 'content_reference', message: POST_MESSAGES.contentReferenceInvalid }],
      [33, { column: 'category', message: IMPORT_MESSAGES.referenceMissing('category', ['nope']) }],
      [51, { column: 'category', message: POST_MESSAGES.categoryRequired }],
    ]);
    for (let line = 2; line <= 51; line += 1) {
      rows.push([
        line === 4 ? '' : `Imported ${line}`,
        line === 11 ? ' ' : `Body ${line}`,
        line === 33 ? 'nope' : line === 51 ? '' : 'Fresh import',
        line === 20 ? 'not a link' : '',
      ]);
    }
    const file = csvOf(rows);

    const checked = await dryRun(file);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      rows: 50,
      valid: 45,
      invalid: 5,
      errors: [...bad].map(([line, error]) => ({ line, ...error })),
    });
    expect(await postsIn(category)).toEqual([]);

    const state = await imported(file);
    expect(state).toMatchObject({ status: 'done', created: 45, updated: 0, failed: 5 });
    expect(await postsIn(category)).toHaveLength(45);
    const variants = await queryRows<{ website_id: number; n: number }>(
      db,
      sql`SELECT v.website_id, count(*)::int AS n FROM post_variants v
          JOIN posts p ON p.id = v.post_id WHERE p.category_id = ${category}
          GROUP BY v.website_id`,
    );
    expect(variants).toEqual([{ website_id: siteA, n: 45 }]);

    const errors = await admin.get(`/api/imports/${state.id}/errors.csv`);
    expect(errors.status).toBe(200);
    const [header, ...refused] = parseCsv(errors.body as string);
    expect(header).toEqual([
      'line',
      'title',
      'description',
      'category',
      'content_reference',
      'error',
    ]);
    expect(refused.map((row) => [Number(row[0]), row.at(-1)])).toEqual(
      [...bad].map(([line, error]) => [line, error.message]),
    );

    const audit = await queryRows<{ details: Record<string, unknown> }>(
      db,
      sql`SELECT details FROM audit_log WHERE details->>'import_id' = ${String(state.id)}`,
    );
    expect(audit.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ action: 'import', file: 'posts.csv', created: 45, failed: 5 }),
    ]);

    const undo = await admin.post(`/api/imports/${state.id}/undo`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.message).toBe(IMPORT_MESSAGES.undone(45, 0));
    expect(await postsIn(category)).toEqual([]);
    const trashed = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM trash WHERE type = 'posts' AND name LIKE 'Imported %'`,
    );
    expect(trashed[0]!.n).toBe(45);
    expect((await admin.post(`/api/imports/${state.id}/undo`)).status).toBe(409);
  });

  it('puts back the fields an undone import updated', async () => {
    const category = await insertTestCategory(db, 'Undo updates', [siteA]);
    const post = await createPost(admin, { category_id: category, title: 'Before import' });
    const file = csvOf([
      ['id', 'title', 'description', 'category_id'],
      [String(post.id), 'After import', 'Changed body', String(category)],
    ]);
    const state = await imported(file);
    expect(state).toMatchObject({ updated: 1, created: 0, failed: 0 });
    expect(await postsIn(category)).toEqual(['After import']);
    expect((await admin.post(`/api/imports/${state.id}/undo`)).status).toBe(200);
    expect(await postsIn(category)).toEqual(['Before import']);
  });

  it("sets where each website published a post from published_urls, by the URL's host, and an undo puts the URLs back", async () => {
    const category = await insertTestCategory(db, 'Published URLs', [siteA, siteB]);
    const existing = await createPost(admin, { category_id: category, title: 'Published before' });
    await db.execute(
      sql`UPDATE post_variants SET published_url = 'https://site0.example.com/old',
                                   published_path = '/old'
          WHERE post_id = ${existing.id} AND website_id = ${siteA}`,
    );
    const published = async () =>
      queryRows<{ title: string; website_id: number; url: string | null; path: string | null }>(
        db,
        sql`SELECT p.title, v.website_id, v.published_url AS url, v.published_path AS path
            FROM post_variants v JOIN posts p ON p.id = v.post_id
            WHERE p.category_id = ${category} ORDER BY p.id, v.website_id`,
      );
    const header = ['id', 'title', 'description', 'category_id', 'published_urls'];
    const refused = await dryRun(
      csvOf([
        header,
        ['', 'Not a URL', 'Body', String(category), 'ftp://site0.example.com/x'],
        ['', 'Elsewhere', 'Body', String(category), 'https://elsewhere.example/x'],
        [
          '',
          'Twice',
          'Body',
          String(category),
          'https://site0.example.com/a https://www.site0.example.com/b',
        ],
      ]),
    );
    expect(refused.body.errors).toEqual([
      {
        line: 2,
        column: 'published_urls',
        message: IMPORT_MESSAGES.publishedUrlInvalid('ftp://site0.example.com/x'),
      },
      {
        line: 3,
        column: 'published_urls',
        message: IMPORT_MESSAGES.publishedUrlHost('https://elsewhere.example/x'),
      },
      {
        line: 4,
        column: 'published_urls',
        message: IMPORT_MESSAGES.publishedUrlTwice('site0.example.com'),
      },
    ]);

    const state = await imported(
      csvOf([
        header,
        [
          String(existing.id),
          'Published before',
          'Body',
          String(category),
          'https://site0.example.com/new/',
        ],
        [
          '',
          'Published now',
          'Body',
          String(category),
          'https://www.site1.example.com/now?utm=x  https://site0.example.com/now',
        ],
      ]),
    );
    expect(state).toMatchObject({ status: 'done', created: 1, updated: 1, failed: 0 });
    expect(await published()).toEqual([
      {
        title: 'Published before',
        website_id: siteA,
        url: 'https://site0.example.com/new/',
        path: '/new',
      },
      { title: 'Published before', website_id: siteB, url: null, path: null },
      {
        title: 'Published now',
        website_id: siteA,
        url: 'https://site0.example.com/now',
        path: '/now',
      },
      {
        title: 'Published now',
        website_id: siteB,
        url: 'https://www.site1.example.com/now?utm=x',
        path: '/now',
      },
    ]);
    expect((await admin.post(`/api/imports/${state.id}/undo`)).status).toBe(200);
    expect(await published()).toEqual([
      {
        title: 'Published before',
        website_id: siteA,
        url: 'https://site0.example.com/old',
        path: '/old',
      },
      { title: 'Published before', website_id: siteB, url: null, path: null },
    ]);
  });

  it('refuses a missing required column or an unknown one before any row', async () => {
    const before = await importCount();
    const missing = csvOf([
      ['title', 'category'],
      ['A', 'B'],
    ]);
    for (const path of ['/api/posts/import?dry_run=1', '/api/posts/import']) {
      const refused = await upload(admin, path, missing);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        file: [IMPORT_MESSAGES.missingColumns([['description']])],
      });
    }
    const unknown = await dryRun(csvOf([['title', 'description', 'category_id', 'colour']]));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.file[0]).toMatch(/^Unknown column: colour\./);
    expect(await importCount()).toBe(before);
  });

  it("says where and why a file is not CSV in the product's words, not the parser's", async () => {
    const header = 'title,description,category_id';
    for (const [content, problem, line, cell] of [
      [`${header}\nA,"B\n`, CSV_PROBLEMS.quoteNotClosed, 2, 2],
      [`${header}\nA,B "quoted" here,1\n`, CSV_PROBLEMS.quoteInside, 2, 2],
      [`${header}\n"A"B,C,1\n`, CSV_PROBLEMS.afterClosingQuote, 2, 1],
    ] as const) {
      const refused = await dryRun(content);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        file: [IMPORT_MESSAGES.unreadableCell(line, cell, problem)],
      });
      expect(refused.body.errors.file[0]).not.toMatch(/field|delimiter|Quote/);
    }
  });

  it('answers 3 MB of garbage with a 422 on the file, for a dry run and an import', async () => {
    const garbage = new Uint8Array(randomBytes(3 * 1024 * 1024));
    const before = await importCount();
    for (const path of ['/api/posts/import?dry_run=1', '/api/posts/import']) {
      const refused = await upload(admin, path, garbage);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.file).toHaveLength(1);
    }
    expect(await importCount()).toBe(before);
  });

  it('refuses a request without a file', async () => {
    const empty = await admin.post('/api/posts/import', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ file: [IMPORT_MESSAGES.fileRequired] });
  });

  it('refuses a caller who may create posts but not edit them', async () => {
    const role = await admin.post('/api/roles', { name: 'post writer' });
    const permissions = await admin.get('/api/permissions?per_page=100');
    await admin.patch(`/api/roles/${role.body.id}/assign-permissions`, {
      permissionsids: permissions.body.data
        .filter((permission: { name: string }) =>
          ['post-list', 'post-create'].includes(permission.name),
        )
        .map((permission: { id: number }) => permission.id),
    });
    const writer = await server.userWithRoles(['post writer']);
    const refused = await upload(
      writer,
      '/api/posts/import?dry_run=1',
      'title,description,category',
    );
    expect(refused.status).toBe(403);
  });

  it('refuses a caller without the create or the edit ability', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    expect((await upload(viewer, '/api/posts/import?dry_run=1', 'title')).status).toBe(403);
  });
});

describe('POST /api/websites/import and /api/categories/import', () => {
  it('re-imports an export of websites as updates and checks new rows as the form does', async () => {
    await createWebsite(admin, { name: 'Importable one' });
    await createWebsite(admin, { name: 'Importable two' });
    const exported = (await admin.get('/api/websites/export?query=Importable')).body as string;
    const [header, ...rows] = parseCsv(exported);
    expect(rows).toHaveLength(2);
    const round = await imported(exported, 'websites');
    expect(round).toMatchObject({ status: 'done', created: 0, updated: 2, failed: 0 });

    const fresh = csvOf([
      ['name', 'url', 'hosting', 'cost', 'duration'],
      ['Imported site', 'https://imported.example.com', 'Host', '12.5', '12'],
      ['Broken site', 'not a url', 'Host', '1', '12'],
    ]);
    const checked = await upload(admin, '/api/websites/import?dry_run=1', fresh);
    expect(checked.body).toEqual({
      rows: 2,
      valid: 1,
      invalid: 1,
      errors: [{ line: 3, column: 'url', message: WEBSITE_MESSAGES.urlInvalid }],
    });
    const state = await imported(fresh, 'websites');
    expect(state).toMatchObject({ created: 1, failed: 1 });
    const names = await queryRows<{ name: string }>(
      db,
      sql`SELECT name FROM websites WHERE name IN ('Imported site', 'Broken site')`,
    );
    expect(names).toEqual([{ name: 'Imported site' }]);
    expect(header).toContain('monitor_status');
  });

  it('re-imports an export of categories with their websites by name, and refuses unknown names and taken slugs', async () => {
    const website = await createWebsite(admin, { name: 'Category home' });
    await createCategory(admin, { name: 'Gardening', slug: 'gardening', websites: [website.id] });
    const exported = (await admin.get('/api/categories/export?query=Gardening')).body as string;
    const round = await imported(exported, 'categories');
    expect(round).toMatchObject({ status: 'done', created: 0, updated: 1, failed: 0 });

    const fresh = csvOf([
      ['name', 'slug', 'description', 'keywords', 'websites', 'parents'],
      ['Roses', 'roses', 'About roses', 'roses', 'Category home', 'gardening'],
      ['Weeds', 'weeds', 'About weeds', 'weeds', 'Nowhere site', ''],
      ['Again', 'gardening', 'Taken slug', 'again', 'Category home', ''],
    ]);
    const checked = await upload(admin, '/api/categories/import?dry_run=1', fresh);
    expect(checked.body).toEqual({
      rows: 3,
      valid: 1,
      invalid: 2,
      errors: [
        {
          line: 3,
          column: 'websites',
          message: IMPORT_MESSAGES.referenceMissing('website', ['Nowhere site']),
        },
        { line: 4, column: 'slug', message: CATEGORY_MESSAGES.slugTaken },
      ],
    });
    const state = await imported(fresh, 'categories');
    expect(state).toMatchObject({ created: 1, failed: 2 });
    const roses = await admin.get('/api/categories?query=Roses');
    expect(roses.body.data[0]).toMatchObject({
      slug: 'roses',
      websites: [{ id: website.id, name: 'Category home' }],
      parents: [{ name: 'Gardening' }],
    });
  });
});
