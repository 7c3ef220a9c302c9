import {
  DEFAULT_CHANNEL_CHOICE,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SETTINGS,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesAnswer,
} from '@sitefleet/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema.ts';
import { readSettings } from '../../db/settings.ts';
import { notFound } from '../../errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { pageOf } from '../../lists/page.ts';
import { serialiseNotification } from '../../notifications/shape.ts';

async function unreadCount(db: Db, userId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** GET /api/notifications: the user's own, newest first, with how many are unread. */
export async function listNotifications(
  db: Db,
  userId: number,
  request: NotificationListQuery,
): Promise<NotificationPage> {
  const where = and(
    eq(notifications.userId, userId),
    request.unread ? isNull(notifications.readAt) : undefined,
  );
  const page = await pageOf(request, '/api/notifications', {
    rows: async (limit, offset) =>
      (
        await db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.id))
          .limit(limit)
          .offset(offset)
      ).map(serialiseNotification),
    count: async () =>
      (await db.select({ total: count() }).from(notifications).where(where))[0]!.total,
  });
  return { ...page, unread_count: await unreadCount(db, userId) };
}

/** POST /api/notifications/{id}/read: only the user's own; reading twice keeps the first time. */
export async function markRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  if (!row.readAt) {
    await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
  }
  return { message: NOTIFICATION_MESSAGES.read, unread_count: await unreadCount(db, userId) };
}

/** POST /api/notifications/read-all */
export async function markAllRead(db: Db, userId: number) {
  const read = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { message: NOTIFICATION_MESSAGES.allRead(read.length), unread_count: 0 };
}

/** Which channels can send: e-mail needs an SMTP host, chat a chat webhook. */
async function channelsSetUp(db: Db, secrets: SecretBox) {
  const keys = [NOTIFICATION_SETTINGS.smtpHost, NOTIFICATION_SETTINGS.webhookUrl] as const;
  const values = await readSettings(db, secrets, keys);
  const isSet = (key: (typeof keys)[number]) => (values[key]?.trim() ?? '') !== '';
  return {
    in_app: true,
    email: isSet(NOTIFICATION_SETTINGS.smtpHost),
    chat: isSet(NOTIFICATION_SETTINGS.webhookUrl),
  };
}

/**
 * GET /api/profile/notifications: every kind with its channels (all of them unless chosen), and
 * which channels can send.
 */
export async function getPreferences(
  db: Db,
  secrets: SecretBox,
  userId: number,
): Promise<NotificationPreferencesAnswer> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return {
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => {
        const row = chosen.get(kind);
        return [
          kind,
          row ? { in_app: row.inApp, email: row.email, chat: row.chat } : DEFAULT_CHANNEL_CHOICE,
        ];
      }),
    ) as NotificationPreferences['kinds'],
    channels_set_up: await channelsSetUp(db, secrets),
  };
}

/** PUT /api/profile/notifications: every kind's channels at once. */
export async function savePreferences(
  db: Db,
  secrets: SecretBox,
  userId: number,
  values: NotificationPreferences,
) {
  await db.transaction(async (tx) => {
    for (const kind of NOTIFICATION_KINDS) {
      const choice = values.kinds[kind];
      const row = { inApp: choice.in_app, email: choice.email, chat: choice.chat };
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind, ...row })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: row,
        });
    }
  });
  return getPreferences(db, secrets, userId);
}
