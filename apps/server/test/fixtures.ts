import {
  type CategoryRow,
  type PostRow,
  PUBLISH_TARGET_LABELS,
  SOCIAL_NETWORKS,
  type Website,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { type Db, queryRows } from '../src/db/client.ts';
import {
  categories,
  categoryVariants,
  channels,
  websiteSettings,
  websites,
} from '../src/db/schema.ts';
import type { TaskContext } from '../src/jobs/scheduler.ts';
import { newWebhookSecret } from '../src/lib/secrets.ts';
import {
  ApiClient,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
  TokenClient,
} from './harness.ts';

/**
 * The set-up the server's API tests share: each thing a test file needs is one explicit call,
 * made at the file's top level (vitest awaits a test file before it runs its tests, so what the
 * calls answer are plain constants).
 *
 *   const server = await serverForFile();     // the real server on a fresh database, closed
 *                                             // after the file's tests (same options as
 *                                             // startTestServer)
 *   const admin = await server.admin();       // signed in as the seeded super admin
 *   const editor = await server.userWithRoles(['editor']);   // a new user with these roles
 *   const roleIds = await roleIdsByName(admin);   // the seeded roles' ids: roleIds.editor
 *   const checker = await secondAdmin(admin);  // another admin, to approve what admin wrote
 *
 * Records through the API, as a person makes them. Each answer is checked (201), each call gets
 * a name, URL or slug of its own, and `overrides` replaces any field of the form:
 *
 *   const website = await createWebsite(admin, overrides?);              // an active website
 *   const category = await createCategory(admin, { websites: [website.id] });
 *   const post = await createPost(admin, { category_id: category.id });
 *   const { website, category, post } = await contentFixture(admin);      // one of each, linked
 *   websiteInput(overrides?), categoryInput(overrides?): the forms themselves, to send as they are
 *   const role = await created(admin, '/api/roles', { name: 'Moderator' });   // any other form
 *
 * Records straight into the database, for tests that need rows without what the API does
 * around them (audit entries, variants' approvals, queued jobs):
 *
 *   const [siteA, siteB, closedSite] = await insertTestWebsites(db);   // the last one inactive
 *   await giveWebhooks(db, [siteA, siteB]);   // post and category webhooks: publishing queues
 *   const food = await insertTestCategory(db, 'Food', [siteA, siteB]); // a variant per website
 */

/** The real server for the calling test file: started now, closed after the file's tests. */
export async function serverForFile(
  ...options: Parameters<typeof startTestServer>
): Promise<TestServer> {
  const server = await startTestServer(...options);
  afterAll(() => server.close());
  return server;
}

/** The server's context as a scheduled task gets it, its log kept quiet. */
export const quietTaskContext = (server: TestServer): TaskContext => ({
  ...server.context,
  log: { error: () => {}, warn: () => {}, info: () => {} },
});

/**
 * A setting as an install before an upgrade kept it, sealed if secret, in the group of
 * `groupOf` (a setting that still exists): the upgrade's statements then move it.
 */
export async function insertOldSetting(
  server: TestServer,
  setting: { fullPath: string; value: string; isSecret?: boolean; groupOf: string },
) {
  const { fullPath, value, isSecret = false, groupOf } = setting;
  await server.database.db.execute(
    sql`INSERT INTO settings (full_path, name, value, is_secret, group_id)
        SELECT ${fullPath}, ${fullPath.split('.').pop()!},
               ${isSecret ? server.context.secrets.seal(value) : value}, ${isSecret}, group_id
        FROM settings WHERE full_path = ${groupOf}`,
  );
}

/** The seeded roles' ids by name. */
export async function roleIdsByName(client: ApiClient) {
  const roles = await client.get<{ id: number; name: string }[]>('/api/roles/all');
  expect(roles.status, JSON.stringify(roles.body)).toBe(200);
  return Object.fromEntries(roles.body.map((role) => [role.name, role.id])) as Record<
    'super admin' | 'admin' | 'editor' | 'viewer',
    number
  >;
}

let checkers = 0;
/**
 * Another admin, made through the API (so it works on a server in another process too) and
 * signed in: approving, or publishing with Publish to Web, what `admin` wrote needs someone other
 * than its author while the four-eyes rule is on.
 */
export async function secondAdmin(admin: ApiClient) {
  checkers += 1;
  const email = `checker${checkers}@example.com`;
  const roleIds = await roleIdsByName(admin);
  await created(admin, '/api/users', {
    name: `Checker ${checkers}`,
    email,
    password: TEST_PASSWORD,
    roles: [roleIds.admin],
  });
  const client = new ApiClient(admin.baseUrl);
  await client.login(email, TEST_PASSWORD);
  return client;
}

let websiteCount = 0;
/** The website form: a name and URL of its own, hosted for a year. */
export function websiteInput(overrides: Record<string, unknown> = {}) {
  websiteCount += 1;
  return {
    name: `Site ${websiteCount}`,
    url: `https://site${websiteCount}.example.com`,
    hosting: 'Hetzner',
    cost: 1499.5,
    duration: 12,
    ...overrides,
  };
}

let categoryCount = 0;
/** The category form: a name and slug of their own, on no website unless told. */
export function categoryInput(overrides: Record<string, unknown> = {}) {
  categoryCount += 1;
  return {
    name: `Category ${categoryCount}`,
    slug: `category-${categoryCount}`,
    description: 'About things',
    type: 'default',
    keywords: 'things,stuff',
    websites: [] as number[],
    parents: [] as number[],
    ...overrides,
  };
}

/** POSTs a form that creates a record, checks the 201 and answers the record. */
export async function created<T>(client: ApiClient, path: string, body: Record<string, unknown>) {
  const response = await client.post(path, body);
  expect(response.status, `POST ${path}: ${JSON.stringify(response.body)}`).toBe(201);
  return response.body as T;
}

export const createWebsite = (client: ApiClient, overrides: Record<string, unknown> = {}) =>
  created<Website>(client, '/api/websites', websiteInput(overrides));

export const createCategory = (client: ApiClient, overrides: Record<string, unknown> = {}) =>
  created<CategoryRow>(client, '/api/categories', categoryInput(overrides));

let postCount = 0;
export function createPost(
  client: ApiClient,
  fields: { category_id: number } & Record<string, unknown>,
) {
  postCount += 1;
  return created<PostRow>(client, '/api/posts', {
    title: `Post number ${postCount}`,
    description: `Body of post ${postCount}`,
    ...fields,
  });
}

/**
 * An active website, a category on it and a post in that category, made through the API; with
 * `postWebhookUrl`, the website's posts are delivered there.
 */
export async function contentFixture(
  client: ApiClient,
  { postWebhookUrl }: { postWebhookUrl?: string } = {},
) {
  const website = await createWebsite(client);
  if (postWebhookUrl) {
    await client.patch(`/api/websites/${website.id}/update-settings`, {
      post_webhook_url: postWebhookUrl,
    });
  }
  const category = await createCategory(client, { websites: [website.id] });
  const post = await createPost(client, { category_id: category.id });
  return { website, category, post };
}

/** Names of the websites `insertTestWebsites` creates: two active, then an inactive one. */
const TEST_WEBSITE_NAMES = ['Alpha Site', 'Beta Site', 'Closed Site'] as const;

/** Answers the websites' ids in the order of TEST_WEBSITE_NAMES. */
export async function insertTestWebsites(db: Db): Promise<[number, number, number]> {
  const rows = await db
    .insert(websites)
    .values(
      TEST_WEBSITE_NAMES.map((name, i) => ({
        name,
        url: `https://site${i}.example.com`,
        hosting: 'Test',
        cost: 10,
        duration: 12,
        status: name === 'Closed Site' ? 2 : 1,
        webhookSecret: newWebhookSecret(),
      })),
    )
    .returning({ id: websites.id });
  return rows.map((row) => row.id) as [number, number, number];
}

/**
 * A default channel for each network that publishes through channels, without a token: a publish
 * to any network is queued for every website, and fails as not configured if a worker takes it.
 */
export async function insertDefaultChannels(db: Db) {
  await db.insert(channels).values(
    SOCIAL_NETWORKS.map((network) => ({
      network,
      name: `${PUBLISH_TARGET_LABELS[network]} test channel`,
      externalId: `test-${network}`,
      isDefault: true,
    })),
  );
}

/**
 * Gives websites that have no settings yet a post and a category webhook, so that publishing to
 * them is queued (a website without one is refused up front). The addresses answer nothing: for
 * tests that look at the queue, not at a delivery.
 */
export async function giveWebhooks(db: Db, websiteIds: readonly number[]) {
  await db.insert(websiteSettings).values(
    websiteIds.map((websiteId) => ({
      websiteId,
      postWebhookUrl: `https://hooks${websiteId}.example.com/posts`,
      categoryWebhookUrl: `https://hooks${websiteId}.example.com/categories`,
    })),
  );
}

/** A category by this name, with a variant on each of the websites; answers its id. */
export async function insertTestCategory(db: Db, name: string, websiteIds: number[] = []) {
  const [row] = await db
    .insert(categories)
    .values({
      name,
      slug: name.toLowerCase().replaceAll(' ', '-'),
      description: name,
      keywords: name.toLowerCase(),
    })
    .returning({ id: categories.id });
  const categoryId = row!.id;
  if (websiteIds.length > 0) {
    await db
      .insert(categoryVariants)
      .values(websiteIds.map((websiteId) => ({ categoryId, websiteId })));
  }
  return categoryId;
}

/** A role holding exactly these permissions, made straight in the database; answers its id. */
export async function roleWithPermissions(
  db: Db,
  name: string,
  permissionNames: readonly string[],
): Promise<number> {
  const [role] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO roles (name, guard_name) VALUES (${name}, 'web') RETURNING id`,
  );
  await db.execute(
    sql`INSERT INTO role_permissions (role_id, permission_id)
        SELECT ${role!.id}, id FROM permissions
        WHERE name IN (${sql.join(
          permissionNames.map((permission) => sql`${permission}`),
          sql`, `,
        )})`,
  );
  return role!.id;
}

/** An instant `days` from now (before it, when negative), as the API takes one. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

let tokensMade = 0;
/**
 * An API token made through the API by `owner` with `grant` (abilities or a role, websites), valid
 * 30 days; answers a client that sends it, and the token's row.
 */
export async function tokenOf(owner: ApiClient, grant: Record<string, unknown>) {
  tokensMade += 1;
  const response = await owner.post('/api/tokens', {
    name: `Script ${tokensMade}`,
    expires_at: inDays(30),
    ...grant,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { client: new TokenClient(owner.baseUrl, response.body.token), row: response.body };
}
