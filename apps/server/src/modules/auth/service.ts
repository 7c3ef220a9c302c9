import { MESSAGES, type Profile } from '@sitefleet/contract';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import {
  assertNotThrottled,
  clearFailures,
  ipThrottleKey,
  MAX_IP_LOGIN_FAILURES,
  recordFailure,
  throttleKey,
} from './throttle.ts';

/**
 * Checks the credentials, counting failures per e-mail and IP, and per IP alone. A success clears
 * the first count only: signing in to one's own account must not reset a spray from the address.
 */
export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<number> {
  const email = input.email.trim().toLowerCase();
  const key = throttleKey(email, input.ip);
  const ipKey = ipThrottleKey(input.ip);
  await assertNotThrottled(db, ipKey, MAX_IP_LOGIN_FAILURES);
  await assertNotThrottled(db, key);
  const [user] = await db
    .select({ id: users.id, password: users.password })
    .from(users)
    .where(eq(users.email, email));
  const valid = user
    ? await verifyPassword(user.password, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      await recordFailure(tx, key);
      await recordFailure(tx, ipKey);
      await recordAudit(tx, {
        action: 'sign_in_failed',
        subjectType: 'user',
        subjectId: user?.id ?? null,
        subjectName: email,
        details: { reason: 'password' },
      });
    });
    throw new HttpError(422, MESSAGES.invalidCredentials, {
      email: [MESSAGES.invalidCredentials],
    });
  }
  await clearFailures(db, key);
  return user.id;
}

/** The avatar's URL changes with each upload, so browsers never show a stale one. */
export const avatarUrl = (userId: number, updatedAt: string | Date) =>
  `/api/avatars/${userId}?v=${new Date(updatedAt).getTime()}`;

export async function getProfile(db: Db, userId: number): Promise<Profile | null> {
  const [row] = await queryRows<{
    id: number;
    name: string;
    email: string;
    avatar_updated_at: string | null;
    roles: string[];
  }>(
    db,
    sql`SELECT u.id, u.name, u.email, a.updated_at AS avatar_updated_at,
          COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
                    JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles
        FROM users u LEFT JOIN user_avatars a ON a.user_id = u.id
        WHERE u.id = ${userId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar_updated_at ? avatarUrl(row.id, row.avatar_updated_at) : null,
    role: row.roles[0] ?? null,
    roles: row.roles.map((name) => ({ name })),
  };
}
