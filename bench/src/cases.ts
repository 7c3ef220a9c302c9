/**
 * The list cases the benchmark times, each with the raw page query it is compared with (the floor)
 * and the answer SQL says it must give: a case whose answer differs is not timed.
 */
import {
  categoryListQuerySchema,
  deliveryHealthQuerySchema,
  EXACT_COUNT_LIMIT,
  pageQuerySchema,
  postListQuerySchema,
  type ReviewStageStats,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { detailRows } from '../../apps/server/src/content/detail.ts';
import { withAssignee } from '../../apps/server/src/content/filters.ts';
import { POST_KIND } from '../../apps/server/src/content/kinds.ts';
import { type Db, queryRows } from '../../apps/server/src/db/client.ts';
import { keptStageCounts } from '../../apps/server/src/db/review-stage-counts.ts';
import { getProfile } from '../../apps/server/src/modules/auth/service.ts';
import { listCategories } from '../../apps/server/src/modules/categories/service.ts';
import { listDeliveryHealth } from '../../apps/server/src/modules/deliveries/health.ts';
import { listPosts } from '../../apps/server/src/modules/posts/service.ts';
import { reviewStageCounts } from '../../apps/server/src/modules/stats/review-stages.ts';
import { BENCH_ADMIN, defaultStage, searchPhrase, shortSearch } from './shape.ts';

export const PER_PAGE = 20;
/** How deep the deep page is, as a share of the posts: page 20,000 of a million, 200,000 of ten. */
const DEEP_SHARE = 0.4;
const REVIEWED_POST = 500_000;

/** What a list answers, over HTTP or from the service. */
export interface ListAnswer {
  data: { id?: number; pivot_id?: number; website_id?: number; count?: number }[];
  total: number;
  total_is_estimate?: boolean;
}

/**
 * The rows of a page straight from SQL: `SELECT columns fromWhere ORDER BY orderBy LIMIT OFFSET`,
 * without the total and the related rows the API adds. Its req/s is the floor a list approaches.
 */
interface RawPage {
  columns: SQL;
  fromWhere: SQL;
  idColumn: SQL;
  orderBy: SQL;
  page: number;
}

export interface ListCase {
  name: string;
  path: string;
  /** The same answer from the service code, without HTTP. */
  direct: (db: Db) => Promise<unknown>;
  raw: RawPage;
  /** An answer that is no page, read as one: its rows' ids and counts, and their sum as total. */
  asList?: (answer: unknown) => ListAnswer;
  /** What SQL says, when it is not the raw page's ids and its count of rows. */
  expected?: (db: Db) => Promise<Expected>;
}

const POST_COLUMNS = sql`p.id, p.title, p.description, p.content_reference, p.status,
                         p.category_id, c.name AS category_name, p.created_at`;
const POSTS = sql`FROM posts p JOIN categories c ON c.id = p.category_id`;
const CATEGORY_COLUMNS = sql`c.id, c.name, c.slug, c.description, c.type, c.keywords, c.status,
                             c.is_approved, c.synced, c.auto_google_sync, c.views, c.created_at`;

/** A list query as the route hands it over, for the cases whose assignee is never `me`. */
const listed = <Q extends { assignee_id?: number | 'me' }>(query: Q) => withAssignee(query, 0);

const postsCase = (name: string, page: number, query = ''): ListCase => ({
  name,
  path: `/api/posts?page=${page}&per_page=${PER_PAGE}${query ? `&query=${encodeURIComponent(query)}` : ''}`,
  direct: (db) =>
    listPosts(db, listed(postListQuerySchema.parse({ page, per_page: PER_PAGE, query }))),
  raw: {
    columns: POST_COLUMNS,
    fromWhere: query ? sql`${POSTS} WHERE p.title ILIKE ${`%${query}%`}` : POSTS,
    idColumn: sql`p.id`,
    orderBy: sql`p.id DESC`,
    page,
  },
});

const categoriesCase = (
  name: string,
  filters: Record<string, string>,
  where: SQL,
  orderBy: SQL,
): ListCase => ({
  name,
  path: `/api/categories?${new URLSearchParams({ page: '1', per_page: String(PER_PAGE), ...filters })}`,
  direct: async (db) =>
    (
      await listCategories(
        db,
        listed(categoryListQuerySchema.parse({ per_page: PER_PAGE, ...filters })),
      )
    ).answer() as ListAnswer,
  raw: {
    columns: CATEGORY_COLUMNS,
    fromWhere: sql`FROM categories c WHERE ${where}`,
    idColumn: sql`c.id`,
    orderBy,
    page: 1,
  },
});

const STAGES = sql`FROM workflow_stages s JOIN workflows w ON w.id = s.workflow_id`;
const STAGE_ORDER = sql`w.is_default DESC, lower(w.name), w.id, s.position`;

/**
 * The dashboard's post variants per review stage: each stage's count is checked against a count
 * of the variants; its floor reads the stages with their kept counts.
 */
const STAGE_COUNTS_CASE: ListCase = {
  name: 'review stage counts (dashboard)',
  path: '/api/stats/review-stages',
  direct: async (db) => ({ data: await reviewStageCounts(db, POST_KIND, null) }),
  asList: (answer) => {
    const rows = (answer as ReviewStageStats).data;
    return {
      data: rows.map((row) => ({ id: row.stage.id, count: row.variants })),
      total: rows.reduce((sum, row) => sum + row.variants, 0),
    };
  },
  expected: async (db) => {
    const [row] = await queryRows<Expected>(
      db,
      sql`SELECT array_agg(s.id ORDER BY ${STAGE_ORDER}) AS ids,
                 array_agg(COALESCE(c.variants, 0) ORDER BY ${STAGE_ORDER}) AS counts,
                 COALESCE(sum(c.variants), 0)::int AS total
          ${STAGES} LEFT JOIN (SELECT stage_id, count(*)::int AS variants FROM post_variants
                               GROUP BY stage_id) c ON c.stage_id = s.id`,
    );
    return row!;
  },
  raw: {
    columns: sql`w.id AS workflow_id, w.name AS workflow_name, s.id, s.name, s.colour, c.variants`,
    fromWhere: sql`${STAGES} LEFT JOIN (${keptStageCounts('post_variants')}) c ON c.stage_id = s.id`,
    idColumn: sql`s.id`,
    orderBy: STAGE_ORDER,
    page: 1,
  },
};

/** The list cases on a data set of `posts` posts. */
export const listCases = (posts: number): ListCase[] => {
  const deepPage = Math.round((posts * DEEP_SHARE) / PER_PAGE);
  return [
    postsCase('posts page 1', 1),
    postsCase(`posts page ${deepPage.toLocaleString('en')}`, deepPage),
    postsCase('posts search, ~100 hits', 1, searchPhrase(posts)),
    postsCase(`posts search "${shortSearch(posts)}"`, 1, shortSearch(posts)),
    categoriesCase('categories page 1', {}, sql`TRUE`, sql`c.id DESC`),
    categoriesCase(
      'categories status+approved, newest',
      { status: '1', is_approved: '1', order_key: 'created_at', order_dir: 'desc' },
      sql`c.status = 1 AND c.is_approved = 1`,
      sql`c.created_at DESC, c.id DESC`,
    ),
    categoriesCase(
      'categories status+approved, by name',
      { status: '1', is_approved: '1', order_key: 'name', order_dir: 'asc' },
      sql`c.status = 1 AND c.is_approved = 1`,
      sql`c.name, c.id`,
    ),
    categoriesCase(
      'categories website + status, newest',
      { website_id: '17', status: '1', order_key: 'created_at', order_dir: 'desc' },
      sql`c.status = 1 AND EXISTS (SELECT 1 FROM category_variants v
                                 WHERE v.category_id = c.id AND v.website_id = 17)`,
      sql`c.created_at DESC, c.id DESC`,
    ),
    {
      name: 'post Detailed Review',
      path: `/api/posts/details/${REVIEWED_POST}?page=1&per_page=${PER_PAGE}`,
      direct: (db) =>
        detailRows(db, POST_KIND, REVIEWED_POST, {
          ...pageQuerySchema.parse({ page: 1, per_page: PER_PAGE }),
          path: '/api/posts/details',
        }),
      raw: {
        columns: sql`v.*, w.name AS website_name`,
        fromWhere: sql`FROM post_variants v JOIN websites w ON w.id = v.website_id
                     WHERE v.post_id = ${REVIEWED_POST}`,
        idColumn: sql`v.id`,
        orderBy: sql`w.name, v.id`,
        page: 1,
      },
    },
    {
      // The fleet's health, worst first: SQL sums each website's attempts of the last 24 hours
      // from its hours; the floor reads the page off the kept rows' rate index, without
      // percentiles nor pending counts.
      name: 'fleet delivery health, worst first',
      path: `/api/delivery-health?page=1&per_page=${PER_PAGE}`,
      direct: (db) =>
        listDeliveryHealth(db, deliveryHealthQuerySchema.parse({ per_page: PER_PAGE }), null),
      expected: async (db) => {
        const [row] = await queryRows<Expected>(
          db,
          sql`SELECT ARRAY(SELECT w.id FROM websites w
                           LEFT JOIN (SELECT website_id,
                                             sum(delivered)::float8
                                               / NULLIF(sum(delivered) + sum(failed), 0) AS rate
                                      FROM delivery_health_hours
                                      WHERE hour >= date_trunc('hour', now() - interval '24 hours', 'UTC')
                                      GROUP BY website_id) h ON h.website_id = w.id
                           ORDER BY h.rate ASC NULLS LAST, w.id ASC LIMIT ${PER_PAGE}) AS ids,
                     (SELECT count(*)::int FROM websites) AS total`,
        );
        return row!;
      },
      raw: {
        columns: sql`w.id, w.name, h.attempts, h.delivered, h.failed, h.success_rate`,
        fromWhere: sql`FROM delivery_health_windows h JOIN websites w ON w.id = h.website_id
                       WHERE h.success_rate IS NOT NULL`,
        idColumn: sql`w.id`,
        orderBy: sql`h.success_rate ASC, h.website_id ASC`,
        page: 1,
      },
    },
    STAGE_COUNTS_CASE,
  ];
};

export const REVIEW_CASE = 'posts by stage and assignee';

/**
 * The Assigned to me view narrowed to a stage: the posts with a variant in review assigned to the
 * signed-in administrator (the seed assigns one variant in ten to one of its users). The stage's
 * and the administrator's ids are read from the database, so the case is made once it is open.
 */
export async function reviewListCase(db: Db): Promise<ListCase> {
  const [found] = await queryRows<{ stage_id: number | null; user_id: number | null }>(
    db,
    sql`SELECT ${defaultStage(1)} AS stage_id,
               (SELECT id FROM users WHERE email = ${BENCH_ADMIN.email}) AS user_id`,
  );
  const stageId = found?.stage_id;
  const userId = found?.user_id;
  if (!stageId || !userId) throw new Error(`${REVIEW_CASE}: no In review stage or no admin`);
  const query = {
    page: '1',
    per_page: String(PER_PAGE),
    stage_id: String(stageId),
    assignee_id: 'me',
  };
  return {
    name: REVIEW_CASE,
    // The HTTP case signs in as the administrator: `me` is the same user.
    path: `/api/posts?${new URLSearchParams(query)}`,
    direct: (db) => listPosts(db, withAssignee(postListQuerySchema.parse(query), userId)),
    raw: {
      columns: POST_COLUMNS,
      fromWhere: sql`${POSTS} WHERE EXISTS (
                       SELECT 1 FROM post_variants v WHERE v.post_id = p.id
                         AND v.stage_id = ${stageId} AND v.assignee_id = ${userId})`,
      idColumn: sql`p.id`,
      orderBy: sql`p.id DESC`,
      page: 1,
    },
  };
}

/** The raw page query of a case, as run for the floor. */
export const rawPageQuery = ({ columns, fromWhere, orderBy, page }: RawPage) =>
  sql`SELECT ${columns} ${fromWhere} ORDER BY ${orderBy}
      LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}`;

export interface Expected {
  ids: number[];
  total: number;
  /** Each row's count, in order, for an answer whose rows carry one. */
  counts?: number[];
}

/** The page's ids and the total as SQL finds them, the plain way. */
export async function expectedAnswer(db: Db, listCase: ListCase): Promise<Expected> {
  if (listCase.expected) return listCase.expected(db);
  const { fromWhere, idColumn, orderBy, page } = listCase.raw;
  const [row] = await queryRows<Expected>(
    db,
    sql`SELECT ARRAY(SELECT ${idColumn} ${fromWhere} ORDER BY ${orderBy}
                     LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}) AS ids,
               (SELECT count(*)::int ${fromWhere}) AS total`,
  );
  return row!;
}

/** An estimated total (past EXACT_COUNT_LIMIT, as the contract allows) may be off by this much. */
const ESTIMATE_TOLERANCE = 0.5;

const describe = (ids: readonly (number | undefined)[], total: unknown) =>
  `${ids.length} rows from id ${ids[0] ?? '–'} and a total of ${String(total)}`;

/**
 * Throws, saying what differs, unless `answer` has the expected rows in order and the total SQL
 * counts (or, past EXACT_COUNT_LIMIT, an estimate flagged as such and near it). Answers a note
 * on the total for the report.
 */
export function checkAnswer(
  listCase: ListCase,
  source: string,
  body: unknown,
  expected: Expected,
): string {
  const answer = listCase.asList ? listCase.asList(body) : (body as ListAnswer);
  const ids = (answer.data ?? []).map((row) => row.id ?? row.pivot_id ?? row.website_id);
  const fail = (why: string) =>
    new Error(
      `${listCase.name} (${source}): ${why}: expected ${describe(expected.ids, expected.total)}, got ${describe(ids, answer.total)}`,
    );
  if (expected.ids.length === 0) throw fail('SQL finds no rows, so the case measures nothing');
  if (ids.length !== expected.ids.length) throw fail('wrong number of rows');
  if (ids.some((id, index) => id !== expected.ids[index])) throw fail('wrong rows');
  if (expected.counts?.some((count, index) => count !== answer.data[index]?.count)) {
    throw fail(`wrong counts ${answer.data.map((row) => row.count)} for ${expected.counts}`);
  }
  const total = totalVerdict(answer, expected.total);
  if ('wrong' in total) throw fail(total.wrong);
  return total.note;
}

/**
 * Whether a list's total is the `count` SQL finds, or, past EXACT_COUNT_LIMIT, an estimate
 * flagged as such and near it: a note on it for the report, or what is wrong.
 */
export function totalVerdict(
  answer: Pick<ListAnswer, 'total' | 'total_is_estimate'>,
  count: number,
): { note: string } | { wrong: string } {
  if (!answer.total_is_estimate) {
    return answer.total === count ? { note: 'exact' } : { wrong: 'wrong total' };
  }
  if (count <= EXACT_COUNT_LIMIT) return { wrong: 'an estimate where the total is small' };
  const error = Math.abs(answer.total - count) / count;
  if (error > ESTIMATE_TOLERANCE) return { wrong: 'an estimate too far from the count' };
  return { note: `estimate ${answer.total} (${(error * 100).toFixed(0)}% off)` };
}

export const PROFILE_CASE = 'signed-in profile, the HTTP path alone';

/**
 * The cheapest signed-in answer: the caller's own profile, one read of a user behind the session
 * check. No list is served faster, so the share of its floor that it reaches bounds the share any
 * list can; its floor is that read of the user.
 */
export async function profileCase(db: Db): Promise<ListCase> {
  const [admin] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE email = ${BENCH_ADMIN.email}`,
  );
  if (!admin) throw new Error(`${PROFILE_CASE}: no user ${BENCH_ADMIN.email}`);
  return {
    name: PROFILE_CASE,
    path: '/api/profile',
    direct: (db) => getProfile(db, admin.id),
    asList: (answer) => ({ data: [{ id: (answer as { id: number }).id }], total: 1 }),
    raw: {
      columns: sql`u.id, u.name, u.email`,
      fromWhere: sql`FROM users u WHERE u.id = ${admin.id}`,
      idColumn: sql`u.id`,
      orderBy: sql`u.id`,
      page: 1,
    },
  };
}
