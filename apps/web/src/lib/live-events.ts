import {
  categoriesResource,
  deliveryEventSchema,
  LIVE_RESET_EVENT,
  type LiveEventType,
  postsResource,
} from '@sitefleet/contract';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { statsKey, topListKey } from './query-keys.ts';
import { resourceKey } from './resource-queries.ts';

/**
 * The session's one live event stream (`GET /api/events`): each event marks stale the queries
 * that show what it changed, so that the screens on view reload by themselves, without polling.
 * The browser reconnects a dropped stream on its own, with the last event's id, and the server
 * sends what was published meanwhile.
 */

/** Events coming in a burst (a bulk action queues thousands) reload each query once. */
export const LIVE_RELOAD_DELAY_MS = 500;

/** What each event type makes stale: the Posts or Categories list with Detailed Review, the dashboard. */
const STALE_ON: Record<LiveEventType, (data: unknown) => QueryKey[]> = {
  delivery: (data) => {
    const event = deliveryEventSchema.safeParse(data);
    if (!event.success) return [];
    const records = event.data.kind === 'post' ? postsResource : categoriesResource;
    // Detailed Review and its attempts are under the list's key.
    return [resourceKey(records), statsKey, topListKey];
  },
};

/** Everything an event may make stale: what a client that missed events reloads. */
const EVERYTHING_LIVE: QueryKey[] = [
  resourceKey(postsResource),
  resourceKey(categoriesResource),
  statsKey,
  topListKey,
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

/** Opens the stream while the signed-in layout is shown; closes it when it goes. */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
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
  }, [queryClient]);
}
