import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { neutralised, parseCsv } from '../../test/csv.ts';
import { insertTestCategory, serverForFile } from '../../test/fixtures.ts';
import { EXPORT_BATCH_SIZE } from './export.ts';

const FORMULAS = ['=SUM(A1:A9)', '+1+2', '-3+4', '@cmd', '\tTabbed', '\rReturned'];
/** More matching posts than one batch holds, so the export reads several; the list counts exactly up to EXACT_COUNT_LIMIT rows. */
const MATCHING = EXPORT_BATCH_SIZE + 37;

const server = await serverForFile();
const admin = await server.admin();
const { db } = server.database;
const food = await insertTestCategory(db, 'Food');
const travel = await insertTestCategory(db, 'Travel');
await db.execute(sql`
  INSERT INTO posts (title, description, category_id)
  SELECT 'Export ' || lpad(n::text, 5, '0'), 'Row "' || n || '", with a comma', ${food}
  FROM generate_series(1, ${MATCHING - FORMULAS.length}) n`);
for (const title of FORMULAS) {
  await db.execute(
    sql`INSERT INTO posts (title, description, category_id) VALUES (${title}, 'Export formula', ${food})`,
  );
}
// Not matching: another category, or no "Export" in the title.
await db.execute(sql`
  INSERT INTO posts (title, description, category_id)
  SELECT 'Export elsewhere ' || n, 'x', ${travel} FROM generate_series(1, 40) n`);
await db.execute(sql`
  INSERT INTO posts (title, description, category_id)
  SELECT 'Other ' || n, 'x', ${food} FROM generate_series(1, 40) n`);

describe('GET /api/{resource}/export', () => {
  it("exports every row the filtered list finds, as many as the list's total", async () => {
    const filter = `category_id=${food}&order_key=title&order_dir=asc`;
    const list = await admin.get(`/api/posts?${filter}&per_page=5`);
    expect(list.status).toBe(200);
    const response = await admin.get(`/api/posts/export?${filter}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="sitefleet-posts-${today}.csv"`,
    );
    expect(Number(response.headers.get('x-total-count'))).toBe(MATCHING + 40);
    const [header, ...rows] = parseCsv(response.body as string);
    expect(header).toEqual(expect.arrayContaining(['id', 'title', 'description', 'category']));
    expect(rows).toHaveLength(list.body.total);
    expect(rows).toHaveLength(MATCHING + 40);
    const title = header!.indexOf('title');
    // The list's order: its first page is the export's first rows.
    expect(rows.slice(0, 5).map((row) => row[title])).toEqual(
      list.body.data.map((post: { title: string }) => neutralised(post.title)),
    );
    expect(new Set(rows.map((row) => row[header!.indexOf('id')])).size).toBe(rows.length);
  });

  it('exports a searched list and neutralises formula cells', async () => {
    const searched = await admin.get(`/api/posts?query=Export&category_id=${food}`);
    const response = await admin.get(`/api/posts/export?query=Export&category_id=${food}`);
    const [header, ...rows] = parseCsv(response.body as string);
    expect(rows).toHaveLength(searched.body.total);
    expect(rows).toHaveLength(MATCHING - FORMULAS.length);
    const description = header!.indexOf('description');
    expect(rows[0]![description]).toMatch(/^Row "\d+", with a comma$/);

    const all = parseCsv((await admin.get(`/api/posts/export?category_id=${food}`)).body as string);
    const titles = all.slice(1).map((row) => row[header!.indexOf('title')]);
    for (const formula of FORMULAS) expect(titles).toContain(`'${formula}`);
    expect(titles.filter((title) => /^[=+\-@\t\r]/.test(title!))).toEqual([]);
  });

  it('exports the other lists with their header and rows', async () => {
    for (const resource of ['websites', 'instances', 'categories', 'users', 'roles', 'settings']) {
      const list = await admin.get(`/api/${resource}?per_page=1`);
      const response = await admin.get(`/api/${resource}/export`);
      expect(response.status, resource).toBe(200);
      const [header, ...rows] = parseCsv(response.body as string);
      expect(header, resource).toContain('id');
      expect(rows, resource).toHaveLength(list.body.total);
      expect(Number(response.headers.get('x-total-count')), resource).toBe(list.body.total);
    }
  });

  it("starts each export with the id and the record's name, as the list shows them", async () => {
    const names = { posts: 'title', categories: 'name', websites: 'name', users: 'name' };
    for (const [resource, name] of Object.entries(names)) {
      const [header] = parseCsv((await admin.get(`/api/${resource}/export`)).body as string);
      expect(header?.slice(0, 2), resource).toEqual(['id', name]);
    }
  });

  it('answers an empty list with its header row alone', async () => {
    const response = await admin.get('/api/users/export?query=nobody-by-this-name');
    expect(parseCsv(response.body as string)).toHaveLength(1);
  });

  it('refuses a list query the list refuses', async () => {
    expect((await admin.get('/api/posts/export?order_key=nope')).status).toBe(422);
  });
});
