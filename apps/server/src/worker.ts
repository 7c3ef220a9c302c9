/**
 * A process that only runs the job workers and the scheduler (`npm run worker`), beside servers
 * started with RUN_WORKERS=false or not. It needs PostgreSQL: the embedded database belongs to
 * the one server process that holds its data directory.
 */
import pino from 'pino';
import { startBackgroundWork } from './background.ts';
import { loadConfig } from './config.ts';
import { createAppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { limitHeapGrowth } from './heap.ts';
import { stopOnSignals } from './shutdown.ts';

async function main() {
  limitHeapGrowth();
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new Error(
      'The worker needs DATABASE_URL (PostgreSQL). With the embedded database, the server runs the workers itself.',
    );
  }
  const log = pino({ level: config.LOG_LEVEL, base: { process: 'worker' } });
  const database = await openDatabase({ url: config.DATABASE_URL });
  await database.migrate();
  const context = await createAppContext(config, database, log);
  const stop = await startBackgroundWork(context, log);
  log.info('worker started');
  stopOnSignals({
    shutdown: context.shutdown,
    timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS,
    log,
    // Running jobs finish within the time-out; those still running then are handed back.
    async stop(deadline) {
      await Promise.race([stop(), deadline.passed]);
      await context.queue.stop(deadline.remainingMs());
      await database.close();
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
