import type { VariantContent } from '../../content/variants.ts';
import { postJson } from '../../lib/delivery-http.ts';
import { endpoint, externalIdOf, variantLink } from './connector.ts';
import { socialNetwork } from './social-network.ts';
import { oauthRefresh, withUserToken } from './user-tokens.ts';

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
 * X: a tweet through API v2 (`POST /2/tweets`, `{ text }`) with the channel's OAuth 2.0 user
 * access token, which holds tweet.write, refreshed when it ends. X answers `{ "data": { "id": "…", "text": "…" } }`.
 */
export const twitter = socialNetwork({
  target: 'twitter',
  settings: [],
  // The user access token ends after 2 hours; a public client refreshes with its id alone.
  refresh: oauthRefresh('twitter'),
  async publish(variant, call) {
    const { apiBaseUrl } = call.channel();
    const { statusCode, json } = await withUserToken(call, (accessToken) =>
      postJson(endpoint(apiBaseUrl, '/2/tweets'), JSON.stringify({ text: tweetText(variant) }), {
        headers: { authorization: `Bearer ${accessToken}` },
        timeoutMs: call.timeoutMs,
        outbound: call.context.outbound,
      }),
    );
    const id = (json as { data?: { id?: unknown } } | null)?.data?.id;
    return { statusCode, externalId: externalIdOf(id) };
  },
});
