import { NOTIFICATION_SETTINGS } from '@sitefleet/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { queryRows } from '../db/client.ts';
import { notifications, users } from '../db/schema.ts';
import { readSettings } from '../db/settings.ts';
import type { RunningJob } from '../jobs/queue.ts';
import { sendRequest } from '../lib/delivery-http.ts';

/**
 * The outside channels of the notifications: each job takes the pending rows of its channel (a
 * user's e-mails, or everyone's chat messages), sends them as one message, and marks them sent.
 * A failure puts them back to pending and fails the try, so the queue retries it.
 */

type Channel = 'email' | 'chat';
type Pending = { id: number; title: string; body: string; link: string | null; grouped: boolean };

const stateColumn = (channel: Channel) =>
  channel === 'email' ? notifications.emailState : notifications.chatState;

/**
 * Claims the pending rows of a channel (and user), so that two jobs never send the same row. The
 * claim waits for a row another job holds rather than skipping it: that job may be claiming the
 * row's other channel, and a row skipped here would wait for the channel's next notification.
 * A job of the same channel that held it has claimed it by then, and the row no longer matches.
 */
async function claim(context: AppContext, channel: Channel, userId?: number): Promise<Pending[]> {
  const column = channel === 'email' ? sql.raw('email_state') : sql.raw('chat_state');
  return queryRows<Pending>(
    context.db,
    sql`UPDATE notifications SET ${column} = 'sending'
        WHERE id IN (
          SELECT id FROM notifications
          WHERE ${column} = 'pending' ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`}
          ORDER BY id FOR UPDATE)
        RETURNING id, title, body, link, grouped`,
  );
}

async function mark(context: AppContext, channel: Channel, ids: number[], state: string) {
  if (ids.length === 0) return;
  await context.db
    .update(notifications)
    .set(channel === 'email' ? { emailState: state } : { chatState: state })
    .where(and(inArray(notifications.id, ids), eq(stateColumn(channel), 'sending')));
}

/**
 * The text of one or several notifications as one message: the same event reaching several users
 * (a chat message) is said once.
 */
export function messageText(rows: readonly Pending[]): { subject: string; text: string } {
  const distinct = [...new Map(rows.map((row) => [`${row.title}\n${row.body}`, row])).values()];
  const [only] = distinct;
  if (distinct.length === 1 && only && !only.grouped) {
    const text = [only.title, only.body, only.link ?? ''].filter(Boolean).join('\n');
    return { subject: only.title, text };
  }
  const lines = [
    ...new Set(distinct.flatMap((row) => (row.grouped ? row.body.split('\n') : [row.title]))),
  ];
  return {
    subject: `${lines.length} notifications`,
    text: lines.map((line) => `• ${line}`).join('\n'),
  };
}

/** Sends a user's pending notifications as one e-mail; none while `smtp.host` is empty. */
async function sendEmail(context: AppContext, userId: number) {
  const rows = await claim(context, 'email', userId);
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const keys = NOTIFICATION_SETTINGS;
  const settings = await readSettings(context.db, context.secrets, [
    keys.smtpHost,
    keys.smtpPort,
    keys.smtpSecure,
    keys.smtpUser,
    keys.smtpPassword,
    keys.smtpFrom,
  ]);
  const host = settings[keys.smtpHost]?.trim();
  if (!host) return mark(context, 'email', ids, 'skipped');
  const [user] = await context.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return mark(context, 'email', ids, 'skipped');
  const { subject, text } = messageText(rows);
  try {
    await context.outbound.sendMail(
      {
        host,
        port: Number(settings[keys.smtpPort]) || 587,
        secure: settings[keys.smtpSecure] === 'true',
        user: settings[keys.smtpUser] || null,
        password: settings[keys.smtpPassword],
      },
      { from: settings[keys.smtpFrom] || `sitefleet@${host}`, to: user.email, subject, text },
      context.config.DELIVERY_TIMEOUT_MS,
    );
  } catch (error) {
    await mark(context, 'email', ids, 'pending');
    throw error;
  }
  await mark(context, 'email', ids, 'sent');
}

/** Posts everyone's pending notifications to the chat webhook as one Slack-compatible message. */
async function sendChat(context: AppContext) {
  const rows = await claim(context, 'chat');
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const key = NOTIFICATION_SETTINGS.webhookUrl;
  const url = (await readSettings(context.db, context.secrets, [key]))[key]?.trim();
  if (!url) return mark(context, 'chat', ids, 'skipped');
  const { text } = messageText(rows);
  try {
    await sendRequest(url, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
      outbound: context.outbound,
    });
  } catch (error) {
    await mark(context, 'chat', ids, 'pending');
    throw error;
  }
  await mark(context, 'chat', ids, 'sent');
}

export async function sendNotifications(context: AppContext, job: RunningJob<'notification-send'>) {
  if (job.data.channel === 'email') await sendEmail(context, job.data.userId);
  else await sendChat(context);
}
