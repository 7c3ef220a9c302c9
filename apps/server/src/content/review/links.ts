import { createHash, randomBytes } from 'node:crypto';
import { type PublicReview, type ReviewDecision, WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { forbidden, HttpError, notFound } from '../../errors.ts';
import { type ContentKind, kindOf } from '../kinds.ts';
import { requiresSecondPerson } from './actions.ts';
import { moveVariants } from './moves.ts';
import { roleIdsOf, stagedVariants } from './stages.ts';

/**
 * One-off review links: an outside reviewer, without an account, approves one variant (it moves
 * to the next stage) or sends it back to the first stage with a comment. The token (256 random
 * bits) is shown once and stored as its SHA-256; a link is used once, and expires.
 */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createReviewLink(
  db: Db,
  kind: ContentKind,
  variantId: number,
  creator: { userId: number; name: string },
  hours: number,
  origin: string,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  const column = sql.identifier(`${kind.kind}_variant_id`);
  await db.execute(
    sql`INSERT INTO review_links (token_hash, ${column}, created_by, created_by_name, expires_at)
        VALUES (${hashToken(token)}, ${variantId}, ${creator.userId}, ${creator.name}, ${expiresAt})`,
  );
  return { url: `${origin}/review/${token}`, expires_at: expiresAt.toISOString() };
}

interface LinkRow {
  id: number;
  category_variant_id: number | null;
  post_variant_id: number | null;
  created_by: number | null;
  created_by_name: string | null;
  expires_at: Date;
  usable: boolean;
}

/** The link of a token: 404 when there is none, 410 once used or expired. */
async function usableLink(db: Db, token: string, lock: boolean) {
  const [link] = await queryRows<LinkRow>(
    db,
    sql`SELECT id, category_variant_id, post_variant_id, created_by, created_by_name, expires_at,
               used_at IS NULL AND expires_at > now() AS usable
        FROM review_links WHERE token_hash = ${hashToken(token)}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!link) throw notFound(WORKFLOW_MESSAGES.linkUnknown);
  if (!link.usable) throw new HttpError(410, WORKFLOW_MESSAGES.linkGone);
  const kind = kindOf(link.category_variant_id === null ? 'post' : 'category');
  return { link, kind, variantId: (link.category_variant_id ?? link.post_variant_id)! };
}

/**
 * What the link shows: the variant, who made the link, and where each decision takes the variant
 * (the next stage, or the workflow's first), as decideReview moves it.
 */
export async function showReview(db: Db, token: string): Promise<PublicReview> {
  const { link, kind, variantId } = await usableLink(db, token, false);
  const [row] = await queryRows<Omit<PublicReview, 'kind' | 'requested_by' | 'expires_at'>>(
    db,
    sql`SELECT r.${sql.identifier(kind.nameColumn)} AS title, v.description,
               ws.name AS website_name, s.name AS stage,
               (SELECT n.name FROM workflow_stages n
                WHERE n.workflow_id = s.workflow_id AND n.position > s.position
                ORDER BY n.position LIMIT 1) AS approve_to,
               (SELECT f.name FROM workflow_stages f
                WHERE f.workflow_id = s.workflow_id ORDER BY f.position LIMIT 1) AS changes_to
        FROM ${sql.identifier(kind.variants)} v
        JOIN ${sql.identifier(kind.records)} r ON r.id = v.${sql.identifier(kind.owner)}
        JOIN websites ws ON ws.id = v.website_id
        JOIN workflow_stages s ON s.id = v.stage_id
        WHERE v.id = ${variantId}`,
  );
  if (!row) throw notFound(WORKFLOW_MESSAGES.linkUnknown);
  return {
    ...row,
    kind: kind.kind,
    requested_by: link.created_by_name,
    expires_at: new Date(link.expires_at).toISOString(),
  };
}

/**
 * The outside reviewer's decision: approve moves the variant to the next stage, request_changes
 * back to the first, recorded under the name the reviewer gave, marked as through the link. The
 * link acts with its creator's rights, and under the four-eyes rule as its creator: the author's
 * own link cannot approve into the last stage (whoever opens it, it may be the author). The link
 * is used up.
 */
export async function decideReview(db: Db, token: string, decision: ReviewDecision) {
  await db.transaction(async (tx) => {
    const { link, kind, variantId } = await usableLink(tx, token, true);
    const [variant] = await stagedVariants(tx, kind, sql`v.id = ${variantId}`);
    if (!variant) throw notFound(WORKFLOW_MESSAGES.linkUnknown);
    const [next] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM workflow_stages WHERE workflow_id = ${variant.workflow_id}
            AND position ${decision.decision === 'approve' ? sql`> ${variant.position} ORDER BY position ASC` : sql`>= 0 ORDER BY position ASC`}
          LIMIT 1`,
    );
    if (next && next.id !== variant.stage_id) {
      const moved = await moveVariants(
        tx,
        kind,
        sql`v.id = ${variantId}`,
        { stageId: next.id },
        {
          userId: link.created_by,
          name: link.created_by_name ?? '',
          roleIds: link.created_by === null ? [] : await roleIdsOf(tx, link.created_by),
          requireSecondPerson: await requiresSecondPerson(tx),
          reviewLink: {
            id: link.id,
            reviewerName: decision.reviewer_name.trim(),
            madeBy: link.created_by_name ?? '',
          },
        },
        { comment: decision.comment || undefined, mode: 'skip' },
      );
      if (moved.author > 0) throw forbidden(WORKFLOW_MESSAGES.linkByAuthor);
      if (moved.notAllowedOut > 0)
        throw forbidden(WORKFLOW_MESSAGES.notAllowedOut(variant.stage_name));
    }
    await tx.execute(sql`UPDATE review_links SET used_at = now() WHERE id = ${link.id}`);
  });
}
