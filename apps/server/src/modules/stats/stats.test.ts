import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { seedDemo } from '../../db/demo.ts';
import { instances, posts, scheduledTasks, websites } from '../../db/schema.ts';

const server = await serverForFile();
await seedDemo(server.database.db);
const admin = await server.admin();

const countOf = async (path: string) => {
  const response = await admin.get(path);
  expect(response.status).toBe(200);
  return Object.values(response.body as Record<string, number>)[0];
};

describe('dashboard stats', () => {
  it('counts instances by state', async () => {
    const db = server.database.db;
    const byState = async (where: ReturnType<typeof sql>) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(instances).where(where))[0]!.n;
    expect(await countOf('/api/stats/instances')).toBe(6);
    expect(await countOf('/api/stats/instances?status=all')).toBe(6);
    expect(await countOf('/api/stats/instances?status=running')).toBe(
      await byState(sql`current_state = 'running'`),
    );
    expect(await countOf('/api/stats/instances?status=active')).toBe(3);
    expect(await countOf('/api/stats/instances?status=inactive')).toBe(3);
    expect(await countOf('/api/stats/instances?status=stopping')).toBe(1);
    expect(await countOf('/api/stats/instances?status=stopped')).toBe(1);
  });

  it('answers with the key the original API names', async () => {
    expect((await admin.get('/api/stats/instances')).body).toHaveProperty('totalInstancesCount');
    expect((await admin.get('/api/stats/websites')).body).toHaveProperty('totalWebsitesCount');
    expect((await admin.get('/api/stats/posts')).body).toHaveProperty('totalPostsCount');
    expect((await admin.get('/api/stats/categories')).body).toHaveProperty('totalCategoriesCount');
  });

  it('counts records by status and by creation date', async () => {
    expect(await countOf('/api/stats/websites?status=active')).toBe(4);
    expect(await countOf('/api/stats/websites?status=inactive')).toBe(1);
    // The demo websites were created 400, 200, 90, 45 and 3 days ago.
    expect(await countOf('/api/stats/websites?status=30_days')).toBe(1);
    expect(await countOf('/api/stats/websites?status=60_days')).toBe(2);
    expect(await countOf('/api/stats/websites?status=360_days')).toBe(4);
    expect(await countOf('/api/stats/websites?status=today')).toBe(0);
    await server.database.db.insert(websites).values({
      name: 'Fresh',
      url: 'https://fresh.example.com',
      hosting: 'Local',
      cost: 1,
      duration: 1,
      webhookSecret: 'x',
    });
    expect(await countOf('/api/stats/websites?status=today')).toBe(1);
    expect(await countOf('/api/stats/websites')).toBe(6);
  });

  it('counts posts and categories', async () => {
    const [{ total } = { total: 0 }] = await server.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(posts)
      .where(sql`created_at >= now() - interval '30 days'`);
    expect(await countOf('/api/stats/posts?status=30_days')).toBe(total);
    expect(await countOf('/api/stats/posts')).toBe(40);
    expect(await countOf('/api/stats/categories')).toBe(11);
  });

  it('lists the newest instances for the dashboard table', async () => {
    const { body } = await admin.get('/api/details/instances');
    expect(body.instancesDetails).toHaveLength(6);
    expect(Object.keys(body.instancesDetails[0]).sort()).toEqual([
      'created_at',
      'id',
      'instance_id',
      'status',
    ]);
    const dates = body.instancesDetails.map((row: { created_at: string }) => row.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('ranks websites and categories by views', async () => {
    const top = (await admin.get('/api/stats/top-websites')).body as {
      name: string;
      views: number;
    }[];
    expect(top[0]).toMatchObject({ name: 'Gadget Reviews', views: 22110 });
    expect(top.map((w) => w.views)).toEqual([...top.map((w) => w.views)].sort((a, b) => b - a));
    const categories = (await admin.get('/api/stats/top-categories')).body as { views: number }[];
    expect(categories.length).toBe(5);
    expect(categories[0]!.views).toBeGreaterThanOrEqual(categories[4]!.views);
  });

  it('lists the scheduled tasks with their status', async () => {
    const { body } = await admin.get('/api/stats/scheduled-tasks');
    expect(body).toContainEqual(
      expect.objectContaining({ command: 'sessions:prune', status: 'Scheduled' }),
    );
  });

  it("gives a failed task's error, and no error for the others", async () => {
    await server.database.db
      .update(scheduledTasks)
      .set({ status: 'Failed', lastError: 'The website did not answer' })
      .where(eq(scheduledTasks.command, 'sessions:prune'));
    try {
      const searched = await admin.get('/api/stats/scheduled-tasks/page?query=sessions');
      expect(searched.body.data).toEqual([
        expect.objectContaining({ status: 'Failed', error: 'The website did not answer' }),
      ]);
      const all = (await admin.get('/api/stats/scheduled-tasks')).body as { error: unknown }[];
      expect(all.filter((task) => task.error !== null)).toHaveLength(1);
    } finally {
      await server.database.db
        .update(scheduledTasks)
        .set({ status: 'Scheduled', lastError: null })
        .where(eq(scheduledTasks.command, 'sessions:prune'));
    }
  });

  it('pages the scheduled tasks by next run, searched by command', async () => {
    const all = (await admin.get('/api/stats/scheduled-tasks')).body as { command: string }[];
    const first = await admin.get('/api/stats/scheduled-tasks/page?page=1&per_page=2');
    expect(first.body).toMatchObject({ total: all.length, per_page: 2, current_page: 1 });
    expect(first.body.data).toEqual(all.slice(0, 2));
    const second = await admin.get('/api/stats/scheduled-tasks/page?page=2&per_page=2');
    expect(second.body.data).toEqual(all.slice(2, 4));

    const searched = await admin.get('/api/stats/scheduled-tasks/page?query=SESSIONS');
    expect(searched.body).toMatchObject({
      total: 1,
      data: [{ command: 'sessions:prune', status: 'Scheduled' }],
    });
    const none = await admin.get('/api/stats/scheduled-tasks/page?query=nothing%25like');
    expect(none.body).toMatchObject({ total: 0, data: [] });
    expect((await admin.get('/api/stats/scheduled-tasks/page?page=0')).status).toBe(422);
  });
});

describe('who may read the dashboard', () => {
  it('lets a viewer read every count', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    for (const kind of ['instances', 'websites', 'posts', 'categories']) {
      expect((await viewer.get(`/api/stats/${kind}`)).status).toBe(200);
    }
  });

  it('refuses counts to a user without the list abilities', async () => {
    const nobody = await server.userWithRoles([]);
    expect((await nobody.get('/api/stats/websites')).status).toBe(403);
    expect((await nobody.get('/api/details/instances')).status).toBe(403);
    expect((await nobody.get('/api/stats/scheduled-tasks')).status).toBe(200);
    expect((await nobody.get('/api/stats/scheduled-tasks/page')).status).toBe(200);
    expect((await server.client().get('/api/stats/scheduled-tasks/page')).status).toBe(401);
  });
});
