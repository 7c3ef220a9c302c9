import type { SocialNetwork } from '@sitefleet/contract';
import { QUEUES } from '../jobs/queue.ts';
import type { TaskSource } from '../jobs/scheduler.ts';
import type { JobHandlers } from '../jobs/workers.ts';
import { instanceDispatchTasks } from './agent/dispatch.ts';
import { websiteRefreshTasks } from './ai/refresh.ts';
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

/** The scheduled tasks that follow the data: per-website AI refreshes, per-instance dispatch. */
export const TASK_SOURCES: TaskSource[] = [websiteRefreshTasks, instanceDispatchTasks];
