import type { InstanceStatFilter, PageQuery, RecordStatFilter } from '@sitefleet/contract';
import { and, asc, count, desc, gte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recordInReach } from '../../content/filters.ts';
import { type Db, idArray } from '../../db/client.ts';
import { categories, instances, posts, scheduledTasks, websites } from '../../db/schema.ts';
import { pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';

const DAYS: Partial<Record<RecordStatFilter, number>> = {
  '30_days': 30,
  '60_days': 60,
  '360_days': 360,
};

function localMidnight(now = new Date()) {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight;
}

function recordFilter(
  table: { createdAt: PgColumn; status: PgColumn },
  filter: RecordStatFilter,
): SQL | undefined {
  if (filter === 'today') return gte(table.createdAt, localMidnight());
  if (filter === 'active') return sql`${table.status} = 1`;
  if (filter === 'inactive') return ne(table.status, 1);
  const days = DAYS[filter];
  if (days) return gte(table.createdAt, new Date(Date.now() - days * 86_400_000));
  return undefined;
}

const RECORD_TABLES = { websites, posts, categories } as const;

/**
 * The records of `kind` an API token limited to `scope` reaches: the websites in it, the
 * categories and posts with a variant on one of them; every record without a scope.
 */
function reachOf(kind: keyof typeof RECORD_TABLES, scope: readonly number[] | null) {
  if (!scope) return undefined;
  const { id } = RECORD_TABLES[kind];
  return kind === 'websites'
    ? sql`${id} = ANY (${idArray(scope)})`
    : recordInReach(kind === 'posts' ? 'post' : 'category', scope, sql`${id}`);
}

export async function countRecords(
  db: Db,
  kind: keyof typeof RECORD_TABLES,
  filter: RecordStatFilter,
  scope: readonly number[] | null,
): Promise<number> {
  const table = RECORD_TABLES[kind];
  const [row] = await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(and(recordFilter(table, filter), reachOf(kind, scope)));
  return row?.total ?? 0;
}

export async function countInstances(db: Db, filter: InstanceStatFilter): Promise<number> {
  const where =
    filter === 'running' || filter === 'stopped' || filter === 'stopping'
      ? sql`${instances.currentState} = ${filter}`
      : filter === 'active'
        ? sql`${instances.currentState} = 'running'`
        : filter === 'inactive'
          ? ne(instances.currentState, 'running')
          : undefined;
  const [row] = await db.select({ total: count() }).from(instances).where(where);
  return row?.total ?? 0;
}

export const DASHBOARD_INSTANCE_LIMIT = 50;

export async function instanceDetails(db: Db) {
  const rows = await db
    .select({
      id: instances.id,
      instance_id: instances.instanceId,
      status: instances.currentState,
      created_at: instances.createdAt,
    })
    .from(instances)
    .orderBy(desc(instances.createdAt), desc(instances.id))
    .limit(DASHBOARD_INSTANCE_LIMIT);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export const TOP_LIST_SIZE = 5;

export async function topWebsites(db: Db, scope: readonly number[] | null) {
  return db
    .select({ id: websites.id, name: websites.name, views: websites.views })
    .from(websites)
    .where(reachOf('websites', scope))
    .orderBy(desc(websites.views), websites.id)
    .limit(TOP_LIST_SIZE);
}

export async function topCategories(db: Db, scope: readonly number[] | null) {
  return db
    .select({ id: categories.id, name: categories.name, views: categories.views })
    .from(categories)
    .where(reachOf('categories', scope))
    .orderBy(desc(categories.views), categories.id)
    .limit(TOP_LIST_SIZE);
}

type TaskRow = typeof scheduledTasks.$inferSelect;

/** A task as answered: a scheduled task whose time has come shows as 'Due'. */
function toScheduledTask(task: TaskRow, now: number) {
  return {
    command: task.command,
    next_run: task.nextRun?.toISOString() ?? null,
    status:
      task.status === 'Scheduled' && task.nextRun && task.nextRun.getTime() <= now
        ? ('Due' as const)
        : (task.status as 'Due' | 'Running' | 'Scheduled' | 'Failed'),
    error: task.status === 'Failed' ? task.lastError : null,
  };
}

const TASK_ORDER = [asc(scheduledTasks.nextRun), asc(scheduledTasks.command)] as const;

export async function scheduledTaskList(db: Db) {
  const rows = await db
    .select()
    .from(scheduledTasks)
    .orderBy(...TASK_ORDER);
  const now = Date.now();
  return rows.map((task) => toScheduledTask(task, now));
}

/** GET /api/stats/scheduled-tasks/page: a page of the tasks, by next run, searched by command. */
export async function scheduledTaskPage(db: Db, request: PageQuery) {
  const where = searchCondition(request.query, [scheduledTasks.command]);
  const now = Date.now();
  return pageOf(request, '/api/stats/scheduled-tasks/page', {
    rows: async (limit, offset) =>
      (
        await db
          .select()
          .from(scheduledTasks)
          .where(where)
          .orderBy(...TASK_ORDER)
          .limit(limit)
          .offset(offset)
      ).map((task) => toScheduledTask(task, now)),
    count: async () =>
      (await db.select({ total: count() }).from(scheduledTasks).where(where))[0]!.total,
  });
}
