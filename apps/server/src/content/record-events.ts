import { type SQL, sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows } from '../db/client.ts';
import { emitEvents, type OutgoingEvent, subscribedTo } from '../events/outgoing.ts';
import { fieldChanges } from '../lib/audit-diff.ts';
import { kindOf } from './kinds.ts';

/**
 * The outgoing events of categories and posts made, changed or deleted: each record's payload as
 * the event types document it, its websites those of its variants. Call it in the change's
 * transaction, after a creation or change and before a deletion (the variants go with it).
 */

type RecordAction = 'created' | 'updated' | 'deleted';

/** A category's or post's facts its events carry, with the websites of its variants. */
export interface RecordFacts {
  id: number;
  /** A post's title, a category's name. */
  title: string;
  slug: string | null;
  category_id: number | null;
  website_ids: number[];
}

/**
 * The records of `ids`, in id order, with their variants' websites; none unless `when` holds (a
 * subscription to the event being made: with nobody subscribed, the statement finds nothing).
 */
export function recordFacts(
  tx: Executor,
  kind: 'category' | 'post',
  ids: readonly number[],
  when: SQL,
) {
  const { records, variants, owner } = kindOf(kind);
  const fields =
    kind === 'post'
      ? sql`r.title, NULL AS slug, r.category_id`
      : sql`r.name AS title, r.slug, NULL::int AS category_id`;
  return queryRows<RecordFacts>(
    tx,
    sql`SELECT r.id, ${fields},
               COALESCE((SELECT array_agg(v.website_id ORDER BY v.website_id)
                         FROM ${sql.identifier(variants)} v
                         WHERE v.${sql.identifier(owner)} = r.id), '{}') AS website_ids
        FROM ${sql.identifier(records)} r
        WHERE r.id = ANY (${idArray(ids)}) AND ${when} ORDER BY r.id`,
  );
}

/**
 * The names of the fields that differ between a record's answer before and after a change, but
 * for the time of the change itself.
 */
export const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(fieldChanges(before, after)).filter(
    (field) => field !== 'updated_at' && field !== 'updatedAt',
  );

/**
 * Emits `{kind}.{action}` for each record of `ids`; an update names the fields it changed.
 */
export async function emitRecordEvents(
  tx: Executor,
  kind: 'category' | 'post',
  action: RecordAction,
  ids: readonly number[],
  changed: readonly string[] = [],
) {
  if (ids.length === 0) return;
  const type = `${kind}.${action}` as const;
  const rows = await recordFacts(tx, kind, ids, subscribedTo(type));
  const extra = action === 'updated' ? { changed: [...changed] } : {};
  const events = rows.map(
    (row) =>
      ({
        type,
        data:
          kind === 'post'
            ? {
                id: row.id,
                title: row.title,
                category_id: row.category_id ?? 0,
                website_ids: row.website_ids,
                ...extra,
              }
            : {
                id: row.id,
                name: row.title,
                slug: row.slug ?? '',
                website_ids: row.website_ids,
                ...extra,
              },
      }) as OutgoingEvent,
  );
  await emitEvents(tx, events);
}
