import {
  type Ability,
  NOTIFICATION_GROUP_LINKS,
  NOTIFICATION_KIND_RULES,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationKind,
  type NotificationLiveEvent,
  RECOVERY_OF,
} from '@sitefleet/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notificationDedupe, notifications } from '../db/schema.ts';
import { emitEvents, type OutgoingEvent } from '../events/outgoing.ts';
import { publishEvents } from '../events/publish.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type Recipient, recipientsOf } from './recipients.ts';
import { serialiseNotification } from './shape.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Something that happened, for the users who may see its subject. */
export interface NotificationEvent {
  kind: NotificationKind;
  /** What it is about, e.g. `website:12`: reminders, recoveries and groups follow it. */
  subject: string;
  title: string;
  body: string;
  link: string | null;
  /** Who may see the subject: the holders of any of these abilities (and the admins). */
  audience: readonly Ability[];
  /** For the kinds sent once: what they are sent once for (a certificate's expiry, a date). */
  onceKey?: string;
  /**
   * The outgoing events of the same happening, stored with the notification once it passes the
   * kind's gate (so a kind sent once sends them once), whoever the notification reaches.
   */
  outgoing?: readonly OutgoingEvent[];
}

const HOUR_MS = 3_600_000;

/**
 * The global gate of the kinds sent once or hourly: false when this event was sent already.
 * An hourly kind held back counts in the next one's body.
 */
async function passesGate(tx: Tx, event: NotificationEvent): Promise<NotificationEvent | null> {
  const rule = NOTIFICATION_KIND_RULES[event.kind];
  if (rule !== 'once' && rule !== 'hourly') return event;
  const hour = Math.floor(Date.now() / HOUR_MS);
  const key = rule === 'once' ? (event.onceKey ?? '') : `hour:${hour}`;
  const inserted = await tx
    .insert(notificationDedupe)
    .values({ kind: event.kind, subject: event.subject, dedupeKey: key })
    .onConflictDoNothing()
    .returning({ key: notificationDedupe.dedupeKey });
  if (inserted.length > 0) {
    if (rule === 'once') return event;
    const [previous] = await tx
      .select({ heldBack: notificationDedupe.heldBack })
      .from(notificationDedupe)
      .where(
        and(
          eq(notificationDedupe.kind, event.kind),
          eq(notificationDedupe.subject, event.subject),
          eq(notificationDedupe.dedupeKey, `hour:${hour - 1}`),
        ),
      );
    const held = previous?.heldBack ?? 0;
    return held > 0
      ? { ...event, body: `${event.body}\n${NOTIFICATION_MESSAGES.heldBack(held)}` }
      : event;
  }
  if (rule === 'hourly') {
    await tx
      .update(notificationDedupe)
      .set({ heldBack: sql`${notificationDedupe.heldBack} + 1` })
      .where(
        and(
          eq(notificationDedupe.kind, event.kind),
          eq(notificationDedupe.subject, event.subject),
          eq(notificationDedupe.dedupeKey, key),
        ),
      );
  }
  return null;
}

/**
 * Whether this user gets the event, by the kind's rule: an alert's reminder waits
 * REMINDER_MINUTES and stops once read; a recovery goes to whoever the alert reached.
 */
async function reachesUser(tx: Tx, userId: number, event: NotificationEvent) {
  const rule = NOTIFICATION_KIND_RULES[event.kind];
  if (rule !== 'alert' && rule !== 'recovery') return true;
  const alertKind = rule === 'recovery' ? RECOVERY_OF[event.kind] : event.kind;
  if (!alertKind) return false;
  const recoveries = (Object.keys(RECOVERY_OF) as NotificationKind[]).filter(
    (kind) => RECOVERY_OF[kind] === alertKind,
  );
  const [latest] = await tx
    .select({
      kind: notifications.kind,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.kind, [alertKind, ...recoveries]),
        sql`${notifications.subjects} @> ARRAY[${event.subject}]::text[]`,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  if (rule === 'recovery') return latest?.kind === alertKind;
  if (latest?.kind !== alertKind) return true;
  const reminderAfter = Date.now() - NOTIFICATION_LIMITS.reminderMinutes * 60_000;
  return latest.readAt === null && latest.createdAt.getTime() <= reminderAfter;
}

/**
 * Stores one user's notification: the one place a notification comes into being. The caller
 * hands it on live to the user's open screens (`publishEvents`, last in its transaction).
 */
export async function storeNotification(
  tx: Tx,
  recipient: Recipient,
  event: NotificationEvent,
): Promise<Notification> {
  const since = new Date(Date.now() - NOTIFICATION_LIMITS.groupWindowSeconds * 1000);
  const inWindow = and(
    eq(notifications.userId, recipient.userId),
    eq(notifications.kind, event.kind),
    gt(notifications.createdAt, since),
  );
  const channelStates = {
    emailState: recipient.channels.email ? 'pending' : null,
    chatState: recipient.channels.chat ? 'pending' : null,
    readAt: recipient.channels.in_app ? null : new Date(),
  };
  const [recent] = await tx
    .select({
      single: sql<number>`count(*) FILTER (WHERE NOT ${notifications.grouped})`.mapWith(Number),
    })
    .from(notifications)
    .where(inWindow);
  if ((recent?.single ?? 0) < NOTIFICATION_LIMITS.groupAfter) {
    const [row] = await tx
      .insert(notifications)
      .values({
        userId: recipient.userId,
        kind: event.kind,
        subjects: [event.subject],
        title: event.title,
        body: event.body,
        link: event.link,
        ...channelStates,
      })
      .returning();
    return serialiseNotification(row!);
  }
  const [group] = await tx
    .select({
      id: notifications.id,
      groupCount: notifications.groupCount,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(inWindow, eq(notifications.grouped, true)))
    .orderBy(desc(notifications.id))
    .limit(1)
    .for('update');
  const count = (group?.groupCount ?? 0) + 1;
  const [row] = group
    ? await tx
        .update(notifications)
        .set({
          subjects: sql`array_append(${notifications.subjects}, ${event.subject})`,
          groupCount: count,
          title: NOTIFICATION_MESSAGES.grouped(count, event.kind),
          body: sql`${notifications.body} || ${`\n${event.title}`}`,
          link: group.link === event.link ? event.link : NOTIFICATION_GROUP_LINKS[event.kind],
          emailState: channelStates.emailState ?? notifications.emailState,
          chatState: channelStates.chatState ?? notifications.chatState,
          readAt: channelStates.readAt,
        })
        .where(eq(notifications.id, group.id))
        .returning()
    : await tx
        .insert(notifications)
        .values({
          userId: recipient.userId,
          kind: event.kind,
          subjects: [event.subject],
          title: NOTIFICATION_MESSAGES.grouped(1, event.kind),
          body: event.title,
          link: event.link,
          grouped: true,
          ...channelStates,
        })
        .returning();
  return serialiseNotification(row!);
}

type Stored = { userId: number; notification: Notification };

/**
 * Hands stored notifications on live, last in their transaction: each user's bell reloads at
 * once. Those a user chose not to read in the app are stored as read, and send no event.
 */
export async function announceUnread(tx: Tx, stored: readonly Stored[]) {
  const unread: NotificationLiveEvent[] = stored
    .filter(({ notification }) => notification.read_at === null)
    .map(({ userId, notification }) => ({
      user_id: userId,
      notification_id: notification.id,
      kind: notification.kind,
      title: notification.title,
    }));
  await publishEvents(
    tx,
    unread.map((data) => ({ type: 'notification' as const, data })),
  );
}

/**
 * Tells the users who may see the event's subject, by their channels and the kind's rule against
 * floods, and queues the e-mail and chat jobs (sent by the workers, never here). Any module or
 * the pipeline calls it; answers how many users were notified.
 */
export async function notify(db: Db, queue: JobQueue, given: NotificationEvent): Promise<number> {
  return db.transaction(async (tx) => {
    const event = await passesGate(tx, given);
    if (!event) return 0;
    await emitEvents(tx, event.outgoing ?? []);
    const recipients = await recipientsOf(tx, event.audience, event.kind);
    const reached: Recipient[] = [];
    const stored: Stored[] = [];
    for (const recipient of recipients) {
      if (!(await reachesUser(tx, recipient.userId, event))) continue;
      stored.push({
        userId: recipient.userId,
        notification: await storeNotification(tx, recipient, event),
      });
      reached.push(recipient);
    }
    await queue.send(
      tx,
      'notification-send',
      reached
        .filter((recipient) => recipient.channels.email)
        .map((recipient) => ({ channel: 'email' as const, userId: recipient.userId })),
    );
    if (reached.some((recipient) => recipient.channels.chat)) {
      await queue.send(tx, 'notification-send', [{ channel: 'chat' }]);
    }
    await announceUnread(tx, stored);
    return reached.length;
  });
}
