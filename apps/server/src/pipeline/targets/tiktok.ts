import { DeliveryError, postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, type SocialCall, shorten, socialText } from './connector.ts';
import { socialNetwork } from './social-network.ts';
import { withUserToken } from './user-tokens.ts';

/** TikTok's limits for a photo post, in UTF-16 units. */
const TIKTOK_TITLE_LENGTH = 90;
const TIKTOK_DESCRIPTION_LENGTH = 4000;

interface TikTokAnswer {
  data?: { publish_id?: unknown };
  error?: { code?: string; message?: string };
}

/** TikTok's refresh of its user access token, which ends after 24 hours. */
function tokenRefresh(
  call: SocialCall<'base_url' | 'client_key' | 'client_secret'>,
  refreshToken: string,
) {
  const baseUrl = call.value('base_url');
  const clientKey = call.value('client_key');
  const clientSecret = call.value('client_secret');
  if (!baseUrl || !clientKey || !clientSecret) return null;
  return {
    url: endpoint(baseUrl, '/v2/oauth/token/'),
    headers: {},
    form: {
      client_key: clientKey,
      client_secret: clientSecret,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    },
  };
}

/**
 * TikTok: the Content Posting API has no text-only post, so a variant goes out as a photo post
 * (`POST /v2/post/publish/content/init/`, DIRECT_POST) of the operator's image, with the title
 * and the text as its caption. TikTok pulls the image itself, from a domain verified for the app.
 * Publishing then goes on at TikTok's side: the answer's `data.publish_id` names that process
 * (TikTok gives the post's own id only after its moderation). The user access token is refreshed
 * when it ends.
 */
export const tiktok = socialNetwork({
  target: 'tiktok',
  settings: [
    {
      fullPath: 'social.tiktok.base_url',
      value: 'https://open.tiktokapis.com',
      type: 'url',
      description: 'TikTok API address',
    },
    {
      fullPath: 'social.tiktok.access_token',
      value: null,
      type: 'text',
      description: 'User access token of the TikTok account, with the video.publish scope',
      isSecret: true,
    },
    {
      fullPath: 'social.tiktok.refresh_token',
      value: null,
      type: 'text',
      description:
        'Its refresh token: TikTok access tokens end after 24 hours, and a new one is fetched with it',
      isSecret: true,
    },
    {
      fullPath: 'social.tiktok.expires_at',
      value: null,
      type: 'text',
      description: 'When the TikTok access token ends (ISO date); kept up to date by each refresh',
    },
    {
      fullPath: 'social.tiktok.client_key',
      value: null,
      type: 'text',
      description: 'Client key of the TikTok app, which refreshes the tokens',
    },
    {
      fullPath: 'social.tiktok.client_secret',
      value: null,
      type: 'text',
      description: 'Client secret of the TikTok app',
      isSecret: true,
    },
    {
      fullPath: 'social.tiktok.photo_url',
      value: null,
      type: 'url',
      description:
        'JPEG or WebP image every TikTok post shows (TikTok has no text-only posts); on a domain verified for the TikTok app',
    },
    {
      fullPath: 'social.tiktok.privacy_level',
      value: 'PUBLIC_TO_EVERYONE',
      type: 'text',
      description:
        'Who sees the TikTok posts: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR or SELF_ONLY (the only choice before TikTok audits the app)',
    },
  ],
  async publish(variant, call) {
    const setting = call.required(['base_url', 'photo_url', 'privacy_level']);
    const init = (accessToken: string) =>
      postJson(
        endpoint(setting.base_url, '/v2/post/publish/content/init/'),
        JSON.stringify({
          post_info: {
            title: shorten(variant.record.title, TIKTOK_TITLE_LENGTH),
            description: shorten(socialText(variant), TIKTOK_DESCRIPTION_LENGTH),
            privacy_level: setting.privacy_level,
          },
          source_info: {
            source: 'PULL_FROM_URL',
            photo_images: [setting.photo_url],
            photo_cover_index: 0,
          },
          post_mode: 'DIRECT_POST',
          media_type: 'PHOTO',
        }),
        {
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json; charset=UTF-8',
          },
          timeoutMs: call.timeoutMs,
          outbound: call.context.outbound,
        },
      );
    const { statusCode, json } = await withUserToken(
      call,
      (refreshToken) => tokenRefresh(call, refreshToken),
      init,
    );
    const answer = json as TikTokAnswer | null;
    // TikTok reports a refusal in `error` (its code is 'ok' on success).
    const code = answer?.error?.code;
    if (code && code !== 'ok') {
      const message = answer?.error?.message;
      throw new DeliveryError(`TikTok refused the post: ${code}${message ? ` (${message})` : ''}`);
    }
    return { statusCode, externalId: externalIdOf(answer?.data?.publish_id) };
  },
});
