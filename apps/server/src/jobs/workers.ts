import type PgBoss from 'pg-boss';
import { storableText } from '../lib/outside-text.ts';
import type { ContentQueue, QueueData, QueueName, RunningJob } from './queue.ts';
import type { TaskContext } from './scheduler.ts';

/**
 * Carries out one job, with the process's context and log; a throw fails this try (the queue
 * retries it while tries remain).
 */
export type JobHandler<Q extends QueueName = ContentQueue> = (
  context: TaskContext,
  job: RunningJob<Q>,
) => Promise<unknown>;

/**
 * What the queue keeps of a failed try: its message alone, without NUL and cut short. The queue
 * stores it as JSON; an error as thrown may carry an outside answer's NUL (or a failed query with
 * its parameters), and a failure to store that would end the process instead of failing the job.
 */
function failedTry(context: TaskContext, queue: QueueName, error: unknown) {
  context.log.warn({ err: error, queue }, 'job failed');
  const message = error instanceof Error ? error.message : String(error);
  return new Error(storableText(message).slice(0, FAILURE_MESSAGE_MAX));
}

const FAILURE_MESSAGE_MAX = 1000;

/** The handler of every queue: the pipeline provides them. */
export type JobHandlers = { [Q in QueueName]: JobHandler<Q> };

/**
 * Starts the workers of every queue: WORKER_CONCURRENCY pollers per queue, each taking one job at
 * a time. pg-boss hands a job to one poller only (SKIP LOCKED), so several processes can share a
 * database. Answers a function that stops taking jobs and waits for the running ones.
 */
export async function startWorkers(context: TaskContext, handlers: JobHandlers) {
  const { boss } = context.queue;
  const options: PgBoss.WorkOptions & { includeMetadata: true } = {
    batchSize: 1,
    includeMetadata: true,
    pollingIntervalSeconds: context.config.QUEUE_POLL_SECONDS,
  };
  for (const [name, handle] of Object.entries(handlers) as [QueueName, JobHandler<QueueName>][]) {
    for (let index = 0; index < context.config.WORKER_CONCURRENCY; index += 1) {
      let workerId = '';
      workerId = await boss.work<QueueData[QueueName]>(name, options, async ([job]) => {
        try {
          if (job) return await handle(context, job);
        } catch (error) {
          throw failedTry(context, name, error);
        } finally {
          // pg-boss waits a polling interval after every fetch; a worker that just had a job
          // asks for the next one at once, so a full queue drains at the speed of its work.
          if (workerId) boss.notifyWorker(workerId);
        }
      });
    }
  }
  return async () => {
    await Promise.all(Object.keys(handlers).map((name) => boss.offWork(name)));
  };
}
