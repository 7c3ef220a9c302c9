import { type ContentJobData, categoryCreateSchema, postFormSchema } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { kindOf } from '../../content/kinds.ts';
import {
  clearingTarget,
  failureNote,
  settingTargets,
} from '../../content/publish/delivery-state.ts';
import { endStage } from '../../content/review/stages.ts';
import { loadVariant, type VariantContent } from '../../content/variants.ts';
import type { AppContext } from '../../context.ts';
import { publishDeliveryEvents, variantTarget } from '../../events/publish.ts';
import type { RunningJob } from '../../jobs/queue.ts';
import { websitePrompt } from './prompts.ts';
import { type ChatMessage, complete } from './provider.ts';

/** A regenerated description follows the same rules as one typed in the record's form. */
const DESCRIPTION_RULES: Record<ContentJobData['kind'], z.ZodType<string>> = {
  category: categoryCreateSchema.shape.description,
  post: postFormSchema.shape.description,
};

async function regenerationMessages(
  context: AppContext,
  variant: VariantContent,
): Promise<ChatMessage[]> {
  const categoryId = variant.kind === 'category' ? variant.record.id : variant.record.category!.id;
  const prompt = await websitePrompt(context.db, variant.kind, {
    website: variant.website,
    categoryId,
  });
  const current = variant.description || variant.record.description;
  return [
    {
      role: 'system',
      content:
        'Answer with the new description only: the text itself, without a title, quotes or remarks.',
    },
    {
      role: 'user',
      content: `${prompt}\n\nRewrite the description of the ${variant.kind} "${variant.record.title}" for this website.\n\nCurrent description:\n${current}`,
    },
  ];
}

async function newDescription(context: AppContext, variant: VariantContent) {
  const answer = await complete(context, await regenerationMessages(context, variant), {
    websiteId: variant.website.id,
  });
  const checked = DESCRIPTION_RULES[variant.kind].safeParse(answer);
  if (!checked.success) {
    throw new Error(`The AI provider's description was refused: ${z.prettifyError(checked.error)}`);
  }
  return checked.data;
}

/**
 * Rewrites one variant's description through the AI provider with its website's prompt. The new
 * text gets a new version (a new idempotency key for its next delivery); a variant already on its
 * website is marked updated-after-posted, so that the next web sync sends it. A failure changes
 * nothing but the variant's delivery state and error, and is thrown again for the queue to retry.
 */
export async function regenerateVariant(context: AppContext, job: RunningJob): Promise<void> {
  const { kind, variantId } = job.data;
  const variant = await loadVariant(context.db, kind, variantId);
  // Deleted since it was queued: there is nothing left to rewrite.
  if (!variant) return;
  const variants = sql.identifier(kindOf(kind).variants);
  let description: string;
  try {
    description = await newDescription(context, variant);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = job.retryCount >= job.retryLimit;
    await context.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE ${variants}
            SET ${settingTargets({
              ai: { status: final ? 'failed' : 'queued', error: failureNote(message, final) },
            })}, updated_at = now()
            WHERE id = ${variantId}`,
      );
      await publishDeliveryEvents(tx, kind, final ? 'failed' : 'queued', [
        variantTarget(variant, 'ai'),
      ]);
    });
    throw error;
  }
  // One statement, so the text, its version and the flags change together; new text from the
  // provider goes back to the first stage of its review. The regeneration's
  // state is cleared rather than 'delivered': the new text has not been sent anywhere yet.
  await context.db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE ${variants} v SET description = ${description}, version = version + 1,
                 is_updated_after_posted = is_updated_after_posted OR is_posted_to_website,
                 ${clearingTarget('ai')}, updated_at = now(),
                 stage_id = ${endStage('first')}, is_approved = false
          WHERE v.id = ${variantId}`,
    );
    await publishDeliveryEvents(tx, kind, 'delivered', [variantTarget(variant, 'ai')]);
  });
}
