import type { VariantContent } from '../../content/variants.ts';
import { postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, type SocialCall, variantLink } from './connector.ts';
import { socialNetwork } from './social-network.ts';
import { withUserToken } from './user-tokens.ts';

const TWEET_LENGTH = 280;
/** X counts every link as this many characters (its t.co address), whatever its real length. */
const X_LINK_LENGTH = 23;
const ELLIPSIS = '…';

/**
 * How much a character weighs in X's count: 1 up to U+10FF (Latin, Greek, Cyrillic, Hebrew,
 * Arabic …), 2 beyond (CJK, emoji …). X also weighs a few punctuation ranges as 1; counting them
 * as 2 only makes a tweet shorter than it could be, never refused.
 */
const xWeight = (character: string) => (character.codePointAt(0)! <= 0x10ff ? 1 : 2);

function xLength(text: string) {
  let length = 0;
  for (const character of text) length += xWeight(character);
  return length;
}

/**
 * The tweet: the title and the variant's text, then the link. A long text is shortened so that
 * the whole fits X's 280; the link is never cut, since a cut link leads nowhere.
 */
function tweetText(variant: VariantContent): string {
  const link = variantLink(variant);
  const body = variant.description || variant.record.description;
  const head = [variant.record.title, body].filter(Boolean).join('\n\n');
  const room = TWEET_LENGTH - X_LINK_LENGTH - '\n\n'.length;
  if (xLength(head) <= room) return `${head}\n\n${link}`;
  let kept = '';
  let length = xLength(ELLIPSIS);
  for (const character of head) {
    length += xWeight(character);
    if (length > room) break;
    kept += character;
  }
  return `${kept.trimEnd()}${ELLIPSIS}\n\n${link}`;
}

/**
 * X's refresh of its user access token, which ends after 2 hours: a confidential client
 * authenticates with Basic; a public one sends only its client_id.
 */
function tokenRefresh(
  call: SocialCall<'base_url' | 'client_id' | 'client_secret'>,
  refreshToken: string,
) {
  const baseUrl = call.value('base_url');
  const clientId = call.value('client_id');
  if (!baseUrl || !clientId) return null;
  const clientSecret = call.value('client_secret');
  const headers: Record<string, string> = {};
  if (clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  }
  return {
    url: endpoint(baseUrl, '/2/oauth2/token'),
    headers,
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId },
  };
}

/**
 * X: a tweet through API v2 (`POST /2/tweets`, `{ text }`) with an OAuth 2.0 user access token
 * that holds tweet.write, refreshed when it ends. X answers `{ "data": { "id": "…", "text": "…" } }`.
 */
export const twitter = socialNetwork({
  target: 'twitter',
  settings: [
    {
      fullPath: 'social.twitter.base_url',
      value: 'https://api.x.com',
      type: 'url',
      description: 'X (Twitter) API address',
    },
    {
      fullPath: 'social.twitter.access_token',
      value: null,
      type: 'text',
      description: 'OAuth 2.0 user access token of the X account, with the tweet.write scope',
      isSecret: true,
    },
    {
      fullPath: 'social.twitter.refresh_token',
      value: null,
      type: 'text',
      description:
        'Its refresh token (the offline.access scope): X access tokens end after 2 hours, and a new one is fetched with it',
      isSecret: true,
    },
    {
      fullPath: 'social.twitter.expires_at',
      value: null,
      type: 'text',
      description: 'When the X access token ends (ISO date); kept up to date by each refresh',
    },
    {
      fullPath: 'social.twitter.client_id',
      value: null,
      type: 'text',
      description: 'OAuth 2.0 client ID of the X app, which refreshes the tokens',
    },
    {
      fullPath: 'social.twitter.client_secret',
      value: null,
      type: 'text',
      description: 'OAuth 2.0 client secret of the X app (none for a public client)',
      isSecret: true,
    },
  ],
  async publish(variant, call) {
    const setting = call.required(['base_url']);
    const { statusCode, json } = await withUserToken(
      call,
      (refreshToken) => tokenRefresh(call, refreshToken),
      (accessToken) =>
        postJson(
          endpoint(setting.base_url, '/2/tweets'),
          JSON.stringify({ text: tweetText(variant) }),
          {
            headers: { authorization: `Bearer ${accessToken}` },
            timeoutMs: call.timeoutMs,
            outbound: call.context.outbound,
          },
        ),
    );
    const id = (json as { data?: { id?: unknown } } | null)?.data?.id;
    return { statusCode, externalId: externalIdOf(id) };
  },
});
