import type { VariantContent } from '../../content/variants.ts';
import { answerJson, DeliveryError, postJson, sendRequest } from '../../lib/delivery-http.ts';
import type { Outbound } from '../../lib/outbound.ts';
import { endpoint, externalIdOf, shorten, socialText } from './connector.ts';
import { socialNetwork } from './social-network.ts';
import { oauthRefresh, withUserToken } from './user-tokens.ts';

const YOUTUBE_TITLE_LENGTH = 100;
/** YouTube counts a description's limit in UTF-8 bytes. */
const YOUTUBE_DESCRIPTION_BYTES = 5000;
/** What YouTube takes as a video upload: any video type, or bytes of no declared type. */
const VIDEO_TYPE = /^(video\/[\w.+-]+|application\/octet-stream)$/;

/** YouTube refuses titles and descriptions that contain angle brackets. */
const withoutAngleBrackets = (text: string) => text.replace(/[<>]/g, '');

/** `text` cut to at most `maxBytes` of UTF-8, ending with an ellipsis when cut. */
function shortenToBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= maxBytes) return text;
  const ellipsis = '…';
  const kept = bytes.subarray(0, maxBytes - Buffer.byteLength(ellipsis));
  // A character cut in the middle decodes as U+FFFD: it is dropped.
  return `${new TextDecoder().decode(kept).replace(/\uFFFD$/, '')}${ellipsis}`;
}

const notAVideo = (reason: string) =>
  new DeliveryError(`YouTube takes videos only: ${reason}`, undefined, true);

/** The video a post's content reference points to, opened for streaming with its type and size. */
async function openVideo(variant: VariantContent, outbound: Outbound, timeoutMs: number) {
  const reference = variant.record.contentReference;
  if (!reference) throw notAVideo(`this ${variant.kind} has no content reference`);
  // The size sent to YouTube must be the size of the bytes as they travel: no compression.
  const response = await sendRequest(reference, {
    method: 'GET',
    headers: { 'accept-encoding': 'identity' },
    timeoutMs,
    outbound,
  });
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  const length = response.headers.get('content-length');
  if (!response.body || !VIDEO_TYPE.test(type) || !length) {
    await response.body?.cancel();
    throw notAVideo(
      VIDEO_TYPE.test(type)
        ? 'the content reference does not say its size (Content-Length)'
        : `the content reference is not a video (${type || 'no content type'})`,
    );
  }
  return { type, length, body: response.body };
}

/**
 * YouTube has no public API for a text post (community posts are not in the Data API), and the
 * consent asks for the youtube.upload scope, whose one write is `videos.insert`. So YouTube
 * publishes the video the post's content reference points to (a video file such as an .mp4
 * address), with the variant's title and text, to the channel's account: the resumable upload
 * protocol's POST of the metadata answers an upload address in `Location`, and a PUT of the bytes
 * there answers the new video resource, whose `id` is kept. The video is streamed from its source
 * to YouTube, never held in memory; the delivery time-out covers each request, the transfer
 * included. A reference that is not a video fails for good with that reason; operators who want
 * text on YouTube anyway can set social.youtube.webhook_url and relay it their own way. Google's
 * access tokens live an hour and are refreshed with the client's id and secret in the form.
 */
export const youtube = socialNetwork({
  target: 'youtube',
  refresh: oauthRefresh('youtube'),
  settings: [
    {
      fullPath: 'social.youtube.privacy_status',
      value: 'public',
      type: 'text',
      description:
        'Who sees the uploaded videos: public, unlisted or private (a Google project YouTube has not audited can only upload private)',
    },
    {
      fullPath: 'social.youtube.category_id',
      value: '22',
      type: 'number',
      description: 'YouTube category of the uploaded videos (22 is People & Blogs)',
    },
  ],
  async publish(variant, call) {
    const setting = call.required(['privacy_status', 'category_id']);
    const { apiBaseUrl } = call.channel();
    const { context, timeoutMs } = call;
    const video = await openVideo(variant, context.outbound, timeoutMs);
    try {
      // A token the network refuses (401) is refreshed and the metadata sent again: the video's
      // bytes travel only once, with the token that opened the session.
      const { session, authorization } = await withUserToken(call, async (accessToken) => {
        const authorization = `Bearer ${accessToken}`;
        const session = await postJson(
          endpoint(
            apiBaseUrl,
            '/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status',
          ),
          JSON.stringify({
            snippet: {
              title: shorten(withoutAngleBrackets(variant.record.title), YOUTUBE_TITLE_LENGTH),
              description: shortenToBytes(
                withoutAngleBrackets(socialText(variant)),
                YOUTUBE_DESCRIPTION_BYTES,
              ),
              categoryId: setting.category_id,
            },
            status: { privacyStatus: setting.privacy_status },
          }),
          {
            headers: {
              authorization,
              'x-upload-content-type': video.type,
              'x-upload-content-length': video.length,
            },
            timeoutMs,
            outbound: context.outbound,
          },
        );
        return { session, authorization };
      });
      const uploadUrl = session.headers.get('location');
      if (!uploadUrl) throw new DeliveryError('YouTube answered no upload address (Location)');
      const uploaded = await sendRequest(uploadUrl, {
        method: 'PUT',
        headers: { authorization, 'content-type': video.type, 'content-length': video.length },
        body: video.body,
        timeoutMs,
        outbound: context.outbound,
      });
      const json = (await answerJson(uploaded)) as { id?: unknown } | null;
      return { statusCode: uploaded.status, externalId: externalIdOf(json?.id) };
    } catch (error) {
      // Failed before the transfer took the video: the source's connection is not left open.
      await video.body.cancel().catch(() => {});
      throw error;
    }
  },
});
