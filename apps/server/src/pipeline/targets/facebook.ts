import { postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, notConfigured, socialText, variantLink } from './connector.ts';
import { socialNetwork } from './social-network.ts';

/**
 * Facebook Pages: a link post on the channel's Page feed (Graph API `POST /{page-id}/feed`), made
 * with the channel's Page access token, which holds pages_manage_posts. The token travels in the body, not the URL, so
 * that it stays out of access logs. Facebook answers `{ "id": "{page-id}_{post-id}" }`.
 */
export const facebook = socialNetwork({
  target: 'facebook',
  settings: [],
  async publish(variant, call) {
    const page = call.channel();
    if (!page.accessToken) throw notConfigured('facebook');
    const { statusCode, json } = await postJson(
      endpoint(page.apiBaseUrl, `/${encodeURIComponent(page.externalId)}/feed`),
      JSON.stringify({
        message: socialText(variant),
        link: variantLink(variant),
        access_token: page.accessToken,
      }),
      { outbound: call.context.outbound, headers: {}, timeoutMs: call.timeoutMs },
    );
    return { statusCode, externalId: externalIdOf((json as { id?: unknown } | null)?.id) };
  },
});
