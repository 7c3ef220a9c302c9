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
  /** The API token the request came with (its abilities are the ones above); null: a session. */
  token: { id: number; name: string; websiteIds: number[] | null } | null;
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

/**
 * The sessions a server keeps for `keepForMs` after reading them: signed-in requests come in
 * bursts, and reading the session is the fixed cost of every call. Each app context has its own,
 * so two servers in one process (the tests) keep theirs apart, as two processes do.
 */
export interface SessionCache {
  readonly keepForMs: number;
  readonly entries: Map<string, { auth: AuthContext; until: number }>;
  /** Bumped by each forgetting, so that a read begun before it is not kept after it. */
  generation: number;
}

export function createSessionCache(keepForMs: number): SessionCache {
  return { keepForMs, entries: new Map(), generation: 0 };
}

/**
 * Forgets every session the server keeps. The server calls it after answering each write that
 * may change who may do what (a sign-out, a password, a user's roles, a role's permissions), so on
 * that server a change applies to the very next request; on another server process, within the
 * time its sessions are kept (SESSION_CACHE_SECONDS).
 */
export function forgetCachedSessions(cache: SessionCache) {
  cache.entries.clear();
  cache.generation += 1;
}

/**
 * The session, its user, the user's roles and permissions, read in one prepared statement. With
 * `cache`, the server reuses what it read for the time the cache keeps it (never past the
 * session's end). Without `touch`, the read does not count as activity: an open event stream
 * checks its session without keeping it from idling out.
 */
export async function loadSession(
  db: Db,
  token: string,
  { touch = true, cache }: { touch?: boolean; cache?: SessionCache } = {},
): Promise<AuthContext | null> {
  const id = hashToken(token);
  const cached = cache?.entries.get(id);
  if (cached && cached.until > Date.now()) return cached.auth;
  const generation = cache?.generation;
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
    token: null,
  };
  if (cache && cache.keepForMs > 0 && generation === cache.generation) {
    if (cache.entries.size >= SESSION_CACHE_SIZE) cache.entries.clear();
    const until = Math.min(Date.now() + cache.keepForMs, new Date(row.expires_at).getTime());
    cache.entries.set(id, { auth, until });
  }
  return auth;
}

/**
 * Ends a session. The routes that call it and the next function forget the sessions they keep
 * once they have answered (`changingAccess`), after the deletion is committed.
 */
export async function destroySession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
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
  return ended.length;
}

export async function pruneExpiredSessions(db: Db): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date()))
    .returning({ id: sessions.id });
  return removed.length;
}
