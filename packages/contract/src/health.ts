import { z } from 'zod';

/** `GET /healthz`: the process answers (liveness); the database is not asked. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * One check of `GET /readyz`: `ok`, or what failed (`stopping` while the process shuts down,
 * `pending` while migrations are not applied, `stopped` for a job queue that is not running,
 * `checking` while the server's start checks and repairs the derived tables, the database's error
 * otherwise).
 */
export const readinessCheckSchema = z.string();

/**
 * The read replica's check, present with one configured: `ok`, `lagging` (further behind than
 * allowed), `unreachable`, or `not-standby` (it answers but replays nothing). Reads go to the
 * primary meanwhile, so it never makes the process unready.
 */
export const REPLICA_CHECKS = ['ok', 'lagging', 'unreachable', 'not-standby'] as const;

/** `GET /readyz`: 200 with every check `ok`, otherwise 503 naming the checks that failed. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    process: readinessCheckSchema,
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
    queue: readinessCheckSchema,
    derived_state: readinessCheckSchema,
    replica: z.enum(REPLICA_CHECKS).optional(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
