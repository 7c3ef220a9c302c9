import {
  CHANNEL_MESSAGES,
  type ChannelTest,
  SOCIAL_NETWORK_ENDPOINTS,
  type SocialNetwork,
} from '@sitefleet/contract';
import type { AppContext } from '../../context.ts';
import { answerExcerpt, answerJson, DeliveryError, sendRequest } from '../../lib/delivery-http.ts';
import { channelForTest } from './service.ts';

/**
 * POST /api/channels/:id/test: the network's "who am I" with the channel's access token, which
 * tells whether the token still works and whose account it is. Whatever the network answers, or
 * fails to, the answer says so (never a server error); its text is kept short and without NUL,
 * as all outside text, and never holds the token.
 */

/** Each network's "who am I" (after its API address) and where its answer names the account. */
const WHO_AM_I: Record<SocialNetwork, { path: string; name: readonly (string | number)[] }> = {
  facebook: { path: '/me?fields=id,name', name: ['name'] },
  twitter: { path: '/2/users/me', name: ['data', 'name'] },
  linkedin: { path: '/v2/userinfo', name: ['name'] },
  tiktok: {
    path: '/v2/user/info/?fields=open_id,display_name',
    name: ['data', 'user', 'display_name'],
  },
  youtube: {
    path: '/youtube/v3/channels?part=snippet&mine=true',
    name: ['items', 0, 'snippet', 'title'],
  },
};

/** The text at `path` in an outside JSON answer, cut short; null when there is none. */
function textAt(json: unknown, path: readonly (string | number)[]): string | null {
  let value = json;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string | number, unknown>)[key];
  }
  return typeof value === 'string' ? answerExcerpt(value) : null;
}

/** Tests the channel's token; a 404 when there is no such channel. */
export async function testChannel(context: AppContext, id: number): Promise<ChannelTest> {
  const channel = await channelForTest(context.db, id);
  if (channel.accessToken === null) {
    return {
      ok: false,
      status_code: null,
      account_name: null,
      error: CHANNEL_MESSAGES.noAccessToken,
    };
  }
  const token = context.secrets.open(channel.accessToken);
  const call = WHO_AM_I[channel.network];
  const base = channel.apiBaseUrl ?? SOCIAL_NETWORK_ENDPOINTS[channel.network].apiBaseUrl;
  try {
    // Each of these APIs takes the token as a bearer, which keeps it out of URLs and their logs.
    const response = await sendRequest(`${base.replace(/\/+$/, '')}${call.path}`, {
      method: 'GET',
      outbound: context.outbound,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
    });
    const json = await answerJson(response);
    return {
      ok: true,
      status_code: response.status,
      account_name: textAt(json, call.name),
      error: null,
    };
  } catch (error) {
    const failure = error instanceof DeliveryError ? error : new DeliveryError(String(error));
    return {
      ok: false,
      status_code: failure.statusCode ?? null,
      account_name: null,
      // A network may quote the request back: the token never leaves in the answer.
      error: failure.message.replaceAll(token, '[token]'),
    };
  }
}
