import {
  type ActionAnswer,
  SCHEDULE_MESSAGES,
  SCHEDULE_SKIP_REASONS,
  type ScheduleAction,
  type ScheduleFields,
  SKIP_REASONS,
  scheduleFields,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordBulkAction } from '../../db/audit.ts';
import { type Db, type Executor, idArray, queryRows } from '../../db/client.ts';
import { assertIdsExist } from '../../db/ids.ts';
import { validationError } from '../../errors.ts';
import { type JobQueue, QUEUES } from '../../jobs/queue.ts';
import { type BulkSelection, resolveSelection } from '../actions.ts';
import type { ContentKind } from '../kinds.ts';
import { nextFreeSlots, spreadTimes, windowSegments } from './times.ts';

/**
 * The schedule actions: a variant approved for its website gets a `publish_at`, and a wake-up job
 * at that time; the due variants are then queued by `publishDueVariants` (due.ts) exactly as
 * Publish to Web queues them.
 */

type Outcome = Omit<ActionAnswer, 'message'>;
export type ScheduleBody = ScheduleFields & { action: ScheduleAction; website_ids?: number[] };

/** Runs a schedule action of Detailed Review on variants; an unapproved one refuses it all. */
export function runScheduleDetailAction(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  ids: readonly number[],
  body: ScheduleBody,
): Promise<Outcome> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await assertIdsExist(tx, kind.variants, unique);
    const selected = sql`v.id = ANY(${idArray(unique)})`;
    const outcome = await scheduleOutcome(tx, queue, kind, selected, body, true);
    await recordBulkAction(tx, kind.kind, body.action, unique, auditDetails(body, outcome));
    return outcome;
  });
}

/**
 * Runs a schedule action of the Categories or Posts list on the variants of the selected records
 * (of `website_ids` only, when given); unapproved variants are skipped.
 */
export function runScheduleBulkAction(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  selection: BulkSelection,
  body: ScheduleBody,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const { selected, total } = await resolveSelection(tx, kind, selection);
    const websites = body.website_ids
      ? sql`AND v.website_id = ANY(${idArray(body.website_ids)})`
      : sql``;
    const variants = sql`v.${sql.identifier(kind.owner)} IN (${selected}) ${websites}`;
    const outcome = await scheduleOutcome(tx, queue, kind, variants, body, false);
    const target =
      'ids' in selection ? [...new Set(selection.ids)] : { filter: selection.filter, count: total };
    await recordBulkAction(tx, kind.kind, body.action, target, auditDetails(body, outcome));
    return outcome;
  });
}

/** The fields an entry of the audit log keeps of a schedule action (its ids or filter aside). */
const AUDITED_FIELDS = new Set<string>([...Object.keys(scheduleFields), 'website_ids']);

const auditDetails = (body: ScheduleBody, outcome: Outcome) => ({
  of: 'variants',
  ...Object.fromEntries(Object.entries(body).filter(([field]) => AUDITED_FIELDS.has(field))),
  changed: outcome.changed,
  skipped: outcome.skipped,
});

interface Candidate {
  id: number;
  website_id: number;
}

/** The selected variants of one website in one state, counted. */
interface SelectionGroup {
  website_id: number;
  website_name: string;
  is_approved: boolean;
  has_webhook: boolean;
  count: number;
}

const sum = (groups: readonly SelectionGroup[]) =>
  groups.reduce((total, group) => total + group.count, 0);

async function scheduleOutcome(
  tx: Db,
  queue: JobQueue,
  kind: ContentKind,
  variants: SQL,
  body: ScheduleBody,
  refuseUnapproved: boolean,
): Promise<Outcome> {
  const table = sql.identifier(kind.variants);
  if (body.action === 'unschedule') {
    const [row] = await queryRows<{ total: number; changed: number }>(
      tx,
      sql`WITH selected AS (SELECT v.id FROM ${table} v WHERE ${variants}),
               cleared AS (UPDATE ${table} v SET publish_at = NULL, updated_at = now()
                           WHERE v.id IN (SELECT id FROM selected) AND v.publish_at IS NOT NULL
                           RETURNING 1)
          SELECT (SELECT count(*) FROM selected)::int AS total,
                 (SELECT count(*) FROM cleared)::int AS changed`,
    );
    const left = (row?.total ?? 0) - (row?.changed ?? 0);
    return {
      changed: row?.changed ?? 0,
      queued: 0,
      skipped: left > 0 ? [{ reason: SCHEDULE_SKIP_REASONS.notScheduled, count: left }] : [],
    };
  }
  const webhook = sql.identifier(`${kind.kind}_webhook_url`);
  // Counted per website and state, so that "all matching" of a big list stays a few rows here.
  const groups = await queryRows<SelectionGroup>(
    tx,
    sql`SELECT v.website_id, w.name AS website_name, v.is_approved,
               coalesce(s.${webhook}, '') <> '' AS has_webhook, count(*)::int AS count
        FROM ${table} v JOIN websites w ON w.id = v.website_id
        LEFT JOIN website_settings s ON s.website_id = v.website_id
        WHERE ${variants}
        GROUP BY 1, 2, 3, 4
        ORDER BY 2, 1`,
  );
  const unapproved = sum(groups.filter((group) => !group.is_approved));
  if (refuseUnapproved && unapproved > 0) {
    throw validationError({ ids: SCHEDULE_MESSAGES.notApproved(unapproved) });
  }
  const skipped: Outcome['skipped'] = [];
  if (unapproved > 0) skipped.push({ reason: SKIP_REASONS.notApproved, count: unapproved });
  const withoutWebhook = groups.filter((group) => group.is_approved && !group.has_webhook);
  if (withoutWebhook.length > 0) {
    skipped.push({
      reason: SKIP_REASONS.noWebhook[kind.kind],
      count: sum(withoutWebhook),
      websites: withoutWebhook.map((group) => ({ id: group.website_id, name: group.website_name })),
    });
  }
  const eligibleCount = sum(groups.filter((group) => group.is_approved && group.has_webhook));
  const eligibleCondition = sql`${variants} AND v.is_approved
    AND EXISTS (SELECT 1 FROM website_settings s
                WHERE s.website_id = v.website_id AND coalesce(s.${webhook}, '') <> '')`;
  let changed: number;
  let wakeTimes: number[];
  /** How many variants were given a time, changed or not. */
  let timed: number;
  if (body.action === 'schedule_publish') {
    const at = Date.parse(body.publish_at!);
    changed = await setOnePublishTime(tx, kind, eligibleCondition, at);
    wakeTimes = eligibleCount > 0 ? [at] : [];
    timed = eligibleCount;
  } else {
    const eligible = await queryRows<Candidate>(
      tx,
      sql`SELECT v.id, v.website_id FROM ${table} v WHERE ${eligibleCondition}
          ORDER BY v.website_id, v.id FOR UPDATE OF v`,
    );
    const times =
      body.action === 'schedule_spread'
        ? spreadOver(eligible, body)
        : await assignNextSlots(tx, kind, eligible, skipped);
    changed = await setPublishTimes(tx, kind, times);
    wakeTimes = [...new Set(times.values())];
    timed = times.size;
  }
  await queue.sendAfter(
    tx,
    QUEUES.scheduledPublish,
    wakeTimes.map((at) => ({ data: { at: new Date(at).toISOString() }, startAfter: new Date(at) })),
  );
  if (timed > changed) skipped.push({ reason: SKIP_REASONS.alreadyDone, count: timed - changed });
  return { changed, queued: 0, skipped };
}

/** Groups variants by website, in their order. */
function byWebsite(variants: readonly Candidate[]) {
  const groups = new Map<number, Candidate[]>();
  for (const variant of variants) {
    const group = groups.get(variant.website_id) ?? [];
    group.push(variant);
    groups.set(variant.website_id, group);
  }
  return groups;
}

/** Each website's variants spread evenly over the window (its daily hours only, when given). */
function spreadOver(eligible: readonly Candidate[], body: ScheduleBody): Map<number, number> {
  const daily =
    body.daily_from && body.daily_to
      ? { from: body.daily_from, to: body.daily_to, zone: body.timezone ?? 'UTC' }
      : undefined;
  const segments = windowSegments(Date.parse(body.from!), Date.parse(body.to!), daily);
  if (segments.length === 0) throw validationError({ daily_to: SCHEDULE_MESSAGES.windowEmpty });
  const times = new Map<number, number>();
  for (const group of byWebsite(eligible).values()) {
    const spread = spreadTimes(segments, group.length);
    group.forEach((variant, index) => {
      times.set(variant.id, spread[index]!);
    });
  }
  return times;
}

/** Each website's variants into its next free posting slots. */
async function assignNextSlots(
  tx: Executor,
  kind: ContentKind,
  eligible: readonly Candidate[],
  skipped: Outcome['skipped'],
): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  const groups = byWebsite(eligible);
  if (groups.size === 0) return times;
  const websiteIds = idArray([...groups.keys()]);
  const settings = await queryRows<{
    website_id: number;
    posting_days: number[];
    posting_times: string[];
    posting_timezone: string;
    blocked_dates: string[];
  }>(
    tx,
    sql`SELECT website_id, posting_days, posting_times, posting_timezone, blocked_dates
        FROM website_settings WHERE website_id = ANY(${websiteIds})`,
  );
  const selectedIds = idArray(eligible.map((variant) => variant.id));
  // The slots already taken by other variants (of either kind) of these websites.
  const takenIn = (table: ContentKind['variants']) =>
    sql`SELECT website_id, (extract(epoch FROM publish_at) * 1000)::float8 AS at
        FROM ${sql.identifier(table)}
        WHERE website_id = ANY(${websiteIds}) AND publish_at IS NOT NULL
          ${table === kind.variants ? sql`AND NOT id = ANY(${selectedIds})` : sql``}`;
  const taken = await queryRows<{ website_id: number; at: number }>(
    tx,
    sql`${takenIn('category_variants')} UNION ALL ${takenIn('post_variants')}`,
  );
  const now = Date.now();
  let noSlots = 0;
  let noFree = 0;
  for (const [websiteId, group] of groups) {
    const own = settings.find((row) => row.website_id === websiteId);
    if (!own || own.posting_days.length === 0 || own.posting_times.length === 0) {
      noSlots += group.length;
      continue;
    }
    const takenHere = new Set(
      taken.filter((row) => row.website_id === websiteId).map((row) => Number(row.at)),
    );
    const slots = nextFreeSlots(
      {
        days: own.posting_days,
        times: own.posting_times,
        zone: own.posting_timezone,
        blockedDates: own.blocked_dates,
      },
      now,
      group.length,
      takenHere,
    );
    group.forEach((variant, index) => {
      const slot = slots[index];
      if (slot === undefined) noFree += 1;
      else times.set(variant.id, slot);
    });
  }
  if (noSlots > 0) skipped.push({ reason: SCHEDULE_SKIP_REASONS.noPostingSlots, count: noSlots });
  if (noFree > 0) skipped.push({ reason: SCHEDULE_SKIP_REASONS.noFreeSlot, count: noFree });
  return times;
}

/** Gives every eligible variant one publish time; answers how many variants' times changed. */
async function setOnePublishTime(tx: Executor, kind: ContentKind, eligible: SQL, at: number) {
  const [row] = await queryRows<{ changed: number }>(
    tx,
    sql`WITH changed AS (
          UPDATE ${sql.identifier(kind.variants)} v
          SET publish_at = ${new Date(at).toISOString()}::timestamptz, updated_at = now()
          WHERE ${eligible} AND v.publish_at IS DISTINCT FROM ${new Date(at).toISOString()}::timestamptz
          RETURNING 1)
        SELECT count(*)::int AS changed FROM changed`,
  );
  return row?.changed ?? 0;
}

/** Stores the publish times; answers how many variants' times changed. */
async function setPublishTimes(tx: Executor, kind: ContentKind, times: Map<number, number>) {
  if (times.size === 0) return 0;
  const ids = [...times.keys()];
  const instants = ids.map((id) => new Date(times.get(id)!).toISOString());
  const [row] = await queryRows<{ changed: number }>(
    tx,
    sql`WITH changed AS (
          UPDATE ${sql.identifier(kind.variants)} v SET publish_at = t.at, updated_at = now()
          FROM unnest(${idArray(ids)}, ${`{${instants.join(',')}}`}::timestamptz[]) AS t(id, at)
          WHERE v.id = t.id AND v.publish_at IS DISTINCT FROM t.at
          RETURNING 1)
        SELECT count(*)::int AS changed FROM changed`,
  );
  return row?.changed ?? 0;
}
