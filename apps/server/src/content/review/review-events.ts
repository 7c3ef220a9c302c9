import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emitEvents, type OutgoingEvent, subscribedTo } from '../../events/outgoing.ts';
import type { ContentKind } from '../kinds.ts';
import { recordFacts } from '../record-events.ts';

/**
 * The outgoing events of the review, in the transaction of its change: `review.stage_changed` per
 * record whose variants a move took to a stage, `post.approved` per post whose variants it took
 * to their workflow's last stage, `comment.created` per comment. Each names the websites of the
 * record's variants, as the record's own events do.
 */

/** Whether a move's events have a subscriber: else the move reads nothing for them. */
export const movesSubscribed = sql`(${subscribedTo('review.stage_changed')}
                                    OR ${subscribedTo('post.approved')})`;

/** A variant a move took, as the move statement answers it. */
export interface MovedVariant {
  id: number;
  record_id: number;
  website_id: number;
  /** The stage it went to. */
  stage: string;
  /** Whether that stage is its workflow's last: the variant is approved. */
  is_last: boolean;
}

/** Groups `items` by `key`, in the order each key first comes. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const idsOf = (variants: readonly MovedVariant[]) =>
  variants.map((variant) => variant.id).sort((a, b) => a - b);

/**
 * Emits a move's events: one `review.stage_changed` per record and stage it went to (a move goes
 * to one stage; approving to each workflow's last), and for posts one `post.approved` per post
 * with the variants it approved.
 */
export async function emitMoveEvents(
  tx: Executor,
  kind: ContentKind,
  moved: readonly MovedVariant[],
) {
  if (moved.length === 0) return;
  const records = new Map(
    (
      await recordFacts(
        tx,
        kind.kind,
        [...new Set(moved.map((variant) => variant.record_id))],
        sql`TRUE`,
      )
    ).map((record) => [record.id, record]),
  );
  const events: OutgoingEvent[] = [];
  for (const [recordId, variants] of groupBy(moved, (variant) => variant.record_id)) {
    const record = records.get(recordId);
    if (!record) continue;
    for (const [stage, inStage] of groupBy(variants, (variant) => variant.stage)) {
      events.push({
        type: 'review.stage_changed',
        data: {
          kind: kind.kind,
          record_id: recordId,
          variant_ids: idsOf(inStage),
          website_ids: record.website_ids,
          stage,
        },
      });
    }
    const approved = variants.filter((variant) => variant.is_last);
    if (kind.kind === 'post' && approved.length > 0) {
      events.push({
        type: 'post.approved',
        data: {
          id: recordId,
          title: record.title,
          category_id: record.category_id!,
          website_ids: record.website_ids,
          variant_ids: idsOf(approved),
        },
      });
    }
  }
  await emitEvents(tx, events);
}

/** Emits `comment.created` for a comment written on a variant of record `recordId`. */
export async function emitCommentCreated(
  tx: Executor,
  kind: ContentKind,
  comment: { id: number; recordId: number; author: string | null; body: string },
) {
  const [record] = await recordFacts(
    tx,
    kind.kind,
    [comment.recordId],
    subscribedTo('comment.created'),
  );
  if (!record) return;
  await emitEvents(tx, [
    {
      type: 'comment.created',
      data: {
        kind: kind.kind,
        record_id: comment.recordId,
        comment_id: comment.id,
        author: comment.author,
        body: comment.body,
        website_ids: record.website_ids,
      },
    },
  ]);
}
