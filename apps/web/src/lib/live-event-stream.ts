import {
  categoriesResource,
  deliveriesResource,
  deliveryEventSchema,
  deliveryHealthResource,
  LIVE_RESET_EVENT,
  type LiveEventType,
  postsResource,
} from '@sitefleet/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { calendarKey, notificationsKey, statsKey, topListKey } from './query-keys.ts';
import { resourceKey } from './resource-queries.ts';

/**
 * The session's one live event stream (`GET /api/events`): each event marks stale the queries
 * that show what it changed, so that the screens on view reload by themselves, without polling.
 * The browser reconnects a dropped stream on its own, with the last event's id, and the server
 * sends what was published meanwhile.
 */

/** Events coming in a burst (a bulk action queues thousands) reload each query once. */
const LIVE_RELOAD_DELAY_MS = 500;

/**
 * Every delivery changes the fleet's health and its list of attempts (the Deliveries screen), the
 * dashboard, and the calendar (a scheduled item turns published or failed).
 */
const DELIVERY_KEYS: QueryKey[] = [
  resourceKey(deliveryHealthResource),
  resourceKey(deliveriesResource),
  statsKey,
  topListKey,
  calendarKey,
];

/**
 * What each event type makes stale: the Posts or Categories list with Detailed Review, the
 * Deliveries screen and the dashboard; the bell and the Notifications page.
 */
const STALE_ON: Record<LiveEventType, (data: unknown) => QueryKey[]> = {
  delivery: (data) => {
    const event = deliveryEventSchema.safeParse(data);
    if (!event.success) return [];
    const records = event.data.kind === 'post' ? postsResource : categoriesResource;
    // Detailed Review and its attempts are under the list's key.
    return [resourceKey(records), ...DELIVERY_KEYS];
  },
  // The server sends a user only their own.
  notification: () => [notificationsKey],
};

/** Everything an event may make stale: what a client that missed events reloads. */
const EVERYTHING_LIVE: QueryKey[] = [
  resourceKey(postsResource),
  resourceKey(categoriesResource),
  ...DELIVERY_KEYS,
  notificationsKey,
];

/** Collects the keys events make stale and marks them, at most once per delay. */
function staleBatcher(queryClient: QueryClient) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(keys: readonly QueryKey[]) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, LIVE_RELOAD_DELAY_MS);
    },
    stop: () => clearTimeout(timer),
  };
}

/** Opens the stream; answers how to close it. */
export function openLiveEvents(queryClient: QueryClient): () => void {
  const source = new EventSource('/api/events');
  const batcher = staleBatcher(queryClient);
  for (const [type, staleKeys] of Object.entries(STALE_ON)) {
    source.addEventListener(type, (message) => {
      try {
        batcher.add(staleKeys(JSON.parse((message as MessageEvent<string>).data)));
      } catch {
        // Not JSON: nothing this client can act on.
      }
    });
  }
  source.addEventListener(LIVE_RESET_EVENT, () => batcher.add(EVERYTHING_LIVE));
  return () => {
    source.close();
    batcher.stop();
  };
}
