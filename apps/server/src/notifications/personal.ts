import { DEFAULT_CHANNEL_CHOICE, type NotificationKind } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { NotificationEvent } from './notify.ts';
import { announceUnread, storeNotification } from './notify.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A notification meant for named users (a mention, an assignment), not for an audience. */
export type PersonalEvent = Omit<NotificationEvent, 'audience' | 'onceKey'> & {
  kind: Extract<NotificationKind, 'mention' | 'assigned'>;
};

/**
 * Tells these users, each by the channels they chose for the kind, in the caller's transaction
 * (the change and its notification are kept together), on their open screens at once too, and
 * queues the e-mail and chat jobs.
 */
export async function notifyUsers(
  tx: Tx,
  queue: JobQueue,
  userIds: readonly number[],
  event: PersonalEvent,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await queryRows<{
    id: number;
    in_app: boolean | null;
    email: boolean | null;
    chat: boolean | null;
  }>(
    tx,
    sql`SELECT u.id, np.in_app, np.email, np.chat FROM users u
        LEFT JOIN notification_preferences np ON np.user_id = u.id AND np.kind = ${event.kind}
        WHERE u.id = ANY(${idArray(userIds)}) ORDER BY u.id`,
  );
  const recipients = rows.map((row) => ({
    userId: row.id,
    channels: {
      in_app: row.in_app ?? DEFAULT_CHANNEL_CHOICE.in_app,
      email: row.email ?? DEFAULT_CHANNEL_CHOICE.email,
      chat: row.chat ?? DEFAULT_CHANNEL_CHOICE.chat,
    },
  }));
  const stored = [];
  for (const recipient of recipients) {
    const notification = await storeNotification(tx, recipient, { ...event, audience: [] });
    stored.push({ userId: recipient.userId, notification });
  }
  await queue.send(
    tx,
    'notification-send',
    recipients
      .filter((recipient) => recipient.channels.email)
      .map((recipient) => ({ channel: 'email' as const, userId: recipient.userId })),
  );
  if (recipients.some((recipient) => recipient.channels.chat)) {
    await queue.send(tx, 'notification-send', [{ channel: 'chat' }]);
  }
  await announceUnread(tx, stored);
  return recipients.length;
}
