import { EVENT_TYPES, type EventDelivery, type EventType } from '@sitefleet/contract';
import { expect, onTestFinished } from 'vitest';
import type { z } from 'zod';
import { startEventReceiver, subscribe } from './event-receiver.ts';
import type { ApiClient } from './harness.ts';

/** An event type's `data` as its documented schema reads it. */
export type EventDataOf<T extends EventType> = z.infer<(typeof EVENT_TYPES)[T]['data']>;

/**
 * A local receiver subscribed to `types` through the API for the calling test only (the
 * subscription deleted and the receiver closed when it ends), with what the tests ask of it:
 *
 *   const events = await receiverFor(admin, ['website.down']);
 *   await events.stored('website.down')   // the events stored for the subscription: final once
 *                                         // the change answered (they are written with it)
 *   await events.only('website.down')     // waits for the one event of the type: stored once,
 *                                         // taken once, answers its data checked exactly
 *                                         // against the documented schema
 */
export async function receiverFor(
  admin: ApiClient,
  types: readonly EventType[],
  more: { website_ids?: number[] } = {},
) {
  const receiver = await startEventReceiver();
  const subscription = await subscribe(admin, receiver, types, more);
  onTestFinished(async () => {
    await admin.delete(`/api/event-subscriptions/${subscription.id}`);
    await receiver.close();
  });
  const stored = async (type: EventType) => {
    const response = await admin.get<{ data: EventDelivery[] }>(
      `/api/event-subscriptions/${subscription.id}/deliveries?per_page=100`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.filter((event) => event.type === type);
  };
  const only = async <T extends EventType>(type: T): Promise<EventDataOf<T>> => {
    const [event] = await receiver.eventsOf(type);
    expect((await stored(type)).map((row) => row.webhook_id)).toEqual([event!.webhookId]);
    const taken = receiver.events.filter((one) => one.type === type);
    expect(new Set(taken.map((one) => one.webhookId))).toEqual(new Set([event!.webhookId]));
    const schema = EVENT_TYPES[type].data as z.ZodObject;
    return schema.strict().parse(event!.data) as EventDataOf<T>;
  };
  return { receiver, subscription, stored, only };
}
