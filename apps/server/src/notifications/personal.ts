import type { NotificationKind } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, idArray } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { NotificationEvent } from './notify.ts';
import { announceUnread, storeNotification } from './notify.ts';
import { usersWithChannels } from './recipients.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A notification meant for named users (a mention, an assignment), not for an audience. */
export type PersonalEvent = Omit<NotificationEvent, 'audience' | 'onceKey' | 'outgoing'> & {
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
  const recipients = await usersWithChannels(tx, event.kind, sql`u.id = ANY(${idArray(userIds)})`);
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
