import { MESSAGES } from '@sitefleet/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';

export const MAX_LOGIN_FAILURES = 5;
/** Failures from one address across every e-mail: one password sprayed over all the accounts. */
export const MAX_IP_LOGIN_FAILURES = 20;
export const THROTTLE_WINDOW_SECONDS = 60;

/** Sign-in attempts are counted per e-mail and IP address, in the database shared by all processes. */
export const throttleKey = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

/** The count of one address's failures whatever the e-mail (no e-mail is `*`). */
export const ipThrottleKey = (ip: string) => `*|${ip}`;

export async function assertNotThrottled(db: Db, key: string, maxFailures = MAX_LOGIN_FAILURES) {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  if (!row || row.failures < maxFailures) return;
  const seconds = Math.ceil((row.windowEndsAt.getTime() - Date.now()) / 1000);
  if (seconds <= 0) return;
  throw new HttpError(429, MESSAGES.throttled(seconds), undefined, {
    'retry-after': String(seconds),
  });
}

export async function recordFailure(db: Db, key: string) {
  const windowEnd = sql`now() + make_interval(secs => ${THROTTLE_WINDOW_SECONDS})`;
  await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottles.windowEndsAt} < now() THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${loginThrottles.windowEndsAt} < now() THEN ${windowEnd} ELSE ${loginThrottles.windowEndsAt} END`,
      },
    });
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
