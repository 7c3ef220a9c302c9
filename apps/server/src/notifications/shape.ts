import type { Notification, NotificationKind } from '@sitefleet/contract';
import type { notifications } from '../db/schema.ts';

/** A notification row as the API answers it. */
export const serialiseNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});
