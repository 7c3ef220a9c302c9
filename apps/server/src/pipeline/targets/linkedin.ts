import { postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, shorten, socialText, variantLink } from './connector.ts';
import { socialNetwork } from './social-network.ts';
import { oauthRefresh, withUserToken } from './user-tokens.ts';

/** The longest commentary LinkedIn takes. */
const COMMENTARY_LENGTH = 3000;

/**
 * LinkedIn reads commentary as its "little" text format, where these characters start mentions,
 * hashtags and templates; a reserved character that is not escaped makes LinkedIn refuse the post
 * or cut the text there. Escaped, each shows as typed.
 */
const escapeLittleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, '\\$&');

/**
 * LinkedIn: an organic post through the versioned Posts API (`POST /rest/posts`) for the channel's
 * author URN (`urn:li:organization:{id}` for a Page, `urn:li:person:{id}` for a member), with the
 * link as an article; its access token (60 days) is refreshed when it ends. LinkedIn answers 201 with no body; the
 * new post's URN comes in the `x-restli-id` header.
 */
export const linkedin = socialNetwork({
  target: 'linkedin',
  refresh: oauthRefresh('linkedin'),
  settings: [
    {
      fullPath: 'social.linkedin.api_version',
      value: '202605',
      type: 'text',
      description:
        'LinkedIn-Version of the Posts API (YYYYMM); LinkedIn retires each version a year after it',
    },
  ],
  async publish(variant, call) {
    const setting = call.required(['api_version']);
    const author = call.channel();
    const { statusCode, headers } = await withUserToken(call, (accessToken) =>
      postJson(
        endpoint(author.apiBaseUrl, '/rest/posts'),
        JSON.stringify({
          author: author.externalId,
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
            authorization: `Bearer ${accessToken}`,
            'linkedin-version': setting.api_version,
            'x-restli-protocol-version': '2.0.0',
          },
          timeoutMs: call.timeoutMs,
          outbound: call.context.outbound,
        },
      ),
    );
    return { statusCode, externalId: externalIdOf(headers.get('x-restli-id')) };
  },
});
