import {
  addDays,
  type CalendarAnswer,
  type PostDetailRow,
  SCHEDULE_MESSAGES,
  SKIP_REASONS,
  zonedInstant,
  zonedParts,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { publishDueVariants } from '../src/content/schedule/due.ts';
import { queryRows } from '../src/db/client.ts';
import { startFakeHttp } from './fake-http.ts';
import { createCategory, createPost, createWebsite, serverForFile } from './fixtures.ts';
import { type ApiClient, FAST_QUEUE_ENV, waitFor } from './harness.ts';

/**
 * Scheduled publishing through the API, with the job workers running and a local website that
 * records when each variant arrives.
 */
// A loaded machine must not time a delivery out: a retry would arrive a second time.
const server = await serverForFile(
  { ...FAST_QUEUE_ENV, DELIVERY_TIMEOUT_MS: '15000' },
  { workers: true },
);
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const receiver = await startFakeHttp();
afterAll(() => receiver.close());

/** Arrival times of each variant's pushes, as the receiver saw them. */
const arrivals = new Map<number, number[]>();
receiver.answer((request) => {
  const variantId = (JSON.parse(request.body) as { variant: { id: number } }).variant.id;
  arrivals.set(variantId, [...(arrivals.get(variantId) ?? []), Date.now()]);
  return { status: 200, json: { ok: true } };
});

async function websiteWithWebhook(client: ApiClient) {
  const website = await createWebsite(client);
  const saved = await client.patch(`/api/websites/${website.id}/update-settings`, {
    post_webhook_url: `${receiver.url}/hooks/${website.id}/posts`,
  });
  expect(saved.status).toBe(200);
  return website;
}

/** `count` posts on the websites, approved everywhere; answers their ids and variants. */
async function approvedPosts(websiteIds: number[], count: number) {
  const category = await createCategory(admin, { websites: websiteIds });
  const postIds: number[] = [];
  for (let index = 0; index < count; index += 1) {
    postIds.push((await createPost(admin, { category_id: category.id })).id);
  }
  const approved = await checker.post('/api/posts/action', { ids: postIds, action: 'approve' });
  expect(approved.status).toBe(200);
  const variants: (PostDetailRow & { post_id: number })[] = [];
  for (const id of postIds) {
    variants.push(...(await detailRows(id)).map((row) => ({ ...row, post_id: id })));
  }
  return { categoryId: category.id, postIds, variants };
}

async function detailRows(postId: number) {
  const response = await admin.get<{ data: PostDetailRow[] }>(`/api/posts/details/${postId}`);
  expect(response.status).toBe(200);
  return response.body.data;
}

const calendar = async (query: Record<string, string | number>) => {
  const response = await admin.get<CalendarAnswer>(
    `/api/calendar?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

/** Whether the job queue has nothing running, due or waiting for a retry (later wake-ups aside). */
async function queueIdle() {
  const rows = await queryRows<{ count: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS count FROM pgboss.job
        WHERE state IN ('retry', 'active') OR (state = 'created' AND start_after <= now())`,
  );
  return rows[0]?.count === 0;
}

const HOUR_MS = 60 * 60 * 1000;

describe('scheduling a publish', () => {
  it('publishes three variants after their time and not before, never an unscheduled one, and the calendar follows them', async () => {
    const website = await websiteWithWebhook(admin);
    const { variants } = await approvedPosts([website.id], 4);
    const [kept, dropped] = [variants.slice(0, 3), variants[3]!];
    const publishAt = new Date(Math.ceil((Date.now() + 10_000) / 1000) * 1000).toISOString();
    const scheduled = await admin.post('/api/posts/details/action', {
      ids: variants.map((variant) => variant.pivot_id).join(','),
      action: 'schedule_publish',
      publish_at: publishAt.replace('Z', '+00:00'),
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toMatchObject({ changed: 4, queued: 0, skipped: [] });
    const unscheduled = await admin.post('/api/posts/details/action', {
      ids: String(dropped.pivot_id),
      action: 'unschedule',
    });
    expect(unscheduled.body).toMatchObject({ changed: 1 });

    for (const variant of kept) {
      expect((await detailRows(variant.post_id))[0]).toMatchObject({ publish_at: publishAt });
    }
    expect((await detailRows(dropped.post_id))[0]).toMatchObject({ publish_at: null });
    const range = {
      from: new Date(Date.now() - HOUR_MS).toISOString(),
      to: new Date(Date.now() + HOUR_MS).toISOString(),
      website_id: website.id,
    };
    const before = await calendar(range);
    expect(before.data.map((item) => [item.pivot_id, item.state, item.at])).toEqual(
      kept.map((variant) => [variant.pivot_id, 'scheduled', publishAt]),
    );

    await waitFor(async () => kept.every((variant) => arrivals.has(variant.pivot_id)), {
      timeoutMs: 60_000,
      what: 'the three scheduled variants to arrive',
    });
    for (const variant of kept) {
      const [arrived, ...again] = arrivals.get(variant.pivot_id)!;
      expect(arrived).toBeGreaterThanOrEqual(Date.parse(publishAt));
      expect(again).toEqual([]);
    }
    await waitFor(
      async () =>
        (await queueIdle()) &&
        (await Promise.all(kept.map((variant) => detailRows(variant.post_id)))).every(
          ([row]) => row?.delivery_status === 'delivered',
        ),
      { what: 'the three delivered and an idle queue' },
    );
    expect(arrivals.has(dropped.pivot_id)).toBe(false);

    const after = await calendar({ ...range, state: 'published' });
    expect(after.data.map((item) => item.pivot_id).sort()).toEqual(
      kept.map((variant) => variant.pivot_id).sort(),
    );
    expect(await calendar({ ...range, state: 'scheduled' })).toEqual({
      data: [],
      truncated: false,
    });
    for (const variant of kept) {
      expect((await detailRows(variant.post_id))[0]).toMatchObject({
        publish_at: null,
        is_posted_to_website: 1,
        delivery_status: 'delivered',
      });
    }
  }, 120_000);

  it('keeps a variant of an inactive website waiting past its time, and publishes it once the website is active', async () => {
    const website = await websiteWithWebhook(admin);
    const { variants } = await approvedPosts([website.id], 1);
    const variant = variants[0]!;
    await server.database.db.execute(sql`UPDATE websites SET status = 2 WHERE id = ${website.id}`);
    const publishAt = new Date(Date.now() + 2000).toISOString();
    const scheduled = await admin.post('/api/posts/details/action', {
      ids: [variant.pivot_id],
      action: 'schedule_publish',
      publish_at: publishAt,
    });
    expect(scheduled.body).toMatchObject({ changed: 1 });
    await waitFor(async () => Date.now() > Date.parse(publishAt) && (await queueIdle()), {
      what: 'the wake-up at the publish time',
    });
    expect(arrivals.has(variant.pivot_id)).toBe(false);
    expect((await detailRows(variant.post_id))[0]).toMatchObject({ publish_at: publishAt });

    await server.database.db.execute(sql`UPDATE websites SET status = 1 WHERE id = ${website.id}`);
    // The scheduled task's run, which picks up what had to wait.
    expect(await publishDueVariants(server.database.db, server.context.queue)).toBe(1);
    await waitFor(async () => arrivals.has(variant.pivot_id), { what: 'the waiting variant' });
    expect((await detailRows(variant.post_id))[0]).toMatchObject({ publish_at: null });
  }, 60_000);

  it('makes a variant due at its publish time, not a minute before, whatever offset the time was given in', async () => {
    const website = await websiteWithWebhook(admin);
    const { variants } = await approvedPosts([website.id], 1);
    const variant = variants[0]!;
    // Ten minutes ahead on the whole minute, written as the wall time of a +05:30 zone.
    const at = Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000;
    const kolkata = new Date(at + 5.5 * HOUR_MS).toISOString().replace('.000Z', '+05:30');
    const scheduled = await admin.post('/api/posts/details/action', {
      ids: String(variant.pivot_id),
      action: 'schedule_publish',
      publish_at: kolkata,
    });
    expect(scheduled.body).toMatchObject({ changed: 1 });
    expect((await detailRows(variant.post_id))[0]).toMatchObject({
      publish_at: new Date(at).toISOString(),
    });

    // The due run's clock is set, not waited for.
    const { db } = server.database;
    expect(await publishDueVariants(db, server.context.queue, new Date(at - 60_000))).toBe(0);
    expect((await detailRows(variant.post_id))[0]).toMatchObject({
      publish_at: new Date(at).toISOString(),
    });
    expect(await publishDueVariants(db, server.context.queue, new Date(at))).toBe(1);
    await waitFor(async () => arrivals.has(variant.pivot_id), { what: 'the due variant' });
    expect((await detailRows(variant.post_id))[0]).toMatchObject({ publish_at: null });
  });

  it('refuses a time in the past and an unapproved variant with 422 on that field, changing nothing', async () => {
    const website = await websiteWithWebhook(admin);
    const category = await createCategory(admin, { websites: [website.id] });
    const post = await createPost(admin, { category_id: category.id });
    const [variant] = await detailRows(post.id);

    const past = await admin.post('/api/posts/details/action', {
      ids: [variant!.pivot_id],
      action: 'schedule_publish',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ publish_at: [SCHEDULE_MESSAGES.publishAtPast] });

    const unapproved = await admin.post('/api/posts/details/action', {
      ids: [variant!.pivot_id],
      action: 'schedule_publish',
      publish_at: new Date(Date.now() + HOUR_MS).toISOString(),
    });
    expect(unapproved.status).toBe(422);
    expect(unapproved.body.errors).toEqual({ ids: [SCHEDULE_MESSAGES.notApproved(1)] });
    expect((await detailRows(post.id))[0]).toMatchObject({ publish_at: null });

    const bulk = await admin.post('/api/posts/action', {
      ids: [post.id],
      action: 'schedule_publish',
      publish_at: new Date(Date.now() + HOUR_MS).toISOString(),
    });
    expect(bulk.body).toMatchObject({
      changed: 0,
      skipped: [{ reason: SKIP_REASONS.notApproved, count: 1 }],
    });

    const misplaced = await admin.post('/api/posts/details/action', {
      ids: [variant!.pivot_id],
      action: 'mark_synced',
      publish_at: new Date(Date.now() + HOUR_MS).toISOString(),
    });
    expect(misplaced.status).toBe(422);
    expect(misplaced.body.errors).toEqual({ publish_at: [SCHEDULE_MESSAGES.notScheduleField] });
  });
});

describe('scheduling from a list', () => {
  it('schedules every matching post on the chosen websites, and says which ones it left and why', async () => {
    const withWebhook = await websiteWithWebhook(admin);
    const withoutWebhook = await createWebsite(admin);
    const { categoryId, postIds } = await approvedPosts([withWebhook.id, withoutWebhook.id], 2);
    const publishAt = new Date(Date.now() + 48 * HOUR_MS).toISOString();
    const chosen = await admin.post('/api/posts/action', {
      filter: { category_id: categoryId },
      action: 'schedule_publish',
      publish_at: publishAt,
      website_ids: [withWebhook.id],
    });
    expect(chosen.body).toMatchObject({ changed: 2, skipped: [] });
    const rows = (await Promise.all(postIds.map(detailRows))).flat();
    expect(
      rows.map((row) => [row.website_id, row.publish_at]).sort(([a], [b]) => Number(a) - Number(b)),
    ).toEqual(
      [
        [withWebhook.id, publishAt],
        [withWebhook.id, publishAt],
        [withoutWebhook.id, null],
        [withoutWebhook.id, null],
      ].sort(([a], [b]) => Number(a) - Number(b)),
    );

    const everywhere = await admin.post('/api/posts/action', {
      filter: { category_id: categoryId },
      action: 'schedule_publish',
      publish_at: publishAt,
    });
    expect(everywhere.body).toMatchObject({
      changed: 0,
      skipped: [
        {
          reason: SKIP_REASONS.noWebhook.post,
          count: 2,
          websites: [{ id: withoutWebhook.id, name: withoutWebhook.name }],
        },
        { reason: SKIP_REASONS.alreadyDone, count: 2 },
      ],
    });
  });
});

describe('spreading and posting slots', () => {
  it('spreads 30 variants over 3 days at 09:00–17:00 inside those hours, evenly per website', async () => {
    const zone = 'Europe/Paris';
    const [first, second] = [await websiteWithWebhook(admin), await websiteWithWebhook(admin)];
    const { postIds } = await approvedPosts([first.id, second.id], 15);
    // Three whole days in the zone, from the day after tomorrow.
    const firstDay = addDays(zonedParts(zone, Date.now()).date, 2);
    const from = new Date(zonedInstant(zone, firstDay, '00:00'));
    const to = new Date(zonedInstant(zone, addDays(firstDay, 3), '00:00'));
    const spread = await admin.post('/api/posts/action', {
      ids: postIds,
      action: 'schedule_spread',
      from: from.toISOString(),
      to: to.toISOString(),
      daily_from: '09:00',
      daily_to: '17:00',
      timezone: zone,
    });
    expect(spread.status, JSON.stringify(spread.body)).toBe(200);
    expect(spread.body).toMatchObject({ changed: 30, skipped: [] });

    for (const website of [first, second]) {
      const items = (
        await calendar({
          from: from.toISOString(),
          to: to.toISOString(),
          state: 'scheduled',
          website_id: website.id,
        })
      ).data;
      const times = items.map((item) => Date.parse(item.at));
      expect(times).toHaveLength(15);
      for (const time of times) {
        const { time: local } = zonedParts(zone, time);
        expect(local >= '09:00' && local < '17:00', `${new Date(time).toISOString()}`).toBe(true);
      }
      // 24 hours of posting time (eight a day for three days): fifteen variants, five a day,
      // 96 minutes apart within a day.
      const perDay = new Map<string, number[]>();
      for (const time of times) {
        const { date } = zonedParts(zone, time);
        perDay.set(date, [...(perDay.get(date) ?? []), time]);
      }
      expect([...perDay.keys()]).toEqual([0, 1, 2].map((day) => addDays(firstDay, day)));
      for (const day of perDay.values()) {
        expect(day).toHaveLength(5);
        const gaps = day.slice(1).map((time, index) => time - day[index]!);
        expect(gaps).toEqual(Array(4).fill(96 * 60 * 1000));
      }
    }
  });

  it("puts variants into each website's next free posting slots, past blocked dates", async () => {
    const website = await websiteWithWebhook(admin);
    const zone = 'America/New_York';
    const tomorrow = zonedParts(zone, Date.now() + 24 * HOUR_MS).date;
    const slots = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      posting_days: [0, 1, 2, 3, 4, 5, 6],
      posting_times: ['14:00', '10:00'],
      posting_timezone: zone,
      blocked_dates: [tomorrow],
    });
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    expect(slots.body).toMatchObject({ posting_times: ['10:00', '14:00'] });
    const { postIds } = await approvedPosts([website.id], 5);
    const answer = await admin.post('/api/posts/action', {
      ids: postIds,
      action: 'schedule_next_slots',
      website_ids: [website.id],
    });
    expect(answer.body).toMatchObject({ changed: 5, skipped: [] });
    const times = (
      await calendar({
        from: new Date().toISOString(),
        to: new Date(Date.now() + 10 * 24 * HOUR_MS).toISOString(),
        website_id: website.id,
      })
    ).data.map((item) => zonedParts(zone, Date.parse(item.at)));
    expect(times).toHaveLength(5);
    for (const slot of times) {
      expect(['10:00', '14:00']).toContain(slot.time);
      expect(slot.date).not.toBe(tomorrow);
    }
    expect(new Set(times.map((slot) => `${slot.date} ${slot.time}`)).size).toBe(5);

    const refused = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      posting_times: ['25:00'],
      posting_timezone: 'Mars/Olympus',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      posting_timezone: [SCHEDULE_MESSAGES.timezoneInvalid],
    });
  });
});

describe('the calendar of a busy month', () => {
  // Its own time-out: ten thousand posts and variants written with every trigger they fire have
  // taken 17–31 s on the embedded database of a loaded two-core machine.
  it('answers 5,000 of a month of 10,000 scheduled items, in time order, saying it cut them', async () => {
    const website = await websiteWithWebhook(admin);
    const category = await createCategory(admin, { websites: [website.id] });
    // Straight into the database: ten thousand posts through the API would take minutes.
    await server.database.db.execute(
      sql`WITH made AS (
            INSERT INTO posts (title, description, category_id)
            SELECT 'Busy post ' || n, 'Body', ${category.id} FROM generate_series(1, 10000) n
            RETURNING id)
          INSERT INTO post_variants (post_id, website_id, is_approved, publish_at)
          SELECT id, ${website.id}, true,
                 '2099-01-01T00:00:00Z'::timestamptz + (id % 40000) * interval '1 minute'
          FROM made`,
    );
    const started = performance.now();
    const month = await calendar({
      from: '2099-01-01T00:00:00Z',
      to: '2099-02-01T00:00:00Z',
      website_id: website.id,
    });
    console.log(
      `calendar: a month of 10,000 items answered in ${Math.round(performance.now() - started)} ms`,
    );
    expect(month.truncated).toBe(true);
    expect(month.data).toHaveLength(5000);
    const times = month.data.map((item) => Date.parse(item.at));
    expect(times.every((time, index) => index === 0 || time >= times[index - 1]!)).toBe(true);
    expect(month.data[0]).toMatchObject({
      kind: 'post',
      state: 'scheduled',
      website_id: website.id,
      website_name: website.name,
    });
    const categoriesOnly = await calendar({
      from: '2099-01-01T00:00:00Z',
      to: '2099-02-01T00:00:00Z',
      kind: 'category',
    });
    expect(categoriesOnly).toEqual({ data: [], truncated: false });
  }, 120_000);
});
