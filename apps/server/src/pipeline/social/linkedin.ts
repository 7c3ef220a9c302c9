import { postJson } from '../delivery.ts';
import {
  endpoint,
  externalIdOf,
  requiredSettings,
  type SocialConnector,
  shorten,
  socialText,
  variantLink,
} from './connector.ts';

/** The longest commentary LinkedIn takes. */
const COMMENTARY_LENGTH = 3000;

/**
 * LinkedIn reads commentary as its "little" text format, where these characters start mentions,
 * hashtags and templates; a reserved character that is not escaped makes LinkedIn refuse the post
 * or cut the text there. Escaped, each shows as typed.
 */
const escapeLittleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, '\\$&');

/**
 * LinkedIn: an organic post through the versioned Posts API (`POST /rest/posts`) for the author
 * URN (a Page or a member), with the link as an article. LinkedIn answers 201 with no body; the
 * new post's URN comes in the `x-restli-id` header.
 */
export const linkedinConnector: SocialConnector = {
  network: 'linkedin',
  async publish(variant, { settings, timeoutMs }) {
    const setting = requiredSettings('linkedin', settings, [
      'base_url',
      'api_version',
      'author_urn',
      'access_token',
    ]);
    const { statusCode, headers } = await postJson(
      endpoint(setting.base_url, '/rest/posts'),
      JSON.stringify({
        author: setting.author_urn,
        commentary: escapeLittleText(shorten(socialText(variant), COMMENTARY_LENGTH)),
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        content: { article: { source: variantLink(variant), title: variant.record.title } },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
      {
        headers: {
          authorization: `Bearer ${setting.access_token}`,
          'linkedin-version': setting.api_version,
          'x-restli-protocol-version': '2.0.0',
        },
        timeoutMs,
      },
    );
    return { statusCode, externalId: externalIdOf(headers.get('x-restli-id')) };
  },
};
