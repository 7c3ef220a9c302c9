import { type CategoryRow, fillPrompt } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, type ReceivedRequest, startFakeHttp } from '../../../test/fake-http.ts';
import * as fixtures from '../../../test/fixtures.ts';
import { serverForFile } from '../../../test/fixtures.ts';
import { ADMIN, FAST_QUEUE_ENV, setSetting, waitFor } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { scheduledTasks } from '../../db/schema.ts';
import { schedulerTick, type TaskContext } from '../../jobs/scheduler.ts';
import { DEFAULT_PROMPTS } from './prompts.ts';
import { AI_NOT_CONFIGURED } from './provider.ts';
import { websiteRefreshTasks } from './refresh.ts';

const MODEL = 'sitefleet-writer';
const API_KEY = 'sk-test-provider-key';
/** Long enough for a request to reach the local provider on a loaded machine before it times out. */
const AI_TIMEOUT_MS = 2000;
const silentLog = { error: () => {}, warn: () => {}, info: () => {} };

const provider = await startFakeHttp();
afterAll(() => provider.close());
const server = await serverForFile(
  { ...FAST_QUEUE_ENV, AI_TIMEOUT_MS: String(AI_TIMEOUT_MS) },
  { workers: true },
);
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const context: TaskContext = { ...server.context, log: silentLog };

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

const rows = <T>(query: SQL) => queryRows<T>(server.database.db, query);

const completion = (content: string) => chatCompletion(content, MODEL);

interface SentChat {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
}
const sentChat = (request: ReceivedRequest) => JSON.parse(request.body) as SentChat;
const userText = (request: ReceivedRequest) =>
  sentChat(request)
    .messages.filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n');
/** The requests the provider received since `from` (an index into its requests). */
const requestsSince = (from: number) => provider.requests.slice(from);

async function configureProvider() {
  await setSetting(admin, 'ai.base_url', `${provider.url}/v1`);
  await setSetting(admin, 'ai.model', MODEL);
  await setSetting(admin, 'ai.api_key', API_KEY);
}

const createWebsite = (name: string, status = 1) => fixtures.createWebsite(admin, { name, status });

async function saveWebsiteSettings(websiteId: number, settings: Record<string, unknown>) {
  const response = await admin.patch(`/api/websites/${websiteId}/update-settings`, settings);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

let slugCount = 0;
function createCategory(
  name: string,
  websites: number[],
  extra: { parents?: number[]; keywords?: string } = {},
) {
  slugCount += 1;
  return fixtures.createCategory(admin, {
    name,
    // Never the slug a generated category would get, so the generated slugs are predictable.
    slug: `${name.toLowerCase().replaceAll(' ', '-')}-manual-${slugCount}`,
    description: `All about ${name}`,
    keywords: extra.keywords ?? 'things',
    websites,
    parents: extra.parents ?? [],
  });
}

const createPost = (title: string, categoryId: number) =>
  fixtures.createPost(admin, {
    title,
    description: `The story of ${title}`,
    category_id: categoryId,
  });

type Kind = 'category' | 'post';
const variantsTable = (kind: Kind) =>
  sql.identifier(kind === 'category' ? 'category_variants' : 'post_variants');
const ownerColumn = (kind: Kind) => sql.identifier(kind === 'category' ? 'category_id' : 'post_id');

interface StoredVariant {
  id: number;
  description: string;
  version: number;
  is_updated_after_posted: boolean;
  delivery_status: string | null;
  delivery_error: string | null;
}

async function onlyVariant(kind: Kind, recordId: number) {
  const [variant] = await rows<StoredVariant>(
    sql`SELECT id, description, version, is_updated_after_posted, delivery_status, delivery_error
        FROM ${variantsTable(kind)} WHERE ${ownerColumn(kind)} = ${recordId}`,
  );
  return variant!;
}

const variantById = async (kind: Kind, id: number) =>
  (
    await rows<StoredVariant>(
      sql`SELECT id, description, version, is_updated_after_posted, delivery_status,
                 delivery_error
          FROM ${variantsTable(kind)} WHERE id = ${id}`,
    )
  )[0]!;

async function regenerate(kind: Kind, variantId: number) {
  const path = kind === 'category' ? '/api/categories' : '/api/posts';
  const response = await admin.post(`${path}/details/action`, {
    ids: [variantId],
    action: 'regenerate_content',
  });
  expect(response.body).toMatchObject({ queued: 1 });
}

/** Waits until the variant's state satisfies `done`, and answers it. */
const variantWhen = (kind: Kind, id: number, done: (v: StoredVariant) => boolean, what: string) =>
  waitFor(
    async () => {
      const variant = await variantById(kind, id);
      return done(variant) && variant;
    },
    { what },
  );

/**
 * Waits for the first failed try to be noted on the variant ("… (will retry)", still queued),
 * then for the last try to record `message` as failed; answers the failed variant.
 */
async function notedThenFailed(kind: Kind, id: number, message: string) {
  const noted = await variantWhen(kind, id, (v) => v.delivery_error !== null, 'the first try');
  expect(noted).toMatchObject({
    delivery_status: 'queued',
    delivery_error: `${message} (will retry)`,
  });
  const failed = await variantWhen(kind, id, (v) => v.delivery_status === 'failed', 'the last try');
  expect(failed.delivery_error).toBe(message);
  return failed;
}

// ── Regenerate content ───────────────────────────────────────────────────────────────────────

describe('regenerate content', () => {
  let garden: { id: number; name: string };
  beforeAll(async () => {
    garden = await createWebsite('Garden World');
    await saveWebsiteSettings(garden.id, {
      categoryPrompt:
        'Write about {category} for {website}. Use {keywords}. Like {reference_sites}.',
      reference_sites: 'https://reference.example.com',
      seoKeywords: 'gardening',
    });
  });

  it('records that the AI provider is not configured, then fails after the last try', async () => {
    const category = await createCategory('Unconfigured', [garden.id]);
    const variant = await onlyVariant('category', category.id);
    await regenerate('category', variant.id);

    const failed = await notedThenFailed('category', variant.id, AI_NOT_CONFIGURED);
    expect(failed).toMatchObject({
      description: variant.description,
      version: variant.version,
    });
    expect(provider.requests).toEqual([]);
  });

  describe('with the provider configured', () => {
    beforeAll(configureProvider);

    it("rewrites a category variant with the website's category prompt", async () => {
      const roses = await createCategory('Roses', [garden.id], { keywords: 'roses,pruning' });
      const variant = await onlyVariant('category', roses.id);
      await rows(
        sql`UPDATE category_variants SET is_posted_to_website = true WHERE id = ${variant.id}`,
      );
      const from = provider.requests.length;
      provider.answer(() => completion('Roses, freshly described.'));

      await regenerate('category', variant.id);
      const rewritten = await variantWhen(
        'category',
        variant.id,
        (v) => v.description === 'Roses, freshly described.',
        'the new description',
      );

      expect(rewritten).toMatchObject({
        version: variant.version + 1,
        is_updated_after_posted: true,
        delivery_status: null,
        delivery_error: null,
      });
      const [request] = requestsSince(from);
      expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
      expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(sentChat(request!).model).toBe(MODEL);
      const text = userText(request!);
      expect(text).toContain(
        'Write about Roses for Garden World. Use roses, pruning. Like https://reference.example.com.',
      );
      expect(text).toContain('All about Roses');
      expect(text).not.toMatch(/\{(website|category|keywords|reference_sites)\}/);
    });

    it('rewrites a post variant with the default post prompt when the website has none, back in the first stage', async () => {
      const tulips = await createCategory('Tulips', [garden.id], { keywords: 'bulbs' });
      const post = await createPost('Planting in autumn', tulips.id);
      const variant = await onlyVariant('post', post.id);
      const from = provider.requests.length;
      provider.answer(() => completion('Autumn planting, rewritten.'));
      const approved = await checker.post('/api/posts/details/action', {
        ids: [variant.id],
        action: 'mark_approved',
      });
      expect(approved.body).toMatchObject({ changed: 1 });

      await regenerate('post', variant.id);
      const rewritten = await variantWhen(
        'post',
        variant.id,
        (v) => v.description === 'Autumn planting, rewritten.',
        'the new description',
      );

      expect(rewritten).toMatchObject({
        version: variant.version + 1,
        is_updated_after_posted: false,
        delivery_status: null,
      });
      const text = userText(requestsSince(from)[0]!);
      expect(text).toContain(
        fillPrompt(DEFAULT_PROMPTS.post, {
          website: 'Garden World',
          category: 'Tulips',
          keywords: 'bulbs',
          reference_sites: 'https://reference.example.com',
        }),
      );
      expect(text).toContain('Planting in autumn');
      // New text from the provider goes back to the first stage of its review, unapproved, and
      // whoever asked for it counts as its author.
      const [review] = await rows<{ position: number; is_approved: boolean; requester: string }>(
        sql`SELECT s.position, v.is_approved, u.email AS requester FROM post_variants v
            JOIN workflow_stages s ON s.id = v.stage_id
            JOIN users u ON u.id = v.generation_requested_by WHERE v.id = ${variant.id}`,
      );
      expect(review).toEqual({ position: 0, is_approved: false, requester: ADMIN.email });
    });

    it('retries after a provider error and then saves the answer', async () => {
      const lilies = await createCategory('Lilies', [garden.id]);
      const variant = await onlyVariant('category', lilies.id);
      const from = provider.requests.length;
      provider.answer((_request, index) =>
        index === from
          ? { status: 500, json: { error: { message: 'overloaded' } } }
          : completion('Lilies, on the second try.'),
      );

      await regenerate('category', variant.id);
      const rewritten = await variantWhen(
        'category',
        variant.id,
        (v) => v.description === 'Lilies, on the second try.',
        'the retried description',
      );

      expect(rewritten).toMatchObject({
        version: variant.version + 1,
        delivery_status: null,
        delivery_error: null,
      });
      expect(requestsSince(from)).toHaveLength(2);
    });

    it('notes each time-out while tries remain and records the failure after the last, saving nothing', async () => {
      const ferns = await createCategory('Ferns', [garden.id]);
      const variant = await onlyVariant('category', ferns.id);
      const from = provider.requests.length;
      provider.answer(() => 'hang');
      const timedOut = `The AI provider did not answer within ${AI_TIMEOUT_MS} ms`;

      await regenerate('category', variant.id);
      const failed = await notedThenFailed('category', variant.id, timedOut);

      expect(failed).toMatchObject({
        description: variant.description,
        version: variant.version,
        is_updated_after_posted: false,
      });
      // The first try and JOB_RETRY_LIMIT retries.
      expect(requestsSince(from)).toHaveLength(1 + Number(FAST_QUEUE_ENV.JOB_RETRY_LIMIT));
    });
  });
});

// ── Scheduled refresh ────────────────────────────────────────────────────────────────────────

describe('scheduled refresh', () => {
  let travel: { id: number; name: string };
  let other: { id: number; name: string };
  let europe: CategoryRow;
  let asia: CategoryRow;
  let lawns: CategoryRow;

  beforeAll(async () => {
    await configureProvider();
    travel = await createWebsite('Travel Notes');
    other = await createWebsite('Lawn Care');
    await saveWebsiteSettings(travel.id, {
      categoryPrompt: 'Topics for {website} under {category}: {keywords}.',
      postPrompt: 'Posts for {website} about {category}.',
      categoryRefresh: 6,
      categories_limit: 50,
      postRefresh: 12,
      postsLimit: 50,
    });
    await saveWebsiteSettings(other.id, { categoryRefresh: 6, categories_limit: 50 });
    europe = await createCategory('Europe', [travel.id], { keywords: 'cities,trains' });
    asia = await createCategory('Asia', [travel.id]);
    lawns = await createCategory('Lawns', [other.id]);
    await createCategory('Paris', [travel.id], { parents: [europe.id] });
    await createPost('A week in Rome', europe.id);
    const switched = await admin.post('/api/categories/action', {
      ids: [europe.id, lawns.id],
      action: 'auto_google_sync',
    });
    expect(switched.body).toMatchObject({ changed: 2 });
  });

  const taskOf = async (websiteId: number, name: 'category-refresh' | 'post-refresh') => {
    const tasks = await websiteRefreshTasks(context);
    const task = tasks.find((t) => t.command === `website:${websiteId}:${name}`);
    expect(task, `website:${websiteId}:${name}`).toBeDefined();
    return task!;
  };
  const lastCategoryId = async () =>
    (await rows<{ id: number }>(sql`SELECT max(id)::int AS id FROM categories`))[0]!.id;
  const lastPostId = async () =>
    (await rows<{ id: number }>(sql`SELECT COALESCE(max(id), 0)::int AS id FROM posts`))[0]!.id;

  /** `count` sub-categories named '{prefix} 1' …, as the model would answer them. */
  const categoriesAnswer = (names: string[]) =>
    completion(
      JSON.stringify({
        categories: names.map((name) => ({
          name,
          description: `Travelling in ${name}`,
          keywords: ['travel', name.toLowerCase()],
        })),
      }),
    );
  const numbered = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

  it('lists a category and a post refresh per active website that has an interval and a limit', async () => {
    const closed = await createWebsite('Closed Site', 2);
    await saveWebsiteSettings(closed.id, { categoryRefresh: 1, categories_limit: 100 });
    const noLimit = await createWebsite('No Limit');
    await saveWebsiteSettings(noLimit.id, { postRefresh: 3, postsLimit: 0 });

    const commands = (await websiteRefreshTasks(context)).map((task) => task.command);

    expect(commands).toEqual(
      expect.arrayContaining([
        `website:${travel.id}:category-refresh`,
        `website:${travel.id}:post-refresh`,
        `website:${other.id}:category-refresh`,
      ]),
    );
    expect(commands).not.toContain(`website:${other.id}:post-refresh`);
    expect(commands.filter((command) => command.startsWith(`website:${closed.id}:`))).toEqual([]);
    expect(commands.filter((command) => command.startsWith(`website:${noLimit.id}:`))).toEqual([]);
    const from = new Date('2030-01-01T00:00:00Z');
    const postTask = await taskOf(travel.id, 'post-refresh');
    expect(postTask.nextRun(from).getTime() - from.getTime()).toBe(12 * 60 * 60 * 1000);
  });

  it('creates unapproved sub-categories of the auto-sync categories only, up to the limit', async () => {
    const before = await lastCategoryId();
    const from = provider.requests.length;
    // More than asked each time, with a name the category already has, a name given twice and a
    // name whose slug is taken.
    provider.answer((_request, index) =>
      index === from
        ? categoriesAnswer(['Paris', 'Lyon', 'Lyon', 'Asia', ...numbered('First', 26)])
        : categoriesAnswer(numbered('Second', 30)),
    );

    await (await taskOf(travel.id, 'category-refresh')).run(context);

    const requests = requestsSince(from);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(sentChat(request)).toMatchObject({
        model: MODEL,
        response_format: { type: 'json_object' },
      });
      expect(userText(request)).toContain('Topics for Travel Notes under Europe: cities, trains.');
    }
    expect(userText(requests[0]!)).toContain('Paris');
    // The second question knows what the first answer gave.
    expect(userText(requests[1]!)).toContain('First 21');

    const created = await rows<{
      id: number;
      name: string;
      slug: string;
      status: number;
      is_approved: number;
      auto_google_sync: number;
      created_under_id: number;
      parents: number[];
      websites: number[];
      approved_variants: number;
    }>(
      sql`SELECT c.id, c.name, c.slug, c.status, c.is_approved, c.auto_google_sync,
                 c.created_under_id,
                 ARRAY(SELECT parent_id FROM category_parents WHERE category_id = c.id) AS parents,
                 ARRAY(SELECT website_id FROM category_variants WHERE category_id = c.id)
                   AS websites,
                 (SELECT count(*)::int FROM category_variants
                  WHERE category_id = c.id AND is_approved) AS approved_variants
          FROM categories c WHERE c.id > ${before} ORDER BY c.id`,
    );
    // 25 asked of each answer: 'Paris' (already there) and the second 'Lyon' are skipped.
    expect(created.map((c) => c.name)).toEqual([
      'Lyon',
      'Asia',
      ...numbered('First', 21),
      ...numbered('Second', 25),
    ]);
    for (const category of created) {
      expect(category).toMatchObject({
        status: 1,
        is_approved: 0,
        auto_google_sync: 0,
        created_under_id: europe.id,
        parents: [europe.id],
        websites: [travel.id],
        approved_variants: 0,
      });
    }
    expect(created.find((c) => c.name === 'Asia')!.slug).toBe('asia');
    expect(new Set(created.map((c) => c.slug)).size).toBe(created.length);
  });

  it('gives a generated category whose slug is taken a unique one, and skips names given earlier in the run', async () => {
    const before = await lastCategoryId();
    const from = provider.requests.length;
    // 'Lyon' and 'Asia' are new under Lawns, but their slugs are taken.
    provider.answer(() => categoriesAnswer(['Lyon', 'Asia', ...numbered('Lawn', 40)]));

    await (await taskOf(other.id, 'category-refresh')).run(context);

    expect(requestsSince(from)).toHaveLength(2);
    const created = await rows<{ name: string; slug: string; created_under_id: number }>(
      sql`SELECT name, slug, created_under_id FROM categories WHERE id > ${before} ORDER BY id`,
    );
    // Two answers of 25, the second repeating the first: 25 new names in all.
    expect(created).toHaveLength(25);
    expect(created.slice(0, 2)).toEqual([
      { name: 'Lyon', slug: 'lyon-2', created_under_id: lawns.id },
      { name: 'Asia', slug: 'asia-2', created_under_id: lawns.id },
    ]);
  });

  it('creates unapproved posts in the auto-sync categories only, up to the limit', async () => {
    const before = await lastPostId();
    const from = provider.requests.length;
    provider.answer((_request, index) =>
      completion(
        JSON.stringify({
          posts: [
            ...(index === from ? ['A week in Rome'] : []),
            ...numbered(`Trip ${index - from + 1}.`, 30),
          ].map((title) => ({ title, description: `What happened on ${title}` })),
        }),
      ),
    );

    await (await taskOf(travel.id, 'post-refresh')).run(context);

    const requests = requestsSince(from);
    expect(requests).toHaveLength(2);
    expect(userText(requests[0]!)).toContain('Posts for Travel Notes about Europe.');
    expect(userText(requests[0]!)).toContain('A week in Rome');
    const created = await rows<{
      title: string;
      category_id: number;
      websites: number[];
      approved_variants: number;
    }>(
      sql`SELECT p.title, p.category_id,
                 ARRAY(SELECT website_id FROM post_variants WHERE post_id = p.id) AS websites,
                 (SELECT count(*)::int FROM post_variants WHERE post_id = p.id AND is_approved)
                   AS approved_variants
          FROM posts p WHERE p.id > ${before} ORDER BY p.id`,
    );
    // 'A week in Rome' is already there; 24 of the first answer and 25 of the second.
    expect(created.map((p) => p.title)).toEqual([
      ...numbered('Trip 1.', 24),
      ...numbered('Trip 2.', 25),
    ]);
    for (const post of created) {
      expect(post).toEqual({
        title: post.title,
        category_id: europe.id,
        websites: [travel.id],
        approved_variants: 0,
      });
    }
    const elsewhere = await rows<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM posts
          WHERE id > ${before} AND category_id IN (${asia.id}, ${lawns.id})`,
    );
    expect(elsewhere[0]!.count).toBe(0);
  });

  it('saves nothing of a run whose later answer is malformed, and marks the task failed', async () => {
    const categoriesBefore = await lastCategoryId();
    const from = provider.requests.length;
    provider.answer((_request, index) =>
      index === from
        ? categoriesAnswer(numbered('Valid', 25))
        : completion(JSON.stringify({ categories: [{ name: 'No description' }] })),
    );
    const command = `website:${travel.id}:category-refresh`;
    await schedulerTick(context, [], [websiteRefreshTasks]);
    await rows(
      sql`UPDATE scheduled_tasks SET next_run = now() - interval '1 minute'
          WHERE command = ${command}`,
    );

    await schedulerTick(context, [], [websiteRefreshTasks]);

    expect(requestsSince(from)).toHaveLength(2);
    const [task] = await server.database.db
      .select()
      .from(scheduledTasks)
      .where(sql`${scheduledTasks.command} = ${command}`);
    expect(task).toMatchObject({ status: 'Failed' });
    expect(task!.lastError).toContain("The AI provider's answer does not have the expected form");
    expect(await lastCategoryId()).toBe(categoriesBefore);
  });

  it('refuses an answer that is not JSON', async () => {
    const postsBefore = await lastPostId();
    provider.answer(() => completion('Here are some posts you might like!'));

    await expect((await taskOf(travel.id, 'post-refresh')).run(context)).rejects.toThrow(
      'The AI provider did not answer JSON: Here are some posts you might like!',
    );
    expect(await lastPostId()).toBe(postsBefore);
  });
});
