import { postJson } from '../delivery.ts';
import {
  endpoint,
  externalIdOf,
  requiredSettings,
  type SocialConnector,
  socialText,
  variantLink,
} from './connector.ts';

/**
 * Facebook Pages: a link post on the Page's feed (Graph API `POST /{page-id}/feed`), made with a
 * Page access token that holds pages_manage_posts. The token travels in the body, not the URL, so
 * that it stays out of access logs. Facebook answers `{ "id": "{page-id}_{post-id}" }`.
 */
export const facebookConnector: SocialConnector = {
  network: 'facebook',
  async publish(variant, { settings, timeoutMs }) {
    const setting = requiredSettings('facebook', settings, [
      'base_url',
      'page_id',
      'page_access_token',
    ]);
    const { statusCode, json } = await postJson(
      endpoint(setting.base_url, `/${encodeURIComponent(setting.page_id)}/feed`),
      JSON.stringify({
        message: socialText(variant),
        link: variantLink(variant),
        access_token: setting.page_access_token,
      }),
      { headers: {}, timeoutMs },
    );
    return { statusCode, externalId: externalIdOf((json as { id?: unknown } | null)?.id) };
  },
};
