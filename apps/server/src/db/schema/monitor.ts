import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt } from './columns.ts';
import { websites } from './websites.ts';

/** The monitor's checks, and the notifications with what keeps them from flooding. */

export const websiteChecks = pgTable(
  'website_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    httpStatus: integer('http_status'),
    responseMs: integer('response_ms'),
    error: text('error'),
    sslExpiresAt: timestamp('ssl_expires_at', { withTimezone: true }),
  },
  (t) => [
    index('website_checks_website_checked_idx').on(t.websiteId, t.checkedAt),
    index('website_checks_checked_at_idx').on(t.checkedAt),
  ],
);

/**
 * One row per user and event (or group of events of one kind). `subjects` names what it is about
 * (`website:12`); `email_state` and `chat_state` are `pending` until their channel's job sends them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjects: text('subjects').array().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    groupCount: integer('group_count').notNull().default(1),
    /** A message standing for several events of its kind (many websites down in a minute). */
    grouped: boolean('grouped').notNull().default(false),
    emailState: text('email_state'),
    chatState: text('chat_state'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`"read_at" IS NULL`),
    index('notifications_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    index('notifications_email_pending_idx').on(t.userId).where(sql`"email_state" = 'pending'`),
    index('notifications_chat_pending_idx').on(t.id).where(sql`"chat_state" = 'pending'`),
  ],
);

/** A user's channels per kind; a kind without a row goes to every channel. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    chat: boolean('chat').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * What was already sent once (a certificate's expiry, a renewal date) or within the hour, with how
 * many events were held back since.
 */
export const notificationDedupe = pgTable(
  'notification_dedupe',
  {
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    heldBack: integer('held_back').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subject, t.dedupeKey] }),
    index('notification_dedupe_created_at_idx').on(t.createdAt),
  ],
);
