import { createHash, randomBytes } from 'node:crypto';
import { abilitiesFor, REMEMBER_ME_DAYS } from '@sitefleet/contract';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

export const SESSION_COOKIE = 'sitefleet_session';
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
  expires_at: string | Date;
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
}

const SESSION_CACHE_SIZE = 10_000;
const cachedSessions = new Map<string, { auth: AuthContext; until: number }>();
/** Bumped by each forgetting, so that a read begun before it is not kept after it. */
let cacheGeneration = 0;

/**
 * Forgets every session this process keeps. The server calls it after answering each write that
 * may change who may do what (a sign-out, a password, a user's roles, a role's permissions), so in
 * that process a change applies to the very next request; in another server process, within the
 * time its sessions are kept (SESSION_CACHE_SECONDS).
 */
export function forgetCachedSessions() {
  cachedSessions.clear();
  cacheGeneration += 1;
}

/**
 * The session, its user, the user's roles and permissions, read in one prepared statement. With
 * `keepForMs`, the process reuses what it read for that long (never past the session's end):
 * signed-in requests come in bursts, and this read is the fixed cost of every call. Without
 * `touch`, the read does not count as activity: an open event stream checks its session without
 * keeping it from idling out.
 */
export async function loadSession(
  db: Db,
  token: string,
  { touch = true, keepForMs = 0 } = {},
): Promise<AuthContext | null> {
  const id = hashToken(token);
  const cached = cachedSessions.get(id);
  if (cached && cached.until > Date.now()) return cached.auth;
  const generation = cacheGeneration;
  const [row] = await preparedRows<SessionRow>(
    db,
    sql`SELECT s.user_id, s.remember, s.last_seen_at, s.expires_at, u.name, u.email,
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
  if (touch && Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
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
  const auth: AuthContext = {
    sessionId: id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    roles: row.roles,
    abilities: abilitiesFor(row.roles, row.permissions),
  };
  if (keepForMs > 0 && generation === cacheGeneration) {
    if (cachedSessions.size >= SESSION_CACHE_SIZE) cachedSessions.clear();
    const until = Math.min(Date.now() + keepForMs, new Date(row.expires_at).getTime());
    cachedSessions.set(id, { auth, until });
  }
  return auth;
}

export async function destroySession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  forgetCachedSessions();
}

/**
 * Ends a user's sessions, but for the one given (the caller's own, after a password change).
 * Answers how many ended.
 */
export async function destroyUserSessions(db: Db, userId: number, exceptSessionId?: string) {
  const ended = await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  forgetCachedSessions();
  return ended.length;
}

export async function pruneExpiredSessions(db: Db): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date()))
    .returning({ id: sessions.id });
  return removed.length;
}
