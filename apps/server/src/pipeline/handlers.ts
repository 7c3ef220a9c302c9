import type { SocialNetwork } from '@sitefleet/contract';
import { QUEUES } from '../jobs/queue.ts';
import type { JobHandlers } from '../jobs/workers.ts';
import { regenerateVariant } from './ai/regenerate.ts';
import { runDelivery } from './delivery.ts';
import { publishToNetwork } from './social/index.ts';
import { pushToWebsite } from './website/push.ts';

/** What the pipeline does with each queue's jobs: the job queue's workers run these. */
export const JOB_HANDLERS: JobHandlers = {
  [QUEUES.websitePush]: (context, job) =>
    runDelivery(context, job, 'website', (variant) =>
      pushToWebsite(variant, context.config.DELIVERY_TIMEOUT_MS),
    ),
  [QUEUES.socialPublish]: (context, job) => {
    const network = job.data.target as SocialNetwork;
    return runDelivery(context, job, network, (variant) =>
      publishToNetwork(context, variant, network, context.config.DELIVERY_TIMEOUT_MS),
    );
  },
  [QUEUES.regenerate]: (context, job) => regenerateVariant(context, job),
};
