import type { ContentJobData, SocialNetwork } from '@sitefleet/contract';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import { regenerateVariant } from '../modules/generation/regenerate.ts';
import { type RunningJob, runDelivery } from '../modules/publishing/deliveries.ts';
import { publishToNetwork } from '../modules/publishing/social/index.ts';
import { pushToWebsite } from '../modules/publishing/website-push.ts';
import { type JobQueue, QUEUES, type QueueName } from './queue.ts';

/** Carries out one job; a throw fails this try (the queue retries it while tries remain). */
type JobHandler = (context: AppContext, job: RunningJob) => Promise<unknown>;

export const JOB_HANDLERS: Record<QueueName, JobHandler> = {
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

/**
 * Starts the workers of every queue: WORKER_CONCURRENCY pollers per queue, each taking one job at
 * a time. pg-boss hands a job to one poller only (SKIP LOCKED), so several processes can share a
 * database. Answers a function that stops taking jobs and waits for the running ones.
 */
export async function startWorkers(context: AppContext, queue: JobQueue) {
  const { boss } = queue;
  const options: PgBoss.WorkOptions & { includeMetadata: true } = {
    batchSize: 1,
    includeMetadata: true,
    pollingIntervalSeconds: context.config.QUEUE_POLL_SECONDS,
  };
  for (const [name, handle] of Object.entries(JOB_HANDLERS)) {
    for (let index = 0; index < context.config.WORKER_CONCURRENCY; index += 1) {
      let workerId = '';
      workerId = await boss.work<ContentJobData>(name, options, async ([job]) => {
        try {
          if (job) return await handle(context, job);
        } finally {
          // pg-boss waits a polling interval after every fetch; a worker that just had a job
          // asks for the next one at once, so a full queue drains at the speed of its work.
          if (workerId) boss.notifyWorker(workerId);
        }
      });
    }
  }
  return async () => {
    await Promise.all(Object.keys(JOB_HANDLERS).map((name) => boss.offWork(name)));
  };
}
