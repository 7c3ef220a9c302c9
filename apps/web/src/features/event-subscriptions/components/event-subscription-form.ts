import {
  type EventSubscription,
  type EventSubscriptionForm,
  eventSubscriptionInputSchema,
} from '@sitefleet/contract';
import { payloadResolver } from '../../../lib/contract-resolver.ts';

/** The subscription's form as typed: no website chosen means every website (sent as null). */
export interface EventSubscriptionFormValues {
  url: string;
  description: string;
  enabled: boolean;
  events: string[];
  website_ids: number[];
}

export function initialValues(subscription: EventSubscription | null): EventSubscriptionFormValues {
  return {
    url: subscription?.url ?? '',
    description: subscription?.description ?? '',
    enabled: subscription?.enabled ?? true,
    events: subscription?.events ?? [],
    website_ids: subscription?.website_ids ?? [],
  };
}

/** What POST and PUT /api/event-subscriptions are sent for the form's values. */
export function subscriptionPayload(values: EventSubscriptionFormValues): EventSubscriptionForm {
  return {
    url: values.url,
    events: values.events,
    website_ids: values.website_ids.length > 0 ? values.website_ids : null,
    description: values.description,
    enabled: values.enabled,
  };
}

/** The contract's rules on what would be sent, so the form says what the server would. */
export const subscriptionFormResolver = payloadResolver<EventSubscriptionFormValues>(
  eventSubscriptionInputSchema,
  subscriptionPayload,
);
