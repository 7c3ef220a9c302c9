import { timingSafeEqual } from 'node:crypto';
import type { Readiness } from '@sitefleet/contract';
import { type Config, isLoopbackAddress, metricsNeedToken } from '../../config.ts';
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
 * Who may read the metrics: with METRICS_TOKEN set, whoever sends it as a bearer token; otherwise
 * a request from the loopback address that no proxy forwarded. Behind a reverse proxy on the same
 * machine every visitor comes from the loopback address, so a forwarded request is not one, and
 * with PUBLIC_URL or TRUST_PROXY set (a proxy is in front) the metrics need the token.
 */
export function mayReadMetrics(
  config: Pick<Config, 'METRICS_TOKEN' | 'PUBLIC_URL' | 'TRUST_PROXY'>,
  request: {
    ip: string;
    headers: { authorization?: string; 'x-forwarded-for'?: unknown; forwarded?: unknown };
  },
): boolean {
  const token = config.METRICS_TOKEN;
  if (token) return sameSecret(request.headers.authorization ?? '', `Bearer ${token}`);
  if (metricsNeedToken(config)) return false;
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && isLoopbackAddress(request.ip.replace(/^::ffff:/, ''));
}
