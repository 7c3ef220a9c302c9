import { topItemSchema } from '@sitefleet/contract';
import { z } from 'zod';

/** The schemas of the dashboard's answers, loaded with its first requests (checked-answer.ts). */
export {
  instanceDetailsAnswerSchema,
  monitorPageSchema,
  renewalsSchema,
  reviewStageStatsSchema,
} from '@sitefleet/contract';

/** A count's answer: the count under its kind's key (STAT_ANSWER_KEYS). */
export const statAnswerSchema = z.record(z.string(), z.unknown());
export const statCountSchema = z.number();

export const topListSchema = z.array(topItemSchema);
