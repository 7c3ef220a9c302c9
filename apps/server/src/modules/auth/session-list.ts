import { type ActiveSession, describeUserAgent, SESSION_MESSAGES } from '@sitefleet/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

/** The user's sessions that have not ended, the most recently used first. */
export async function listUserSessions(
  db: Db,
  userId: number,
  currentSessionId: string,
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    ip_address: row.ipAddress,
    browser: describeUserAgent(row.userAgent),
    current: row.id === currentSessionId,
  }));
}

/** Ends one session of the user; another user's session is as unknown as a missing one. */
export async function endUserSession(db: Db, userId: number, sessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(SESSION_MESSAGES.unknownSession);
}
