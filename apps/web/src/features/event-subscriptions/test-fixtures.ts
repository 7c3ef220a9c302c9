import { type EventSubscription, eventSubscriptionsResource, paginate } from '@sitefleet/contract';

export const SUBSCRIPTIONS_PATH = eventSubscriptionsResource.path;
export const SUBSCRIPTION_URL = 'https://hooks.example.com/sitefleet';

/** A paused subscription to four events on one website, as the list answers it. */
export const SUBSCRIPTION: EventSubscription = {
  id: 9,
  url: SUBSCRIPTION_URL,
  events: ['post.created', 'post.updated', 'website.down', 'user.created'],
  website_ids: [7],
  description: 'The CRM',
  enabled: true,
  status: 'paused',
  paused_reason: 'Five failures in a row',
  consecutive_failures: 5,
  last_delivered_at: null,
  last_error: 'HTTP 500',
  secret_hint: 'ab12',
  created_by: { id: 1, name: 'Ada' },
  created_at: '2098-01-01T00:00:00.000Z',
  updated_at: '2098-01-01T00:00:00.000Z',
};

/** One page of rows, as the server shapes it. */
export const pageOf = <T>(data: T[], path: string = SUBSCRIPTIONS_PATH) =>
  paginate(data, { page: 1, perPage: 15, total: data.length, path });
