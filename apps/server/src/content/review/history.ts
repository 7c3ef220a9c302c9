import type { ReviewEvent, VariantHistoryEntry } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { isoText } from '../../lists/page.ts';
import type { ContentKind } from '../kinds.ts';

/**
 * A variant's review history: every move, assignment and comment is one row here and one audit
 * entry on its post or category, naming the website and the stages, written in one transaction.
 */

/** The history's column naming a variant of this kind. */
export const reviewVariantColumn = (kind: ContentKind) =>
  sql.identifier(kind.kind === 'category' ? 'category_variant_id' : 'post_variant_id');

/** What an event says, kept in its details and shown in the history. */
export interface ReviewDetails {
  website: string;
  from_stage?: string;
  to_stage?: string;
  assignee?: string | null;
  due_at?: string | null;
  comment?: string | null;
  body_html?: string;
  /** An outside reviewer's decision, through the review link with this id. */
  review_link_id?: number;
  /** The name the outside reviewer gave. */
  reviewer_name?: string;
  /** Who made the review link. */
  review_link_made_by?: string;
}

export interface ReviewedVariant {
  id: number;
  recordId: number;
  recordName: string;
}

/** Who the event is by: the signed-in user, or a review link's creator for its outside reviewer. */
export interface ReviewAuthor {
  userId: number | null;
  name: string;
}

/** Writes one history row and its audit entry; answers the row's id. */
export async function recordReview(
  tx: Db,
  kind: ContentKind,
  variant: ReviewedVariant,
  event: ReviewEvent,
  author: ReviewAuthor,
  details: ReviewDetails,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO variant_reviews (${reviewVariantColumn(kind)}, event, user_id, user_name, details)
        VALUES (${variant.id}, ${event}, ${author.userId}, ${author.name}, ${JSON.stringify(details)}::jsonb)
        RETURNING id`,
  );
  const { body_html: _html, ...audited } = details;
  await recordAudit(tx, {
    action: event,
    subjectType: kind.kind,
    subjectId: variant.recordId,
    subjectName: variant.recordName,
    details: { variant_id: variant.id, ...audited },
    userId: author.userId,
  });
  return Number(row!.id);
}

interface HistoryRow {
  id: number | string;
  event: ReviewEvent;
  user_id: number | null;
  user_name: string | null;
  details: ReviewDetails;
  created_at: Date | string;
}

/** A variant's history, oldest first. */
export async function variantHistory(
  db: Db,
  kind: ContentKind,
  variantId: number,
): Promise<VariantHistoryEntry[]> {
  const rows = await queryRows<HistoryRow>(
    db,
    sql`SELECT id, event, user_id, user_name, details, created_at FROM variant_reviews
        WHERE ${reviewVariantColumn(kind)} = ${variantId} ORDER BY id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    event: row.event,
    user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
    created_at: isoText(row.created_at),
    from_stage: row.details.from_stage ?? null,
    to_stage: row.details.to_stage ?? null,
    assignee: row.details.assignee ?? null,
    due_at: row.details.due_at ?? null,
    comment: row.details.comment ?? null,
  }));
}

/** A variant's comments (the `commented` events), oldest first. */
export async function variantComments(db: Db, kind: ContentKind, variantId: number) {
  const rows = await queryRows<HistoryRow>(
    db,
    sql`SELECT id, event, user_id, user_name, details, created_at FROM variant_reviews
        WHERE ${reviewVariantColumn(kind)} = ${variantId} AND event = 'commented' ORDER BY id`,
  );
  return rows.map(commentOf);
}

export const commentOf = (row: HistoryRow) => ({
  id: Number(row.id),
  body: row.details.comment ?? '',
  body_html: row.details.body_html ?? '',
  author: { id: row.user_id, name: row.user_name ?? '' },
  created_at: isoText(row.created_at),
});

/** One comment by its history row's id. */
export async function commentById(db: Db, id: number) {
  const [row] = await queryRows<HistoryRow>(
    db,
    sql`SELECT id, event, user_id, user_name, details, created_at FROM variant_reviews WHERE id = ${id}`,
  );
  return commentOf(row!);
}
