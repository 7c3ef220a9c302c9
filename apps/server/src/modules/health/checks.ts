import { timingSafeEqual } from 'node:crypto';
import type { Readiness } from '@sitefleet/contract';
import { isLoopbackAddress } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { migrationsCurrent } from '../../db/client.ts';
import { replicaCheck } from '../../db/replica.ts';

/** A database that takes longer than this to answer a probe is as good as down. */
const PROBE_TIMEOUT_MS = 5000;

function withinProbeTime<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether the process can take traffic: not stopping, its database answering with every
 * migration applied, its job queue running. A failure is named, never detailed: the probe is
 * public, and the database's error goes to the log. The read replica's state is told but never
 * fails the probe: its reads go to the primary meanwhile.
 */
export async function readiness(
  context: AppContext,
  log: { warn(object: object, message: string): void },
): Promise<Readiness> {
  const checks: Readiness['checks'] = {
    process: context.shutdown.stopping ? 'stopping' : 'ok',
    database: 'ok',
    migrations: 'ok',
    queue: context.queue.running() ? 'ok' : 'stopped',
    derived_state: context.derivedState.status,
  };
  try {
    if (!(await withinProbeTime(migrationsCurrent(context.db)))) checks.migrations = 'pending';
  } catch (error) {
    log.warn({ err: error }, 'readiness: the database does not answer');
    checks.database = 'failed';
    checks.migrations = 'unknown';
  }
  const ready = Object.values(checks).every((check) => check === 'ok');
  const { replica } = context.database;
  if (replica) {
    const status = await replica.status();
    checks.replica = replicaCheck(status, context.config.REPLICA_MAX_LAG_SECONDS);
  }
  return { status: ready ? 'ok' : 'unavailable', checks };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read the metrics: with METRICS_TOKEN set, whoever sends it as a bearer token;
 * otherwise the loopback address only (the client's address as TRUST_PROXY lets it be read).
 */
export function mayReadMetrics(
  token: string | undefined,
  request: { ip: string; headers: { authorization?: string } },
): boolean {
  if (token) return sameSecret(request.headers.authorization ?? '', `Bearer ${token}`);
  return isLoopbackAddress(request.ip.replace(/^::ffff:/, ''));
}
