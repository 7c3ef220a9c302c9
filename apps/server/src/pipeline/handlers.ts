import type { PublishTarget } from '@sitefleet/contract';
import { publishDueVariants } from '../content/schedule/due.ts';
import { IMPORTERS } from '../importers.ts';
import { QUEUES } from '../jobs/queue.ts';
import type { JobHandler, JobHandlers } from '../jobs/workers.ts';
import { runImport } from '../modules/imports/run.ts';
import { checkWebsites } from '../modules/monitor/check.ts';
import { regenerateVariant } from './ai/regenerate.ts';
import { runDelivery } from './delivery.ts';
import { sendEvent } from './event-delivery.ts';
import { sendNotifications } from './notifications.ts';
import { planBackfill as planRevenueImport } from './revenue-import/plan.ts';
import { importAccount } from './revenue-import/run.ts';
import { PUBLISHING_TARGETS } from './targets/index.ts';
import { planBackfill } from './traffic-import/plan.ts';
import { importWebsite } from './traffic-import/run.ts';

/** A publishing job: the variant goes to the target the job names. */
const publish: JobHandler = (context, job) =>
  runDelivery(context, job, PUBLISHING_TARGETS[job.data.target as PublishTarget]);

/** What the pipeline does with each queue's jobs: the job queue's workers run these. */
export const JOB_HANDLERS: JobHandlers = {
  [QUEUES.websitePush]: publish,
  [QUEUES.socialPublish]: publish,
  [QUEUES.regenerate]: (context, job) => regenerateVariant(context, job),
  [QUEUES.monitorCheck]: (context, job) => checkWebsites(context, job.data.websiteIds),
  [QUEUES.notificationSend]: (context, job) => sendNotifications(context, job),
  [QUEUES.scheduledPublish]: (context) => publishDueVariants(context.db, context.queue),
  [QUEUES.importRun]: (context, job) => runImport(context, job, IMPORTERS),
  [QUEUES.eventSend]: (context, job) => sendEvent(context, job),
  [QUEUES.trafficImport]: (context, job) => importWebsite(context, job.data.websiteId),
  [QUEUES.trafficBackfill]: (context, job) => planBackfill(context, job),
  [QUEUES.revenueImport]: (context, job) => importAccount(context, job.data.account),
  [QUEUES.revenueBackfill]: (context, job) => planRevenueImport(context, job),
};
