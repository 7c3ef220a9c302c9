import { z } from 'zod';
import { hasAbility } from './abilities.ts';
import { DELIVERY_STATUSES, DELIVERY_TARGETS } from './content-actions.ts';
import { NOTIFICATION_KINDS } from './notifications.ts';

/**
 * The live event stream (`GET /api/events`, Server-Sent Events): what the server pushes as it
 * happens, so that the screens showing it refresh without polling.
 */

/** A variant's delivery state as an event carries it: its statuses, and held while paused. */
export const LIVE_DELIVERY_STATES = [...DELIVERY_STATUSES, 'paused'] as const;

/** One target of one variant changed state: queued, delivered, failed or paused. */
export const deliveryEventSchema = z.object({
  kind: z.enum(['category', 'post']),
  /** The variant (Detailed Review row), named as its rows name it. */
  pivot_id: z.number(),
  /** The category or post. */
  record_id: z.number(),
  website_id: z.number(),
  target: z.enum(DELIVERY_TARGETS),
  state: z.enum(LIVE_DELIVERY_STATES),
});
export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;

/** A notification of one user came, or a grouped one grew: that user's bell reloads. */
export const notificationLiveEventSchema = z.object({
  /** The user it is for: nobody else's stream carries it. */
  user_id: z.number(),
  notification_id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
});
export type NotificationLiveEvent = z.infer<typeof notificationLiveEventSchema>;

/** Every event type and its data. */
export interface LiveEventData {
  delivery: DeliveryEvent;
  notification: NotificationLiveEvent;
}
export type LiveEventType = keyof LiveEventData;

/** An event as published, before it has its id. */
export type LiveEventInput = {
  [Type in LiveEventType]: { type: Type; data: LiveEventData[Type] };
}[LiveEventType];

/** An event as stored and streamed: its id orders the stream and resumes it (`Last-Event-ID`). */
export type LiveEvent = LiveEventInput & { id: number };

/**
 * The stream's own event, sent to a client that resumes from an id older than the events still
 * kept: it may have missed some, so it reloads everything it shows.
 */
export const LIVE_RESET_EVENT = 'reset';

const LAST_EVENT_ID_MESSAGE = 'The last event id must be a whole number, zero or more.';

/** The stream's query: `last_event_id` stands in for the `Last-Event-ID` header. */
export const liveEventsQuerySchema = z.object({
  last_event_id: z.coerce
    .number({ error: LAST_EVENT_ID_MESSAGE })
    .int(LAST_EVENT_ID_MESSAGE)
    .min(0, LAST_EVENT_ID_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, LAST_EVENT_ID_MESSAGE)
    .optional(),
});

export const LIVE_EVENT_MESSAGES = {
  notAcceptable: 'This address streams Server-Sent Events: ask for text/event-stream.',
} as const;

/**
 * Whether `viewer` may receive `event`: a delivery goes to who may list its records, a
 * notification to its own user only.
 */
export function canSeeLiveEvent(
  viewer: { userId: number; abilities: readonly string[] },
  event: LiveEventInput,
): boolean {
  switch (event.type) {
    case 'delivery':
      return hasAbility(
        viewer.abilities,
        event.data.kind === 'post' ? 'post-list' : 'category-list',
      );
    case 'notification':
      return event.data.user_id === viewer.userId;
  }
}
