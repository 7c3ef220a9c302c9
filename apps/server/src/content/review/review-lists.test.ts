import { ASSIGNEE_FILTER_MESSAGE } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  behindTriggers,
  runDerivedStateTask,
  withTriggerDisabled,
} from '../../../test/derived-state.ts';
import {
  createCategory,
  createPost,
  createWebsite,
  serverForFile,
} from '../../../test/fixtures.ts';
import type { ApiClient } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { checkDerivedState } from '../../db/integrity.ts';
import { foldStageCounts } from '../../db/review-stage-counts.ts';

/**
 * The Posts and Categories lists' Stage and Assignee filters (`assignee_id=me` for the caller)
 * and their stage and assignee columns, and the dashboard's count of variants per stage with the
 * counts the triggers keep for it.
 */

const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();
const anna = await server.userWithRoles(['editor'], 'anna@example.com');
const ben = await server.userWithRoles(['editor'], 'ben@example.com');
const viewer = await server.userWithRoles(['viewer'], 'viewer@example.com');

async function userId(email: string) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE email = ${email}`,
  );
  return row!.id;
}
const annaId = await userId('anna@example.com');
const benId = await userId('ben@example.com');

const options = (await admin.get('/api/workflows/options')).body as {
  is_default: boolean;
  stages: { id: number; name: string; colour: string }[];
}[];
const [draft, inReview, approved] = options.find((workflow) => workflow.is_default)!.stages;

const siteA = await createWebsite(admin);
const siteB = await createWebsite(admin);
const category = await createCategory(admin, { websites: [siteA.id, siteB.id] });

/** The post's variant on each website, by website id. */
async function variantIds(postId: number) {
  const response = await admin.get(`/api/posts/details/${postId}`);
  return new Map<number, number>(
    response.body.data.map((row: any) => [row.website_id, row.pivot_id]),
  );
}

const detailAction = (client: ApiClient, ids: number[], body: Record<string, unknown>) =>
  client.post('/api/posts/details/action', { ids, ...body });

// One: A in review assigned to Anna, B a draft assigned to Ben. Two: A in review, unassigned.
// Three: A a draft assigned to Anna. Four: untouched drafts.
const one = await createPost(admin, { category_id: category.id, title: 'Lists one' });
const two = await createPost(admin, { category_id: category.id, title: 'Lists two' });
const three = await createPost(admin, { category_id: category.id, title: 'Lists three' });
const four = await createPost(admin, { category_id: category.id, title: 'Lists four' });
const ofOne = await variantIds(one.id);
const ofTwo = await variantIds(two.id);
const ofThree = await variantIds(three.id);
for (const ids of [[ofOne.get(siteA.id)!], [ofTwo.get(siteA.id)!]]) {
  expect(
    (await detailAction(ben, ids, { action: 'move_stage', stage_id: inReview!.id })).status,
  ).toBe(200);
}
await detailAction(admin, [ofOne.get(siteA.id)!, ofThree.get(siteA.id)!], {
  action: 'assign',
  user_id: annaId,
});
await detailAction(admin, [ofOne.get(siteB.id)!], { action: 'assign', user_id: benId });

const titles = async (client: ApiClient, path: string) => {
  const response = await client.get(path);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((row: { title: string }) => row.title);
};

describe('the Posts list by stage and assignee', () => {
  it('assignee_id=me is the caller, and a user id anyone', async () => {
    expect(await titles(anna, '/api/posts?assignee_id=me')).toEqual(['Lists three', 'Lists one']);
    expect(await titles(ben, '/api/posts?assignee_id=me')).toEqual(['Lists one']);
    expect(await titles(admin, '/api/posts?assignee_id=me')).toEqual([]);
    expect(await titles(admin, `/api/posts?assignee_id=${annaId}`)).toEqual([
      'Lists three',
      'Lists one',
    ]);
  });

  it('with a stage, one variant in that stage assigned to that user', async () => {
    expect(await titles(anna, `/api/posts?assignee_id=me&stage_id=${inReview!.id}`)).toEqual([
      'Lists one',
    ]);
    // Ben's variant of One is a draft; its variant in review is Anna's.
    expect(await titles(ben, `/api/posts?assignee_id=me&stage_id=${inReview!.id}`)).toEqual([]);
    expect(await titles(ben, `/api/posts?assignee_id=me&stage_id=${draft!.id}`)).toEqual([
      'Lists one',
    ]);
    expect(await titles(admin, `/api/posts?query=Lists&stage_id=${inReview!.id}`)).toEqual([
      'Lists two',
      'Lists one',
    ]);
  });

  it('a stage alone pages each post once, newest first, with its total', async () => {
    const [found] = await queryRows<{ ids: number[] }>(
      db,
      sql`SELECT array_agg(p.id ORDER BY p.id DESC) AS ids FROM posts p
          WHERE EXISTS (SELECT 1 FROM post_variants v
                        WHERE v.post_id = p.id AND v.stage_id = ${draft!.id})`,
    );
    // Three and Four have a draft on both websites: one row each all the same.
    expect(found!.ids.length).toBeGreaterThan(2);
    for (const page of [1, 2]) {
      const listed = await admin.get(`/api/posts?stage_id=${draft!.id}&per_page=2&page=${page}`);
      expect(listed.body).toMatchObject({ total: found!.ids.length, total_is_estimate: false });
      expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual(
        found!.ids.slice((page - 1) * 2, page * 2),
      );
    }
  });

  it('refuses an assignee that is neither an id nor me', async () => {
    const refused = await admin.get('/api/posts?assignee_id=someone');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.assignee_id).toEqual([ASSIGNEE_FILTER_MESSAGE]);
  });

  it("each row carries its variants' distinct stages in order, and their assignees", async () => {
    const response = await admin.get('/api/posts?query=Lists');
    const rows = new Map<string, any>(response.body.data.map((row: any) => [row.title, row]));
    expect(rows.get('Lists one').stages).toEqual([
      { id: draft!.id, name: draft!.name, colour: draft!.colour },
      { id: inReview!.id, name: inReview!.name, colour: inReview!.colour },
    ]);
    expect(rows.get('Lists one').assignees).toEqual([
      { id: annaId, name: 'Test anna@example.com' },
      { id: benId, name: 'Test ben@example.com' },
    ]);
    expect(rows.get('Lists four')).toMatchObject({
      stages: [{ id: draft!.id, name: 'Draft' }],
      assignees: [],
    });
    const single = await admin.put(`/api/posts/${four.id}`, {
      title: 'Lists four',
      description: 'Edited',
      category_id: category.id,
    });
    expect(single.body).toMatchObject({ stages: [{ name: 'Draft' }], assignees: [] });
  });

  it('a bulk action takes the same filter, me included', async () => {
    const answer = await anna.post('/api/posts/action', {
      action: 'assign',
      user_id: benId,
      filter: { assignee_id: 'me', stage_id: draft!.id },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Three's variant on A: Anna's draft; its B variant and One's are not Anna's drafts, but the
    // bulk acts on every variant of the posts the filter finds.
    expect(await titles(admin, `/api/posts?assignee_id=${benId}`)).toEqual([
      'Lists three',
      'Lists one',
    ]);
  });
});

describe('the Categories list by stage and assignee', () => {
  it('filters and shows the stages of its variants', async () => {
    const [variant] = (await admin.get(`/api/categories/details/${category.id}?page=1`)).body
      .data as { pivot_id: number }[];
    await admin.post('/api/categories/details/action', {
      ids: [variant!.pivot_id],
      action: 'assign',
      user_id: annaId,
    });
    const mine = await anna.get('/api/categories?assignee_id=me');
    expect(mine.body.data.map((row: { id: number }) => row.id)).toEqual([category.id]);
    expect(mine.body.data[0]).toMatchObject({
      stages: [{ name: 'Draft' }],
      assignees: [{ id: annaId }],
    });
    expect(
      (await anna.get(`/api/categories?assignee_id=me&stage_id=${approved!.id}`)).body.data,
    ).toEqual([]);
  });
});

describe('the dashboard count of variants per stage', () => {
  it("counts each stage's post variants, the default workflow first", async () => {
    const stats = await admin.get('/api/stats/review-stages');
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const [counted] = await queryRows<{ draft: number; review: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE stage_id = ${draft!.id})::int AS draft,
                 count(*) FILTER (WHERE stage_id = ${inReview!.id})::int AS review
          FROM post_variants`,
    );
    expect(
      stats.body.data
        .slice(0, 3)
        .map((row: any) => [row.workflow.is_default, row.stage.name, row.variants]),
    ).toEqual([
      [true, 'Draft', counted!.draft],
      [true, 'In review', counted!.review],
      [true, 'Approved', 0],
    ]);
    expect(stats.body.data[2].stage.is_last).toBe(true);
    const categories = await viewer.get('/api/stats/review-stages?kind=category');
    expect(categories.status).toBe(200);
    expect(categories.body.data[0].variants).toBe(2);
    expect((await viewer.get('/api/stats/review-stages?kind=page')).status).toBe(422);
  });

  it('counts the posts the list filtered by each stage shows, where a post has several variants', async () => {
    const stats = await admin.get('/api/stats/review-stages');
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const rows = stats.body.data as { stage: { id: number }; variants: number; records: number }[];
    const drafts = rows.find((row) => row.stage.id === draft!.id)!;
    // The seed gives posts more than one variant: the variants alone are not what the list shows.
    expect(drafts.variants).toBeGreaterThan(drafts.records);
    for (const row of rows) {
      const list = await admin.get(`/api/posts?stage_id=${row.stage.id}&per_page=1`);
      expect(list.status).toBe(200);
      expect([row.stage.id, row.records]).toEqual([row.stage.id, list.body.total]);
    }
  });

  it('needs the list ability of the kind asked', async () => {
    const postsOnly = await server.userWithRoles([]);
    expect((await postsOnly.get('/api/stats/review-stages')).status).toBe(403);
  });
});

describe('the kept counts per stage', () => {
  /** Each stage's post variants, as the dashboard shows them and as SQL counts them. */
  const shownAndCounted = async () => {
    const stats = await admin.get('/api/stats/review-stages');
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const counted = await queryRows<{ stage_id: number; variants: number }>(
      db,
      sql`SELECT stage_id, count(*)::int AS variants FROM post_variants GROUP BY stage_id`,
    );
    const byStage = new Map(counted.map((row) => [row.stage_id, row.variants]));
    const stages = stats.body.data as { stage: { id: number }; variants: number }[];
    return {
      shown: stages.map((row) => [row.stage.id, row.variants] as const),
      counted: stages.map((row) => [row.stage.id, byStage.get(row.stage.id) ?? 0] as const),
    };
  };
  const keptRows = () =>
    queryRows<{ rows: number; stages: number }>(
      db,
      sql`SELECT count(*)::int AS rows, count(DISTINCT stage_id)::int AS stages
          FROM post_stage_counts`,
    );

  it('follow creates, moves and deletes, and fold into a row per stage', async () => {
    const kept = await createPost(admin, { category_id: category.id, title: 'Counted one' });
    const gone = await createPost(admin, { category_id: category.id, title: 'Counted two' });
    const moved = await detailAction(ben, [(await variantIds(kept.id)).get(siteA.id)!], {
      action: 'move_stage',
      stage_id: approved!.id,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await admin.delete(`/api/posts/${gone.id}`)).status).toBe(200);
    const written = await shownAndCounted();
    expect(written.shown).toEqual(written.counted);
    expect(await checkDerivedState(db)).toEqual([]);

    const [before] = await keptRows();
    expect(before!.rows).toBeGreaterThan(before!.stages);
    await foldStageCounts(db);
    expect(await keptRows()).toEqual([{ rows: before!.stages, stages: before!.stages }]);
    expect((await shownAndCounted()).shown).toEqual(written.shown);
  });

  it('written behind the triggers, are repaired by the scheduled check', async () => {
    const before = await shownAndCounted();
    const siteC = await createWebsite(admin);
    const ofOne = await variantIds(one.id);
    // One and Four get a variant in review on C, One's draft on B moves to Approved, and One's
    // variant in review on A is deleted: In review +1, Draft -1, Approved +1, none of it kept.
    await behindTriggers(db, async (tx) => {
      await tx.execute(sql`INSERT INTO post_variants (post_id, website_id, stage_id)
                           VALUES (${one.id}, ${siteC.id}, ${inReview!.id}),
                                  (${four.id}, ${siteC.id}, ${inReview!.id})`);
      await tx.execute(sql`UPDATE post_variants SET stage_id = ${approved!.id}
                           WHERE id = ${ofOne.get(siteB.id)!}`);
    });
    await withTriggerDisabled(
      db,
      'post_variants',
      'post_variants_deleted_stages',
      sql`DELETE FROM post_variants WHERE id = ${ofOne.get(siteA.id)!}`,
    );
    const drifted = await shownAndCounted();
    expect(drifted.shown).toEqual(before.shown);
    const total = before.shown.reduce((sum, [, variants]) => sum + variants, 0);
    expect(drifted.counted.reduce((sum, [, variants]) => sum + variants, 0)).toBe(total + 1);

    expect(await runDerivedStateTask(server)).toEqual([
      `Repaired derived state: post_stage_counts: 3 row(s) differed (kept ${total}, actual ${total + 1})`,
    ]);
    const repaired = await shownAndCounted();
    expect(repaired.shown).toEqual(repaired.counted);
    expect(await checkDerivedState(db)).toEqual([]);
  });
});
