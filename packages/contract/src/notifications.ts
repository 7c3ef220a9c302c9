import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.ts';

/**
 * What a notification is about. Each kind has its rule against floods:
 * - `alert`: the first goes at once, reminders at most every REMINDER_MINUTES while the subject
 *   stays in that state, none once the user has read it;
 * - `recovery`: always, to whoever was alerted; it ends the alert;
 * - `once`: once per subject and key (a certificate's expiry, a renewal date);
 * - `hourly`: at most one per subject per hour, the next one counting those held back;
 * - `personal`: to the one user it names (a mention, an assignment), every time.
 */
export const NOTIFICATION_KIND_RULES = {
  website_down: 'alert',
  website_up: 'recovery',
  ssl_expiring: 'once',
  renewal_due: 'once',
  delivery_paused: 'alert',
  delivery_failed: 'hourly',
  channel_needs_reconnect: 'alert',
  mention: 'personal',
  assigned: 'personal',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KIND_RULES;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_KIND_RULES) as NotificationKind[];

/** The alert a recovery ends. */
export const RECOVERY_OF: Partial<Record<NotificationKind, NotificationKind>> = {
  website_up: 'website_down',
};

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  website_down: 'Website down',
  website_up: 'Website back up',
  ssl_expiring: 'Certificate expiring',
  renewal_due: 'Renewal due',
  delivery_paused: 'Deliveries paused',
  delivery_failed: 'Delivery failed',
  channel_needs_reconnect: 'Channel needs reconnecting',
  mention: 'Mentioned in a comment',
  assigned: 'Assigned to review',
};

/**
 * Where a group of notifications of one kind leads when its events lead to different places (two
 * websites down): the screen that lists them all. A group whose events share a link keeps it.
 */
export const NOTIFICATION_GROUP_LINKS: Record<NotificationKind, string | null> = {
  website_down: '/admin/websites',
  website_up: '/admin/websites',
  ssl_expiring: '/admin/websites',
  renewal_due: '/admin/websites',
  delivery_paused: '/admin/deliveries',
  delivery_failed: '/admin/deliveries',
  channel_needs_reconnect: '/admin/channels',
  mention: null,
  assigned: null,
};

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'chat'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_LIMITS = {
  /** Minutes between two reminders of the same alert (at most twice an hour). */
  reminderMinutes: 30,
  /** More events of one kind than this within GROUP_WINDOW_SECONDS join one grouped message. */
  groupAfter: 3,
  groupWindowSeconds: 60,
  /** Notifications in the navbar's bell. */
  bellSize: 10,
} as const;

/** The settings of the outside channels (group Notifications); the password is a secret. */
export const NOTIFICATION_SETTINGS = {
  smtpHost: 'smtp.host',
  smtpPort: 'smtp.port',
  smtpSecure: 'smtp.secure',
  smtpUser: 'smtp.user',
  smtpPassword: 'smtp.password',
  smtpFrom: 'smtp.from',
  webhookUrl: 'notifications.webhook_url',
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  read: 'Notification marked as read',
  allRead: (count: number) =>
    count === 1 ? '1 notification marked as read' : `${count} notifications marked as read`,
  preferencesSaved: 'Notification preferences saved',
  empty: 'No notifications',
  heldBack: (count: number) =>
    count === 1 ? '1 more in the previous hour' : `${count} more in the previous hour`,
  grouped: (count: number, kind: NotificationKind) =>
    `${count} × ${NOTIFICATION_KIND_LABELS[kind]}`,
  emailNotSetUp: 'No e-mail is sent: no SMTP host is set in the Notifications settings.',
  chatNotSetUp: 'No chat message is sent: no chat webhook is set in the Notifications settings.',
} as const;

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS as [NotificationKind, ...NotificationKind[]]),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?page=&per_page=&unread=1 */
export const notificationListQuerySchema = pageQuerySchema.extend({
  unread: z
    .enum(['0', '1', ''], { error: 'unread must be 1 or 0' })
    .optional()
    .transform((value) => value === '1'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = paginatedSchema(notificationSchema).extend({
  unread_count: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationsReadSchema = z.object({
  message: z.string(),
  unread_count: z.number(),
});

const channelChoiceSchema = z.strictObject({
  in_app: z.boolean(),
  email: z.boolean(),
  chat: z.boolean(),
});
export type ChannelChoice = z.infer<typeof channelChoiceSchema>;

/** Every kind goes to every channel until the user says otherwise. */
export const DEFAULT_CHANNEL_CHOICE: ChannelChoice = { in_app: true, email: true, chat: true };

/** GET/PUT /api/profile/notifications: per kind, the channels the user wants. */
export const notificationPreferencesSchema = z.strictObject({
  kinds: z.strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoiceSchema])) as Record<
      NotificationKind,
      typeof channelChoiceSchema
    >,
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * The preferences' answer: the choices, and which channels can send at all (e-mail with an SMTP
 * host, chat with a chat webhook, in the Notifications settings).
 */
export const notificationPreferencesAnswerSchema = notificationPreferencesSchema.extend({
  channels_set_up: z.strictObject({ in_app: z.boolean(), email: z.boolean(), chat: z.boolean() }),
});
export type NotificationPreferencesAnswer = z.infer<typeof notificationPreferencesAnswerSchema>;
