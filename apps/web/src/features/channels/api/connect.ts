import {
  authorizeAnswerSchema,
  type ChannelConnectInput,
  CONNECT_MESSAGES,
  type ConnectLinkInput,
  connectLinkSchema,
  type PendingChoice,
  pendingChoiceAnswerSchema,
  pendingConnectSchema,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channelQueries } from '../../../lib/channels.ts';
import { http } from '../../../lib/http.ts';
import { notifySuccess } from '../../../lib/toast.tsx';

/**
 * Connecting accounts through each network's consent: its start (the browser then goes to the
 * network), the accounts a consent offers and their choice, and connect links. A consent's
 * accounts are read and chosen on the Channels screen (`channels`), or on a connect link's public
 * page (`link`, no session).
 */

export type PendingScope = 'channels' | 'link';

const pendingPath = (scope: PendingScope, state: string) =>
  `${scope === 'channels' ? '/api/channels/pending' : '/api/connect-links/pending'}/${encodeURIComponent(state)}`;

/** Leaving the app for the network's consent page (a seam the tests watch). */
export const browser = {
  open(url: string) {
    window.location.assign(url);
  },
};

/** POST /api/channels/connect, then the network's consent page. */
export function useStartConnect() {
  return useMutation({
    mutationFn: async (body: ChannelConnectInput) =>
      authorizeAnswerSchema.parse(await http.post('/api/channels/connect', body)),
    onSuccess: ({ authorize_url }) => browser.open(authorize_url),
  });
}

/** POST /api/channels/connect-links: the link, shown once. */
export function useCreateConnectLink() {
  return useMutation({
    mutationFn: async (body: ConnectLinkInput) =>
      connectLinkSchema.parse(await http.post('/api/channels/connect-links', body)),
  });
}

/** The accounts a consent offers, by its state. */
export function usePendingAccounts(scope: PendingScope, state: string) {
  return useQuery({
    queryKey: ['channel-connect', scope, state],
    queryFn: async () => pendingConnectSchema.parse(await http.get(pendingPath(scope, state))),
    retry: false,
  });
}

/** Adds the accounts chosen as channels; the channels reload after it. */
export function useChooseAccounts(scope: PendingScope, state: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PendingChoice) =>
      pendingChoiceAnswerSchema.parse(await http.post(pendingPath(scope, state), body)),
    onSuccess: ({ data }) => {
      notifySuccess(CONNECT_MESSAGES.added(data.length));
      return queryClient.invalidateQueries({ queryKey: channelQueries.key });
    },
  });
}
