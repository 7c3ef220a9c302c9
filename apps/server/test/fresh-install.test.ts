import { readFileSync } from 'node:fs';
import { REVIEW_SECOND_PERSON_SETTING, WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/db/demo.ts';
import { startFakeHttp } from './fake-http.ts';
import { createCategory, createPost, createWebsite, serverForFile } from './fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from './harness.ts';

/**
 * A fresh install as `npm start` makes it: the demo data and its one administrator, no other
 * user, no setting changed. Every client of the original API creates, approves and publishes
 * there as that administrator, which the review workflow's four-eyes rule must not refuse.
 */

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
await seedDemo(server.database.db);
const admin = await server.admin();
const receiver = await startFakeHttp();
afterAll(() => receiver.close());

const website = await createWebsite(admin);
const settings = await admin.patch(`/api/websites/${website.id}/update-settings`, {
  post_webhook_url: `${receiver.url}/posts`,
  category_webhook_url: `${receiver.url}/categories`,
});
expect(settings.status, JSON.stringify(settings.body)).toBe(200);

const delivered = (path: string, name: string) =>
  waitFor(
    async () =>
      receiver.requests.find(
        (request) => request.url === path && request.body.includes(JSON.stringify(name)),
      ),
    { what: `the delivery of ${name} to ${path}` },
  );

describe('a fresh install with the demo administrator alone', () => {
  it('approves and publishes a category it created through the original routes', async () => {
    const category = await createCategory(admin, { websites: [website.id] });
    const approve = await admin.post('/api/categories/action', {
      ids: `${category.id}`,
      action: 'approve',
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(approve.body).toMatchObject({ changed: 1, skipped: [] });
    const publish = await admin.post('/api/categories/action', {
      ids: `${category.id}`,
      action: 'publish_web',
    });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
    await delivered('/categories', category.name);
  });

  it('approves and publishes a post it created through the original routes', async () => {
    const category = await createCategory(admin, { websites: [website.id] });
    const post = await createPost(admin, { category_id: category.id });
    const approve = await admin.post('/api/posts/action', { ids: `${post.id}`, action: 'approve' });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(approve.body).toMatchObject({ changed: 1, skipped: [] });

    const another = await createPost(admin, { category_id: category.id });
    // Publish to Web approves what is not approved yet, as it always did.
    const publish = await admin.post('/api/posts/action', {
      ids: `${post.id},${another.id}`,
      action: 'publish_web',
    });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
    await delivered('/posts', post.title);
    await delivered('/posts', another.title);
  });

  it('with the four-eyes rule turned on, refuses the only administrator and says what to do', async () => {
    await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'true');
    onTestFinished(() => setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'false'));
    const category = await createCategory(admin, { websites: [website.id] });
    const post = await createPost(admin, { category_id: category.id });
    const publish = await admin.post('/api/posts/action', {
      ids: `${post.id}`,
      action: 'publish_web',
    });
    expect(publish.status, JSON.stringify(publish.body)).toBe(422);
    expect(publish.body.errors.stage_id).toEqual([WORKFLOW_MESSAGES.noOtherApprover]);
  });
});

describe('the upgrade that makes the four-eyes rule opt-in', () => {
  const db = server.database.db;
  const migration = readFileSync(
    new URL('../src/db/migrations/0033_second_person_opt_in.sql', import.meta.url),
    'utf8',
  );
  const ruleValue = async () =>
    (
      await queryRows<{ value: string }>(
        db,
        sql`SELECT value FROM settings WHERE full_path = ${REVIEW_SECOND_PERSON_SETTING}`,
      )
    )[0]!.value;

  it('turns the rule off where it was on as seeded, and nobody changed it', async () => {
    await db.execute(
      sql`UPDATE settings SET value = 'true', updated_at = created_at
          WHERE full_path = ${REVIEW_SECOND_PERSON_SETTING}`,
    );
    await db.execute(sql.raw(migration));
    expect(await ruleValue()).toBe('false');
  });

  it('keeps the rule on where someone turned it on', async () => {
    await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'true');
    onTestFinished(() => setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'false'));
    await db.execute(sql.raw(migration));
    expect(await ruleValue()).toBe('true');
  });
});
