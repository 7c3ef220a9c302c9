import { postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, socialText, variantLink } from './connector.ts';
import { socialNetwork } from './social-network.ts';

/**
 * Facebook Pages: a link post on the Page's feed (Graph API `POST /{page-id}/feed`), made with a
 * Page access token that holds pages_manage_posts. The token travels in the body, not the URL, so
 * that it stays out of access logs. Facebook answers `{ "id": "{page-id}_{post-id}" }`.
 */
export const facebook = socialNetwork({
  target: 'facebook',
  settings: [
    {
      fullPath: 'social.facebook.base_url',
      value: 'https://graph.facebook.com/v23.0',
      type: 'url',
      description: 'Graph API address, ending with the API version Facebook posts are made in',
    },
    {
      fullPath: 'social.facebook.page_id',
      value: null,
      type: 'text',
      description: 'ID of the Facebook Page that publishes the posts',
    },
    {
      fullPath: 'social.facebook.page_access_token',
      value: null,
      type: 'text',
      description: 'Page access token of that Page, with the pages_manage_posts permission',
      isSecret: true,
    },
  ],
  async publish(variant, call) {
    const setting = call.required(['base_url', 'page_id', 'page_access_token']);
    const { statusCode, json } = await postJson(
      endpoint(setting.base_url, `/${encodeURIComponent(setting.page_id)}/feed`),
      JSON.stringify({
        message: socialText(variant),
        link: variantLink(variant),
        access_token: setting.page_access_token,
      }),
      { outbound: call.context.outbound, headers: {}, timeoutMs: call.timeoutMs },
    );
    return { statusCode, externalId: externalIdOf((json as { id?: unknown } | null)?.id) };
  },
});
