import { DeliveryError, postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, shorten, socialText } from './connector.ts';
import { socialNetwork } from './social-network.ts';
import { oauthRefresh, withUserToken } from './user-tokens.ts';

/** TikTok's limits for a photo post, in UTF-16 units. */
const TIKTOK_TITLE_LENGTH = 90;
const TIKTOK_DESCRIPTION_LENGTH = 4000;

interface TikTokAnswer {
  data?: { publish_id?: unknown };
  error?: { code?: string; message?: string };
}

/**
 * TikTok: the Content Posting API has no text-only post, so a variant goes out as a photo post
 * (`POST /v2/post/publish/content/init/`, DIRECT_POST) of the operator's image, with the title
 * and the text as its caption. TikTok pulls the image itself, from a domain verified for the app.
 * Publishing then goes on at TikTok's side: the answer's `data.publish_id` names that process
 * (TikTok gives the post's own id only after its moderation). The user access token (24 hours)
 * is refreshed when it ends, and its refresh token rotates.
 */
export const tiktok = socialNetwork({
  target: 'tiktok',
  refresh: oauthRefresh('tiktok'),
  settings: [
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
    const setting = call.required(['photo_url', 'privacy_level']);
    const { apiBaseUrl } = call.channel();
    const init = (accessToken: string) =>
      postJson(
        endpoint(apiBaseUrl, '/v2/post/publish/content/init/'),
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
    const { statusCode, json } = await withUserToken(call, init);
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
