import {
  type Channel,
  type ChannelTest,
  channelsResource,
  channelTestSchema,
  type SocialNetwork,
  socialAppsResource,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channelQueries, choiceRequest } from '../../../lib/channels.ts';
import { http } from '../../../lib/http.ts';
import { resourceQueries } from '../../../lib/resource-queries.ts';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/toast.tsx';

const socialAppQueries = resourceQueries(socialAppsResource);

/** What a channel's test says: whom the network knows the token as, or why it refused it. */
export function testOutcome(channel: Pick<Channel, 'name'>, answer: ChannelTest): string {
  if (answer.ok) {
    return answer.account_name === null
      ? `${channel.name} works`
      : `${channel.name} works: the network knows it as ${answer.account_name}`;
  }
  return `${channel.name} failed its test: ${answer.error ?? `HTTP ${answer.status_code}`}`;
}

/**
 * POST /api/channels/:id/test: the network's "who am I" for the channel's token, its outcome in a
 * toast; the channels reload after it, since a refused token may have changed the channel's status.
 */
export function useTestChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channel: Channel) =>
      channelTestSchema.parse(await http.post(`${channelsResource.path}/${channel.id}/test`)),
    onSuccess: (answer, channel) =>
      (answer.ok ? notifySuccess : notifyError)(testOutcome(channel, answer)),
    onError: notifyFailure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelQueries.key }),
  });
}

/** A network's social apps by name, for a channel's App choice; none before a network is chosen. */
export function useSocialAppChoices(network: SocialNetwork | null) {
  const request = choiceRequest(network ? { network } : {});
  return useQuery({
    queryKey: socialAppQueries.listKey(request),
    queryFn: () => socialAppQueries.fetchList(request),
    enabled: network !== null,
  });
}
