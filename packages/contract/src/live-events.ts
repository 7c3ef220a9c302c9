import { z } from 'zod';
import { hasAbility } from './abilities.ts';
import { DELIVERY_STATUSES, DELIVERY_TARGETS } from './content-actions.ts';

/**
 * The live event stream (`GET /api/events`, Server-Sent Events): what the server pushes as it
 * happens, so that the screens showing it refresh without polling.
 */

/** A variant's delivery state as an event carries it: its statuses, and held while paused. */
export const LIVE_DELIVERY_STATES = [...DELIVERY_STATUSES, 'paused'] as const;
export type LiveDeliveryState = (typeof LIVE_DELIVERY_STATES)[number];

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

/** Every event type and its data. */
export interface LiveEventData {
  delivery: DeliveryEvent;
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

/** Whether a user holding `abilities` may receive `event`: who may list its records. */
export function canSeeLiveEvent(abilities: readonly string[], event: LiveEventInput): boolean {
  switch (event.type) {
    case 'delivery':
      return hasAbility(abilities, event.data.kind === 'post' ? 'post-list' : 'category-list');
  }
}
