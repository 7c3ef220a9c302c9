import { z } from 'zod';

/** `GET /healthz`: the process answers (liveness); the database is not asked. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * One check of `GET /readyz`: `ok`, or what failed (`stopping` while the process shuts down,
 * `pending` while migrations are not applied, `stopped` for a job queue that is not running, the
 * database's error otherwise).
 */
export const readinessCheckSchema = z.string();

export const READINESS_CHECKS = ['process', 'database', 'migrations', 'queue'] as const;

/** `GET /readyz`: 200 with every check `ok`, otherwise 503 naming the checks that failed. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.enum(READINESS_CHECKS), readinessCheckSchema),
});
export type Readiness = z.infer<typeof readinessSchema>;
