import pino from 'pino';
import { buildApp } from './app.ts';
import { startBackgroundWork } from './background.ts';
import {
  answersAnyHostName,
  loadConfig,
  metricsNeedToken,
  usesDefaultAdminPassword,
} from './config.ts';
import { createAppContext } from './context.ts';
import { seedDemo } from './db/demo.ts';
import { describeDrift, repairDerivedState } from './db/integrity.ts';
import { DataDirLockedError } from './db/lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { seedBase } from './db/seed.ts';
import { limitHeapGrowth, settleHeapWhenIdle } from './heap.ts';
import { TARGET_SETTINGS } from './pipeline/targets/index.ts';
import { stopOnSignals } from './shutdown.ts';
import { seedTaskRows } from './tasks.ts';

async function main() {
  limitHeapGrowth();
  const config = loadConfig();
  if (usesDefaultAdminPassword(config) && config.NODE_ENV === 'production') {
    throw new Error(
      'ADMIN_PASSWORD is the default demo password: set another one to run in production.',
    );
  }
  if (!config.SESSION_SECRET && config.NODE_ENV === 'production') {
    throw new Error('SESSION_SECRET must be set in production (at least 32 characters).');
  }
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const { wasEmpty } = await seedBase(database.db, TARGET_SETTINGS, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  await seedTaskRows(database.db);
  if (wasEmpty) await seedDemo(database.db);

  const logger = pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
  const context = await createAppContext(config, database, logger);
  const app = await buildApp({ context, logger });
  context.derivedState.status = 'checking';
  if (usesDefaultAdminPassword(config)) {
    app.log.warn(
      'The demo admin password is in use. Set ADMIN_PASSWORD, or change it with `npm run cli -- password:reset`.',
    );
  }
  if (answersAnyHostName(config)) {
    app.log.warn(
      `HOST ${config.HOST} is not a loopback address and PUBLIC_URL is not set: any host name is served, which lets a DNS-rebinding page in. Set PUBLIC_URL to the address browsers use.`,
    );
  }
  if (metricsNeedToken(config)) {
    app.log.warn(
      '/metrics is closed: PUBLIC_URL or TRUST_PROXY is set without METRICS_TOKEN, and behind a proxy every visitor would come from the loopback address. Set METRICS_TOKEN to read the metrics.',
    );
  }
  const stopBackgroundWork = config.RUN_WORKERS
    ? await startBackgroundWork(context, app.log)
    : async () => {};
  stopOnSignals({
    shutdown: context.shutdown,
    timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS,
    log: app.log,
    async stop(deadline) {
      await Promise.all([
        // Event streams first: the server waits for every open response before it closes.
        Promise.race([context.shutdown.runHooks(), deadline.passed]).then(() => app.close()),
        Promise.race([stopBackgroundWork(), deadline.passed]).then(() =>
          context.queue.stop(deadline.remainingMs()),
        ),
      ]);
      await database.close();
    },
    force: () => app.server.closeAllConnections(),
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  settleHeapWhenIdle(app.server);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  const signIn = wasEmpty || usesDefaultAdminPassword(config) ? ` as ${config.ADMIN_EMAIL}` : '';
  console.log(
    `\nSitefleet is running at ${url}\nSign in${signIn}${
      usesDefaultAdminPassword(config) ? ` with the password ${config.ADMIN_PASSWORD}` : ''
    }.\n`,
  );
  // Rows loaded behind the triggers' back (a restore, a replica-mode load) must not leave the
  // lists wrong until the next scheduled check. It runs once the server listens, since on a large
  // database it reads every variant (a minute at ten million posts): /readyz answers `checking`
  // meanwhile, so that a load balancer sends nothing here before it is done.
  for (const drift of await repairDerivedState(database.db)) {
    app.log.warn(`Repaired derived state: ${describeDrift(drift)}`);
  }
  context.derivedState.status = 'ok';
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
