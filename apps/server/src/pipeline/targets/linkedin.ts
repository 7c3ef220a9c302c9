import { postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, shorten, socialText, variantLink } from './connector.ts';
import { socialNetwork } from './social-network.ts';

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
export const linkedin = socialNetwork({
  target: 'linkedin',
  settings: [
    {
      fullPath: 'social.linkedin.base_url',
      value: 'https://api.linkedin.com',
      type: 'url',
      description: 'LinkedIn API address',
    },
    {
      fullPath: 'social.linkedin.api_version',
      value: '202605',
      type: 'text',
      description:
        'LinkedIn-Version of the Posts API (YYYYMM); LinkedIn retires each version a year after it',
    },
    {
      fullPath: 'social.linkedin.author_urn',
      value: null,
      type: 'text',
      description:
        'Who posts: urn:li:organization:{id} for a LinkedIn Page, urn:li:person:{id} for a member',
    },
    {
      fullPath: 'social.linkedin.access_token',
      value: null,
      type: 'text',
      description:
        'Access token of that author, with w_organization_social (Page) or w_member_social (member)',
      isSecret: true,
    },
  ],
  async publish(variant, call) {
    const setting = call.required(['base_url', 'api_version', 'author_urn', 'access_token']);
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
        timeoutMs: call.timeoutMs,
        outbound: call.context.outbound,
      },
    );
    return { statusCode, externalId: externalIdOf(headers.get('x-restli-id')) };
  },
});
