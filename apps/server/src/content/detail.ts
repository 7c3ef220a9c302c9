import {
  DEFAULT_PER_PAGE,
  DELIVERY_TARGETS,
  type DeliveryStatus,
  type DeliveryTarget,
  type detailRowBaseSchema,
  PUBLISH_TARGETS,
  pageOffset,
  postedFlag,
  type TargetDeliveryEntry,
  toWireVariant,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, preparedRows, queryRows } from '../db/client.ts';
import { assertRowExists } from '../db/ids.ts';
import { estimatedPage, isoText } from '../lists/page.ts';
import { variantInScope } from './filters.ts';
import type { ContentKind } from './kinds.ts';
import type { TargetDelivery } from './publish/delivery-state.ts';
import { REVIEW_ROW_COLUMNS, type ReviewRowColumns } from './review/stages.ts';

/**
 * Detailed Review: a record's variants, one per website. Each variant's delivery attempts, which
 * it lists too, are publish/attempts.ts's.
 */

/** A variant's flags, in the order of the Detailed Review columns. */
const FLAG_COLUMNS = [
  'synced',
  'is_approved',
  'is_updated_after_posted',
  ...PUBLISH_TARGETS.map(postedFlag),
] as const;

type FlagColumn = (typeof FLAG_COLUMNS)[number];

type VariantRecord = Record<FlagColumn, boolean> & {
  variant_id: number;
  website_id: number;
  website_name: string;
  description: string;
  version: number;
  delivery_status: DeliveryStatus | null;
  delivery_error: string | null;
  deliveries: Partial<Record<DeliveryTarget, TargetDelivery>>;
  channel_deliveries: (NonNullable<TargetDeliveryEntry['channels']>[number] & {
    network: DeliveryTarget;
  })[];
  publish_at: Date | string | null;
  created_at: Date | string;
} & ReviewRowColumns;

/**
 * A variant's per-target deliveries as Detailed Review lists them, in the targets' order, a
 * network's with the outcome at each of its channels.
 */
const deliveryList = (
  deliveries: VariantRecord['deliveries'],
  channelDeliveries: VariantRecord['channel_deliveries'],
): TargetDeliveryEntry[] =>
  DELIVERY_TARGETS.flatMap((target) => {
    const delivery = deliveries[target];
    if (!delivery) return [];
    const channels = channelDeliveries
      .filter((channel) => channel.network === target)
      .map(({ network: _network, ...channel }) => channel);
    return [
      {
        target,
        status: delivery.status,
        error: delivery.error,
        ...(channels.length > 0 && { channels }),
      },
    ];
  });

/** The answer's flags are 1 or 0, like the records' own flags. */
const flagNumbers = (record: Record<FlagColumn, boolean>) =>
  Object.fromEntries(FLAG_COLUMNS.map((flag) => [flag, record[flag] ? 1 : 0])) as Record<
    FlagColumn,
    number
  >;

/**
 * A page of a record's variants for Detailed Review, with its website, ordered by website name.
 * The record's name or title is answered as the kind's `nameField`. A record has at most one
 * variant per website, so the page and the exact total come from one prepared statement.
 */
export async function detailRows<K extends ContentKind>(
  db: Db,
  kind: K,
  recordId: number,
  options: { page: number; perPage?: number; path: string; scope?: readonly number[] | null },
) {
  const perPage = options.perPage ?? DEFAULT_PER_PAGE;
  const inScope = variantInScope(options.scope);
  const records = await preparedRows<VariantRecord & { record_name: string; total: number }>(
    db,
    sql`SELECT v.id AS variant_id, v.website_id,
               (SELECT w.name FROM websites w WHERE w.id = v.website_id) AS website_name,
               v.description, v.version, ${sql.join(
                 FLAG_COLUMNS.map((flag) => sql`v.${sql.identifier(flag)}`),
                 sql`, `,
               )},
               v.delivery_status, v.delivery_error, v.deliveries, v.publish_at, v.created_at,
               (SELECT coalesce(json_agg(json_build_object(
                         'network', vc.network, 'channel_id', vc.channel_id,
                         'channel_name', c.name, 'status', vc.status, 'error', vc.error)
                       ORDER BY c.name, c.id), '[]')
                FROM variant_channels vc JOIN channels c ON c.id = vc.channel_id
                WHERE vc.kind = ${kind.kind} AND vc.variant_id = v.id) AS channel_deliveries,
               ${REVIEW_ROW_COLUMNS},
               r.${sql.identifier(kind.nameColumn)} AS record_name,
               count(*) OVER ()::int AS total
        FROM ${sql.identifier(kind.variants)} v
        JOIN ${sql.identifier(kind.records)} r ON r.id = v.${sql.identifier(kind.owner)}
        WHERE v.${sql.identifier(kind.owner)} = ${recordId}${inScope}
        ORDER BY website_name, v.id
        LIMIT ${perPage} OFFSET ${pageOffset(options.page, perPage)}`,
  );
  const total = records[0]?.total ?? (await variantCount(db, kind, recordId, inScope));
  const data = records.map(
    ({ record_name, created_at, total: _total, channel_deliveries, ...record }) =>
      toWireVariant({
        ...record,
        due_at: record.due_at === null ? null : isoText(record.due_at),
        ...flagNumbers(record),
        deliveries: deliveryList(record.deliveries, channel_deliveries),
        [kind.nameField]: record_name,
        publish_at: record.publish_at === null ? null : isoText(record.publish_at),
        created_at: isoText(created_at),
      }),
  ) as (z.infer<typeof detailRowBaseSchema> & Record<K['nameField'], string>)[];
  return estimatedPage(
    data,
    { page: options.page, perPage, path: options.path },
    { total, estimated: false },
  );
}

/** How many variants a record has, for a page past its last; 404 when there is no such record. */
async function variantCount(db: Db, kind: ContentKind, recordId: number, inScope: SQL) {
  await assertRowExists(db, kind.records, recordId);
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM ${sql.identifier(kind.variants)} v
        WHERE v.${sql.identifier(kind.owner)} = ${recordId}${inScope}`,
  );
  return row?.total ?? 0;
}
