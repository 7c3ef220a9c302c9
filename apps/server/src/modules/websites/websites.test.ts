import {
  addMonths,
  COST_MESSAGES,
  FIELD_MESSAGES,
  MESSAGES,
  ORDER_MESSAGES,
  PROMPT_PLACEHOLDERS,
  RENEWAL_DUE_DAYS,
  TRAFFIC_GOOGLE_MESSAGES,
  toIsoDate,
  unknownIdsMessage,
  WEBSITE_MESSAGES,
  WEBSITE_ORDER_KEYS,
} from '@sitefleet/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWebsite, serverForFile, websiteInput } from '../../../test/fixtures.ts';
import { expectSortsBothWays } from '../../../test/harness.ts';
import {
  categories,
  categoryVariants,
  posts,
  postVariants,
  websiteSettings,
  websites,
} from '../../db/schema.ts';

const server = await serverForFile();
const admin = await server.admin();

const daysFromToday = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

describe('creating and editing a website', () => {
  it('answers the saved record, active, with the renewal defaulting to today plus the duration', async () => {
    const response = await admin.post('/api/websites', websiteInput({ name: 'Daily Recipes' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: 'Daily Recipes',
      url: expect.stringMatching(/^https:\/\//),
      status: 1,
      views: 0,
      ga4_views: 0,
      posts_count: 0,
      categories_count: 0,
      hosting: 'Hetzner',
      cost: 1499.5,
      duration: 12,
      next_renewal_date: addMonths(toIsoDate(new Date()), 12),
      renewal_due: false,
      monitor_status: 'unknown',
      monitor_keyword: null,
      response_ms: null,
      ssl_expires_at: null,
      maintenance_until: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deliveries_paused: false,
      consecutive_failures: 0,
      delivery_health: 'no_webhook',
      tracking_key: expect.stringMatching(/^[0-9a-f]{32}$/),
      webhook_secret: expect.any(String),
    });
    const { webhook_secret: _shownOnce, ...saved } = response.body;
    expect((await admin.get(`/api/websites/${response.body.id}`)).body).toEqual(saved);
  });

  it('takes numbers typed as text, a status and a renewal date', async () => {
    const website = await createWebsite(admin, {
      cost: ' 250 ',
      duration: '6',
      status: '2',
      next_renewal_date: '2031-05-20',
    });
    expect(website).toMatchObject({
      cost: 250,
      duration: 6,
      status: 2,
      next_renewal_date: '2031-05-20',
    });
  });

  it('creates the settings row the content pipeline reads', async () => {
    const website = await createWebsite(admin);
    const rows = await server.database.db
      .select()
      .from(websiteSettings)
      .where(eq(websiteSettings.websiteId, website.id));
    expect(rows).toHaveLength(1);
  });

  it('edits every field and keeps the status when it is left out', async () => {
    const website = await createWebsite(admin, { status: 2 });
    const response = await admin.put(
      `/api/websites/${website.id}`,
      websiteInput({ name: 'Renamed', hosting: 'AWS', cost: 0, duration: 3 }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: website.id,
      name: 'Renamed',
      hosting: 'AWS',
      cost: 0,
      duration: 3,
      status: 2,
    });
  });

  it('recomputes an emptied renewal date from the created date and the new duration', async () => {
    const website = await createWebsite(admin, { next_renewal_date: '2030-01-01' });
    const response = await admin.put(
      `/api/websites/${website.id}`,
      websiteInput({ duration: 1, next_renewal_date: '' }),
    );
    expect(response.body.next_renewal_date).toBe(addMonths(toIsoDate(new Date()), 1));
  });

  it('answers 404 for an unknown website', async () => {
    expect((await admin.put('/api/websites/999999', websiteInput())).status).toBe(404);
    expect((await admin.get('/api/websites/999999')).status).toBe(404);
  });
});

describe('website validation', () => {
  const REQUIRED_ERRORS = {
    name: [WEBSITE_MESSAGES.nameRequired],
    url: [WEBSITE_MESSAGES.urlRequired],
    hosting: [WEBSITE_MESSAGES.hostingRequired],
    cost: [COST_MESSAGES.required],
    duration: [WEBSITE_MESSAGES.durationRequired],
  };

  it('requires name, url, hosting, cost and duration, with a message under each', async () => {
    for (const method of ['post', 'put'] as const) {
      const { id } = await createWebsite(admin);
      const path = method === 'post' ? '/api/websites' : `/api/websites/${id}`;
      const response = await admin[method](path, {});
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual(REQUIRED_ERRORS);
    }
  });

  it('reads blank text as missing', async () => {
    const response = await admin.post(
      '/api/websites',
      websiteInput({ name: '  ', url: '', hosting: '', cost: '', duration: ' ' }),
    );
    expect(response.body.errors).toEqual(REQUIRED_ERRORS);
  });

  it.each([
    ['abc', COST_MESSAGES.invalid],
    ['12abc', COST_MESSAGES.invalid],
    [true, COST_MESSAGES.invalid],
    [-1, COST_MESSAGES.negative],
    ['10.005', COST_MESSAGES.decimals],
    [1e11, COST_MESSAGES.tooLarge],
  ])('refuses the cost %j', async (cost, message) => {
    const response = await admin.post('/api/websites', websiteInput({ cost }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ cost: [message] });
  });

  it.each([0, -3, 1.5, 'twelve', 1201])('refuses the duration %j', async (duration) => {
    const response = await admin.post('/api/websites', websiteInput({ duration }));
    expect(response.body.errors).toEqual({ duration: [WEBSITE_MESSAGES.durationInvalid] });
  });

  it.each([
    'example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'http:example.com',
    'http://',
    'https://exa mple.com',
    'mailto:someone@example.com',
  ])('refuses the url %j', async (url) => {
    const response = await admin.post('/api/websites', websiteInput({ url }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ url: [WEBSITE_MESSAGES.urlInvalid] });
  });

  it('refuses a bad status, a bad date and unknown fields', async () => {
    const response = await admin.post(
      '/api/websites',
      websiteInput({ status: 3, next_renewal_date: '2025-02-30', views: 100 }),
    );
    expect(response.body.errors).toEqual({
      status: [WEBSITE_MESSAGES.statusInvalid],
      next_renewal_date: [WEBSITE_MESSAGES.nextRenewalDateInvalid],
      views: [MESSAGES.unknownField('views')],
    });
  });

  it('refuses an over-long name', async () => {
    const response = await admin.post('/api/websites', websiteInput({ name: 'x'.repeat(256) }));
    expect(response.status).toBe(422);
    expect(response.body.errors.name).toHaveLength(1);
  });

  it('answers a bad id with a 422', async () => {
    expect((await admin.get('/api/websites/abc')).status).toBe(422);
  });
});

describe('the websites list', () => {
  let ids: number[];
  beforeAll(async () => {
    await server.database.db.delete(websites);
    ids = [];
    for (const [name, url, hosting] of [
      ['Garden Weekly', 'https://gardenweekly.example.com', 'Bluehost'],
      ['Travel Notes', 'https://travelnotes.example.com', 'DigitalOcean'],
      ['Finance Basics', 'https://money.example.org', 'Hostinger 50%'],
    ]) {
      ids.push((await createWebsite(admin, { name, url, hosting })).id);
    }
  });

  it('pages the websites, newest first', async () => {
    const response = await admin.get('/api/websites?page=1&per_page=2');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(response.body.data.map((row: { id: number }) => row.id)).toEqual([ids[2], ids[1]]);
    const second = await admin.get('/api/websites?page=2&per_page=2');
    expect(second.body.data.map((row: { id: number }) => row.id)).toEqual([ids[0]]);
  });

  it('searches name, url and hosting, case-insensitively and literally', async () => {
    const names = async (query: string) =>
      (await admin.get(`/api/websites?query=${encodeURIComponent(query)}`)).body.data.map(
        (row: { name: string }) => row.name,
      );
    expect(await names('garden')).toEqual(['Garden Weekly']);
    expect(await names('MONEY.EXAMPLE')).toEqual(['Finance Basics']);
    expect(await names('digitalocean')).toEqual(['Travel Notes']);
    expect(await names('50%')).toEqual(['Finance Basics']);
    expect(await names('%')).toEqual(['Finance Basics']);
    expect(await names('nothing like it')).toEqual([]);
  });

  it('shows the real views counter', async () => {
    await server.database.db.update(websites).set({ views: 4321 }).where(eq(websites.id, ids[0]!));
    const row = (await admin.get('/api/websites?query=garden')).body.data[0];
    expect(row.views).toBe(4321);
  });

  it(`flags renewals ${RENEWAL_DUE_DAYS} days away or closer, and past ones`, async () => {
    const due = async (days: number) => {
      const website = await createWebsite(admin, { next_renewal_date: daysFromToday(days) });
      return (await admin.get(`/api/websites/${website.id}`)).body.renewal_due;
    };
    expect(await due(RENEWAL_DUE_DAYS)).toBe(true);
    expect(await due(RENEWAL_DUE_DAYS + 1)).toBe(false);
    expect(await due(-3)).toBe(true);
  });

  it('answers every website for dropdowns, by name', async () => {
    const response = await admin.get('/api/getAllWebsites');
    expect(response.status).toBe(200);
    const all = response.body as { id: number; name: string }[];
    expect(all.slice(0, 3)).toEqual([
      { id: ids[2], name: 'Finance Basics' },
      { id: ids[0], name: 'Garden Weekly' },
      expect.objectContaining({ name: expect.any(String) }),
    ]);
    expect(Object.keys(all[0]!)).toEqual(['id', 'name']);
  });

  it('sorts by name, cost, renewal, views and creation; the id breaks ties', async () => {
    for (const [name, cost, renewal, views] of [
      ['Sorting Bravo', 200, '2031-03-01', 10],
      ['Sorting Alpha', 300, '2031-01-01', 30],
      ['Sorting Charlie', 200, '2031-02-01', 20],
    ] as const) {
      const website = await createWebsite(admin, {
        name,
        cost,
        next_renewal_date: renewal,
        hosting: 'Sort Hosting',
      });
      await server.database.db.update(websites).set({ views }).where(eq(websites.id, website.id));
    }
    const path = '/api/websites?query=sort%20hosting';
    const name = (website: { name: string }) => website.name;
    expect((await admin.get(path)).body.data.map(name)).toEqual([
      'Sorting Charlie',
      'Sorting Alpha',
      'Sorting Bravo',
    ]);
    await expectSortsBothWays(admin, path, name, {
      name: ['Sorting Alpha', 'Sorting Bravo', 'Sorting Charlie'],
      cost: ['Sorting Bravo', 'Sorting Charlie', 'Sorting Alpha'],
      next_renewal_date: ['Sorting Alpha', 'Sorting Charlie', 'Sorting Bravo'],
      views: ['Sorting Bravo', 'Sorting Charlie', 'Sorting Alpha'],
      created_at: ['Sorting Bravo', 'Sorting Alpha', 'Sorting Charlie'],
    });
  });

  it("filters by the monitor's status, with the search and in the export", async () => {
    await server.database.db
      .update(websites)
      .set({ monitorStatus: 'down' })
      .where(inArray(websites.id, [ids[0]!, ids[2]!]));
    await server.database.db
      .update(websites)
      .set({ monitorStatus: 'up' })
      .where(eq(websites.id, ids[1]!));
    const found = async (query: string) => {
      const response = await admin.get(`/api/websites?${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.map((row: { name: string }) => row.name);
    };
    expect(await found('monitor_status=down&query=example')).toEqual([
      'Finance Basics',
      'Garden Weekly',
    ]);
    expect(await found('monitor_status=up&query=example')).toEqual(['Travel Notes']);
    expect(await found('monitor_status=down&query=garden')).toEqual(['Garden Weekly']);
    expect(await found('monitor_status=&query=example')).toEqual(
      expect.arrayContaining(['Finance Basics', 'Garden Weekly', 'Travel Notes']),
    );
    const exported = await admin.get('/api/websites/export?monitor_status=up&query=example');
    expect(exported.status).toBe(200);
    expect(exported.body).toContain('Travel Notes');
    expect(exported.body).not.toContain('Garden Weekly');

    const refused = await admin.get('/api/websites?monitor_status=sideways');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      monitor_status: ['The status must be one of: up, down, unknown'],
    });
  });

  it('answers 422 for an unknown order key', async () => {
    const response = await admin.get('/api/websites?order_key=posts_count&order_dir=desc');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      order_key: [ORDER_MESSAGES.keyInvalid(WEBSITE_ORDER_KEYS)],
    });
  });
});

/** A category and a post with variants on the given websites, inserted directly. */
async function contentOn(websiteIds: number[], label: string) {
  const db = server.database.db;
  const [category] = await db
    .insert(categories)
    .values({ name: label, slug: label, description: label, keywords: label })
    .returning({ id: categories.id });
  const [post] = await db
    .insert(posts)
    .values({ title: label, description: label, categoryId: category!.id })
    .returning({ id: posts.id });
  await db
    .insert(categoryVariants)
    .values(websiteIds.map((websiteId) => ({ categoryId: category!.id, websiteId })));
  await db
    .insert(postVariants)
    .values(websiteIds.map((websiteId) => ({ postId: post!.id, websiteId })));
  return { categoryId: category!.id, postId: post!.id };
}

describe('variant counts and deleting', () => {
  it('counts the post and category variants of each website', async () => {
    const busy = await createWebsite(admin);
    const quiet = await createWebsite(admin);
    await contentOn([busy.id, quiet.id], 'counted-a');
    await contentOn([busy.id], 'counted-b');
    await contentOn([busy.id], 'counted-c');
    const rows = (await admin.get('/api/websites?per_page=100')).body.data as {
      id: number;
      posts_count: number;
      categories_count: number;
    }[];
    const counts = (id: number) => rows.find((row) => row.id === id)!;
    expect(counts(busy.id)).toMatchObject({ posts_count: 3, categories_count: 3 });
    expect(counts(quiet.id)).toMatchObject({ posts_count: 1, categories_count: 1 });
  });

  it('tells what a delete takes with it, then deletes the variants but keeps categories and posts', async () => {
    const db = server.database.db;
    const doomed = await createWebsite(admin);
    const kept = await createWebsite(admin);
    const first = await contentOn([doomed.id, kept.id], 'impact-a');
    await contentOn([doomed.id], 'impact-b');

    const impact = await admin.get(`/api/websites/${doomed.id}/delete-impact`);
    expect(impact.body).toEqual({ category_variants: 2, post_variants: 2 });

    const response = await admin.delete(`/api/websites/${doomed.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: WEBSITE_MESSAGES.deleted(1, { category_variants: 2, post_variants: 2 }),
      category_variants: 2,
      post_variants: 2,
    });
    expect((await admin.get(`/api/websites/${doomed.id}`)).status).toBe(404);
    const left = await db
      .select()
      .from(categoryVariants)
      .where(eq(categoryVariants.websiteId, doomed.id));
    expect(left).toEqual([]);
    expect(
      await db.select().from(categories).where(eq(categories.id, first.categoryId)),
    ).toHaveLength(1);
    expect(await db.select().from(posts).where(eq(posts.id, first.postId))).toHaveLength(1);
    const keptRow = (await admin.get(`/api/websites/${kept.id}`)).body;
    expect(keptRow).toMatchObject({ posts_count: 1, categories_count: 1 });
  });

  it('answers 404 for deleting an unknown website', async () => {
    expect((await admin.delete('/api/websites/999999')).status).toBe(404);
    expect((await admin.get('/api/websites/999999/delete-impact')).status).toBe(404);
  });

  it('tells what deleting several websites takes with them, in total and for each by name', async () => {
    const busy = await createWebsite(admin, { name: 'Impact Busy' });
    const quiet = await createWebsite(admin, { name: 'Impact Quiet' });
    const shared = await createWebsite(admin, { name: 'Impact Shared' });
    await contentOn([busy.id, shared.id], 'impacts-a');
    await contentOn([busy.id], 'impacts-b');

    const response = await admin.post('/api/websites/delete-impact', {
      ids: [shared.id, quiet.id, busy.id, busy.id],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      category_variants: 3,
      post_variants: 3,
      websites: [
        { id: busy.id, name: 'Impact Busy', category_variants: 2, post_variants: 2 },
        { id: quiet.id, name: 'Impact Quiet', category_variants: 0, post_variants: 0 },
        { id: shared.id, name: 'Impact Shared', category_variants: 1, post_variants: 1 },
      ],
    });
    const deleted = await admin.delete('/api/websites', { ids: [busy.id, quiet.id, shared.id] });
    expect(deleted.body).toMatchObject({ category_variants: 3, post_variants: 3 });
  });

  it('refuses the impact of unknown, malformed or no ids', async () => {
    const known = await createWebsite(admin);
    const unknown = await admin.post('/api/websites/delete-impact', { ids: [known.id, 999999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ ids: [unknownIdsMessage([999999])] });
    const malformed = await admin.post('/api/websites/delete-impact', { ids: ['x'] });
    expect(malformed.status).toBe(422);
    const none = await admin.post('/api/websites/delete-impact', { ids: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.ids).toEqual([FIELD_MESSAGES.noRowSelected]);
    const withoutHeader = await admin.post(
      '/api/websites/delete-impact',
      { ids: [known.id] },
      { withoutCsrfHeader: true },
    );
    expect(withoutHeader.body.message).toBe(MESSAGES.csrf);
  });

  it('bulk deletes all the websites given, with their variants', async () => {
    const a = await createWebsite(admin);
    const b = await createWebsite(admin);
    await contentOn([a.id, b.id], 'bulk-a');
    const response = await admin.delete('/api/websites', { ids: [a.id, b.id] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: WEBSITE_MESSAGES.deleted(2, { category_variants: 2, post_variants: 2 }),
      category_variants: 2,
      post_variants: 2,
    });
    const left = await server.database.db
      .select()
      .from(websites)
      .where(inArray(websites.id, [a.id, b.id]));
    expect(left).toEqual([]);
  });

  it('deletes nothing when one of the ids is unknown', async () => {
    const a = await createWebsite(admin);
    await contentOn([a.id], 'bulk-unknown');
    const response = await admin.delete('/api/websites', { ids: [a.id, 999999] });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ ids: [unknownIdsMessage([999999])] });
    expect((await admin.get(`/api/websites/${a.id}`)).body.posts_count).toBe(1);
  });

  it('refuses an empty id list', async () => {
    const response = await admin.delete('/api/websites', { ids: [] });
    expect(response.status).toBe(422);
    expect(response.body.errors.ids).toEqual([FIELD_MESSAGES.noRowSelected]);
  });
});

const fullSettings = {
  googleAdsense: 'ca-pub-1234567890',
  googleAnalytics: 'G-ABC123',
  seoDescription: 'Recipes for every day',
  seoTitle: 'Daily Recipes',
  seoKeywords: ['recipes', ' cooking ', 'Recipes', 'baking'],
  seoMeta: '<meta name="robots" content="index">',
  reference_sites: 'https://reference.example.com',
  categoryPrompt: 'Suggest categories for {website} about {keywords}, like {reference_sites}.',
  postPrompt: 'Write a post for {website} in {category}. Answer as {"title": "..."}',
  categoryRefresh: 24,
  categories_limit: 50,
  postRefresh: '12',
  postsLimit: '500',
  browserRefresh: 1,
  category_webhook_url: 'https://site.example.com/hooks/category',
  post_webhook_url: 'http://site.example.com/hooks/post',
  posting_days: [5, 1, 1],
  posting_times: ['15:30', '09:00'],
  posting_timezone: 'Europe/Paris',
  blocked_dates: ['2026-12-25'],
  ga4_property_id: 'properties/123',
  search_console_site: 'sc-domain:recipes.example',
};

describe('website settings', () => {
  it('answers empty settings for a new website', async () => {
    const website = await createWebsite(admin);
    const response = await admin.get(`/api/websites/${website.id}/settings`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      website_id: website.id,
      seoKeywords: null,
      categoryPrompt: null,
      categoryRefresh: null,
      categories_limit: 0,
      postsLimit: 0,
      category_webhook_url: null,
    });
  });

  it('saves every field and reads it back, with the keywords stored comma-separated', async () => {
    const website = await createWebsite(admin);
    const saved = await admin.patch(`/api/websites/${website.id}/update-settings`, fullSettings);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = {
      ...fullSettings,
      website_id: website.id,
      seoKeywords: 'recipes,cooking,baking',
      postRefresh: 12,
      postsLimit: 500,
      // Days and times come back once each, in order.
      posting_days: [1, 5],
      posting_times: ['09:00', '15:30'],
      webhook_secret_hint: expect.any(String),
      workflow_id: null,
      tracking_key: expect.stringMatching(/^[0-9a-f]{32}$/),
    };
    expect(saved.body).toEqual(expected);
    expect((await admin.get(`/api/websites/${website.id}/settings`)).body).toEqual(expected);
    const [row] = await server.database.db
      .select({ keywords: websiteSettings.seoKeywords })
      .from(websiteSettings)
      .where(eq(websiteSettings.websiteId, website.id));
    expect(row!.keywords).toBe('recipes,cooking,baking');
  });

  it('takes the keywords as comma-separated text too', async () => {
    const website = await createWebsite(admin);
    const response = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      seoKeywords: 'news, guides ,, reviews',
    });
    expect(response.body.seoKeywords).toBe('news,guides,reviews');
  });

  it('changes only the fields sent, and clears a field sent empty', async () => {
    const website = await createWebsite(admin);
    const path = `/api/websites/${website.id}/update-settings`;
    await admin.patch(path, fullSettings);
    const response = await admin.patch(path, {
      seoTitle: 'New title',
      googleAdsense: '',
      categoryRefresh: '',
      seoKeywords: [],
      post_webhook_url: null,
    });
    expect(response.body).toMatchObject({
      seoTitle: 'New title',
      googleAdsense: null,
      categoryRefresh: null,
      seoKeywords: null,
      post_webhook_url: null,
      googleAnalytics: fullSettings.googleAnalytics,
      categories_limit: 50,
      category_webhook_url: fullSettings.category_webhook_url,
    });
  });

  it.each([
    ['categoryRefresh', 0, WEBSITE_MESSAGES.refreshInvalid],
    ['postRefresh', 49, WEBSITE_MESSAGES.refreshInvalid],
    ['browserRefresh', 1.5, WEBSITE_MESSAGES.refreshInvalid],
    ['browserRefresh', 'soon', WEBSITE_MESSAGES.refreshInvalid],
    ['categories_limit', 25, WEBSITE_MESSAGES.limitInvalid],
    ['categories_limit', 550, WEBSITE_MESSAGES.limitInvalid],
    ['postsLimit', -50, WEBSITE_MESSAGES.limitInvalid],
    ['postsLimit', '', WEBSITE_MESSAGES.limitInvalid],
    ['category_webhook_url', 'ftp://example.com/hook', WEBSITE_MESSAGES.webhookUrlInvalid],
    ['post_webhook_url', 'not a url', WEBSITE_MESSAGES.webhookUrlInvalid],
    ['seoKeywords', [1, 2], WEBSITE_MESSAGES.keywordsInvalid],
    ['ga4_property_id', 'UA-12345-1', TRAFFIC_GOOGLE_MESSAGES.ga4PropertyInvalid],
    ['search_console_site', 'example.com', TRAFFIC_GOOGLE_MESSAGES.searchConsoleSiteInvalid],
  ])('refuses %s = %j', async (field, value, message) => {
    const website = await createWebsite(admin);
    const response = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      [field]: value,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ [field]: [message] });
  });

  it('refuses a prompt with an unknown placeholder, naming it', async () => {
    const website = await createWebsite(admin);
    const response = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      categoryPrompt: 'Ideas for {website} in {language}',
      postPrompt: `Uses every placeholder: ${PROMPT_PLACEHOLDERS.map((name) => `{${name}}`).join(' ')}`,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      categoryPrompt: [WEBSITE_MESSAGES.unknownPlaceholders(['language'])],
    });
    expect(response.body.errors.categoryPrompt[0]).toContain('{language}');
  });

  it('refuses unknown fields and answers 404 for an unknown website', async () => {
    const website = await createWebsite(admin);
    const unknown = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      theme: 'dark',
    });
    expect(unknown.body.errors).toEqual({ theme: [MESSAGES.unknownField('theme')] });
    expect((await admin.patch('/api/websites/999999/update-settings', {})).status).toBe(404);
    expect((await admin.get('/api/websites/999999/settings')).status).toBe(404);
  });
});

describe('the webhook signing secret', () => {
  const storedSecret = async (id: number) =>
    (
      await server.database.db
        .select({ secret: websites.webhookSecret })
        .from(websites)
        .where(eq(websites.id, id))
    )[0]!.secret;

  it('is shown once, in the answer that adds the website, and never in another answer', async () => {
    const created = await admin.post('/api/websites', websiteInput());
    const secret = await storedSecret(created.body.id);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(created.body.webhook_secret).toBe(secret);
    expect(created.headers.get('cache-control')).toBe('no-store');
    for (const path of [
      `/api/websites/${created.body.id}`,
      '/api/websites?per_page=100',
      '/api/getAllWebsites',
      `/api/websites/${created.body.id}/settings`,
    ]) {
      expect(JSON.stringify((await admin.get(path)).body)).not.toContain(secret);
    }
  });

  it('is shown once when rotated, and the settings show only its last characters', async () => {
    const website = await createWebsite(admin);
    const before = await storedSecret(website.id);
    const response = await admin.post(`/api/websites/${website.id}/rotate-secret`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const secret = response.body.webhook_secret as string;
    expect(secret).not.toBe(before);
    expect(await storedSecret(website.id)).toBe(secret);
    const settings = (await admin.get(`/api/websites/${website.id}/settings`)).body;
    expect(settings.webhook_secret_hint).toBe(`••••${secret.slice(-4)}`);
    const again = await admin.post(`/api/websites/${website.id}/rotate-secret`);
    expect(again.body.webhook_secret).not.toBe(secret);
  });

  it('answers 404 for an unknown website', async () => {
    expect((await admin.post('/api/websites/999999/rotate-secret')).status).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets a viewer read the list but no write', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const website = await createWebsite(admin);
    expect((await viewer.get('/api/websites')).status).toBe(200);
    expect((await viewer.get('/api/getAllWebsites')).status).toBe(200);
    const writes = [
      () => viewer.post('/api/websites', websiteInput()),
      () => viewer.put(`/api/websites/${website.id}`, websiteInput()),
      () => viewer.delete(`/api/websites/${website.id}`),
      () => viewer.delete('/api/websites', { ids: [website.id] }),
      () => viewer.patch(`/api/websites/${website.id}/update-settings`, { seoTitle: 'x' }),
      () => viewer.post(`/api/websites/${website.id}/rotate-secret`),
      () => viewer.get(`/api/websites/${website.id}/settings`),
      () => viewer.get(`/api/websites/${website.id}/delete-impact`),
      () => viewer.post('/api/websites/delete-impact', { ids: [website.id] }),
    ];
    for (const write of writes) {
      const response = await write();
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(MESSAGES.forbidden);
    }
    expect((await admin.get(`/api/websites/${website.id}`)).body.name).toBe(website.name);
  });

  it('lets an editor create, edit, configure and delete', async () => {
    const editor = await server.userWithRoles(['editor']);
    const created = await editor.post('/api/websites', websiteInput());
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await editor.put(`/api/websites/${id}`, websiteInput())).status).toBe(200);
    expect(
      (await editor.patch(`/api/websites/${id}/update-settings`, { seoTitle: 'x' })).status,
    ).toBe(200);
    expect((await editor.post(`/api/websites/${id}/rotate-secret`)).status).toBe(200);
    expect((await editor.delete(`/api/websites/${id}`)).status).toBe(200);
  });

  it('asks for a session', async () => {
    expect((await server.client().get('/api/websites')).status).toBe(401);
    expect((await server.client().get('/api/getAllWebsites')).status).toBe(401);
  });
});
