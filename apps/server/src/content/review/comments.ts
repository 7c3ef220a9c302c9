import {
  MENTIONABLE_LIMIT,
  type MentionableUser,
  mentionedEmails,
  type VariantComment,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { holdsAbility } from '../../db/abilities.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { likePattern } from '../../lists/search.ts';
import { notifyUsers } from '../../notifications/personal.ts';
import type { ContentKind } from '../kinds.ts';
import { reviewAbility } from './actions.ts';
import { commentById, recordReview } from './history.ts';
import { emitCommentCreated } from './review-events.ts';
import { stagedVariants } from './stages.ts';

/** The variant of a review route, locked for the change; 404 when there is none. */
export async function reviewedVariant(db: Db, kind: ContentKind, variantId: number) {
  const [variant] = await stagedVariants(db, kind, sql`v.id = ${variantId}`);
  if (!variant) throw notFound();
  return variant;
}

/**
 * The user `u` may see variants of this kind: a role of theirs holds its review ability, or is
 * an admin role.
 */
const mayReview = (kind: ContentKind) => holdsAbility(sql`u.id`, [reviewAbility(kind)]);

/** The users an e-mail address in a comment mentions who may see the variant. */
async function mentionedUsers(db: Db, kind: ContentKind, body: string, authorId: number) {
  const emails = mentionedEmails(body);
  if (emails.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
        WHERE lower(u.email) IN (${sql.join(
          emails.map((email) => sql`${email}`),
          sql`, `,
        )})
          AND u.id <> ${authorId} AND ${mayReview(kind)}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Whom a comment on the variant may mention, for the comment box: the users who may see it, but
 * the caller, whose name or e-mail address holds `term`, by name.
 */
export async function mentionableUsers(
  db: Db,
  kind: ContentKind,
  variantId: number,
  callerId: number,
  term: string,
): Promise<MentionableUser[]> {
  await reviewedVariant(db, kind, variantId);
  const pattern = likePattern(term);
  return queryRows<MentionableUser>(
    db,
    sql`SELECT u.id, u.name, u.email FROM users u
        WHERE u.id <> ${callerId} AND (u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})
          AND ${mayReview(kind)}
        ORDER BY u.name, u.id LIMIT ${MENTIONABLE_LIMIT}`,
  );
}

/**
 * A comment on a variant: its Markdown rendered and sanitised, one history row and audit entry,
 * a `mention` notification to each mentioned user who may see the variant, and its
 * `comment.created` event.
 */
export async function addComment(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  variantId: number,
  author: { userId: number; name: string },
  body: string,
): Promise<VariantComment> {
  const id = await db.transaction(async (tx) => {
    const variant = await reviewedVariant(tx, kind, variantId);
    const commentId = await recordReview(
      tx,
      kind,
      { id: variant.id, recordId: variant.record_id, recordName: variant.record_name },
      'commented',
      author,
      { website: variant.website_name, comment: body, body_html: renderMarkdown(body) },
    );
    await emitCommentCreated(tx, kind, {
      id: commentId,
      recordId: variant.record_id,
      author: author.name,
      body,
    });
    await notifyUsers(tx, queue, await mentionedUsers(tx, kind, body, author.userId), {
      kind: 'mention',
      subject: `${kind.kind}:${variant.record_id}`,
      title: `${author.name} mentioned you on "${variant.record_name}"`,
      body: `${variant.website_name}: ${body.slice(0, 200)}`,
      link: null,
    });
    return commentId;
  });
  return commentById(db, id);
}
