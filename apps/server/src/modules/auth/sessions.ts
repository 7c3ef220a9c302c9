import { createHash, randomBytes } from 'node:crypto';
import { abilitiesFor, REMEMBER_ME_DAYS } from '@sitefleet/contract';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export const SESSION_COOKIE = 'sitefleet_session';
export const SESSION_PRUNE_TASK = 'sessions:prune';
/** A session without 'Remember Me' ends after this long without a request. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const REMEMBER_MS = REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000;
/** How stale last_seen_at may get before a request writes it again. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface AuthContext {
  sessionId: string;
  userId: number;
  name: string;
  email: string;
  roles: string[];
  abilities: string[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  input: { userId: number; remember: boolean; ipAddress?: string; userAgent?: string },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (input.remember ? REMEMBER_MS : IDLE_TIMEOUT_MS));
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: input.userId,
    remember: input.remember,
    expiresAt,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 500),
  });
  return { token, expiresAt };
}

interface SessionRow {
  user_id: number;
  remember: boolean;
  last_seen_at: string | Date;
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
}

/**
 * One query per request: the session, its user, the user's roles and permissions. Roles are read
 * fresh each time, so a changed role takes effect on its users' next request; the statement is
 * prepared, so each request only runs it.
 */
export async function loadSession(db: Db, token: string): Promise<AuthContext | null> {
  const id = hashToken(token);
  const [row] = await preparedRows<SessionRow>(
    db,
    sql`SELECT s.user_id, s.remember, s.last_seen_at, u.name, u.email,
          COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
                    JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
          COALESCE((SELECT array_agg(DISTINCT p.name) FROM user_roles ur
                    JOIN role_permissions rp ON rp.role_id = ur.role_id
                    JOIN permissions p ON p.id = rp.permission_id
                    WHERE ur.user_id = u.id), '{}') AS permissions
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${id} AND s.expires_at > now()`,
  );
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    const now = new Date();
    await db
      .update(sessions)
      .set(
        row.remember
          ? { lastSeenAt: now }
          : { lastSeenAt: now, expiresAt: new Date(now.getTime() + IDLE_TIMEOUT_MS) },
      )
      .where(eq(sessions.id, id));
  }
  return {
    sessionId: id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    roles: row.roles,
    abilities: abilitiesFor(row.roles, row.permissions),
  };
}

export async function destroySession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends a user's sessions, but for the one given (the caller's own, after a password change). */
export async function destroyUserSessions(db: Db, userId: number, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function pruneExpiredSessions(db: Db): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date()))
    .returning({ id: sessions.id });
  return removed.length;
}
