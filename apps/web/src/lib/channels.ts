import {
  CHANNEL_MESSAGES,
  type ChannelUpdate,
  channelsResource,
  PER_PAGE_CHOICES,
} from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceQueries } from './resource-queries.ts';
import { notifyFailure, notifySuccess } from './toast.tsx';
import type { ListRequest } from './use-list-params.ts';

/** The channels' queries and saves, for the Channels screen and a website's Social tab. */
export const channelQueries = resourceQueries(channelsResource);

/** The largest page a list answers. */
const LARGEST_PAGE = Math.max(...PER_PAGE_CHOICES);

/**
 * One page, as large as a list answers, of the channels (or social apps) that `filters` narrow,
 * by name: a website's channels, a network's, to choose from.
 */
export function choiceRequest(filters: Record<string, string>): ListRequest<string> {
  return {
    page: 1,
    perPage: LARGEST_PAGE,
    query: '',
    sort: { key: 'name', direction: 'asc' },
    filters,
  };
}

/**
 * PUT /api/channels/:id with the fields that change (its status, its websites); every channel
 * query reloads after it, whatever its outcome, and a refusal shows its message.
 */
export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ChannelUpdate }) =>
      channelQueries.update(id, changes),
    onSuccess: () => notifySuccess(CHANNEL_MESSAGES.updated),
    onError: notifyFailure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelQueries.key }),
  });
}
