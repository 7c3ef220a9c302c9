import { z } from 'zod';
import { MAX_ID, paginatedSchema } from './pagination.ts';
import { PUBLISH_TARGETS } from './publish-targets.ts';

/** One try at delivering a variant to its website or a social network (newest first). */
export const deliveryAttemptSchema = z.object({
  id: z.number(),
  target: z.enum(PUBLISH_TARGETS),
  /** 1 for a job's first try; a retried job counts on. */
  attempt: z.number(),
  version: z.number(),
  outcome: z.enum(['delivered', 'failed']),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  /** The id the website or network gave the published item. */
  external_id: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;
export const deliveryAttemptListSchema = paginatedSchema(deliveryAttemptSchema);

/**
 * The variant (Detailed Review row) whose deliveries are listed or retried. The address names its
 * id `pivotId`, as rows carry it as `pivot_id`: the original API's name for the variant rows (the
 * pivot table of a record and its websites). The code calls them variants.
 */
export const variantParamSchema = z.object({
  pivotId: z.coerce.number().int().positive().max(MAX_ID),
});

export const retryAnswerSchema = z.object({ message: z.string(), queued: z.number() });

export const DELIVERY_MESSAGES = {
  retried: (queued: number) =>
    `Delivery queued again (${queued} ${queued === 1 ? 'target' : 'targets'}).`,
  nothingToRetry: 'Nothing to retry: no delivery of this variant has failed.',
} as const;
