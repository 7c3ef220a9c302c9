import {
  APP_NAME_SETTING,
  DEFAULT_APP_NAME,
  DEFAULT_AUDIT_RETENTION_DAYS,
  DEFAULT_TRASH_RETENTION_DAYS,
  PUBLISH_TARGET_LABELS,
  type SettingType,
  type SocialNetwork,
  TRASH_RETENTION_SETTING,
} from '@sitefleet/contract';

/**
 * Every application setting: the seed creates them, and the server reads them by key
 * (`SettingKey`), so that a setting a module reads is one the catalogue has.
 */

export const AUDIT_RETENTION_SETTING = 'audit.retention_days';

export interface SettingSeed {
  fullPath: string;
  value: string | null;
  type: SettingType;
  description: string;
  isSecret?: boolean;
}

/**
 * A network's generic webhook: with a URL, its publishes go there as JSON instead of to its API,
 * for an automation tool to post.
 */
function socialWebhookSettings<const N extends SocialNetwork>(network: N) {
  const label = PUBLISH_TARGET_LABELS[network];
  return [
    {
      fullPath: `social.${network}.webhook_url` as const,
      value: null,
      type: 'url',
      description: `When set, ${label} publishes go as JSON to this address (an automation tool) instead of the ${label} API`,
    },
    {
      fullPath: `social.${network}.webhook_secret` as const,
      value: null,
      type: 'text',
      description: `Key that signs the ${label} webhook (X-Sitefleet-Signature, HMAC-SHA256 of the body); unsigned when empty`,
      isSecret: true,
    },
  ] satisfies SettingSeed[];
}

/** Application settings by main group and group. */
export const SETTINGS_CATALOG = {
  General: {
    Application: [
      {
        fullPath: APP_NAME_SETTING,
        value: DEFAULT_APP_NAME,
        type: 'text',
        description: 'Name shown in the sidebar, the title and the footer',
      },
      {
        fullPath: 'app.support_email',
        value: 'support@example.com',
        type: 'email',
        description: 'Address operators write to for help',
      },
      {
        fullPath: 'app.per_page',
        value: '15',
        type: 'number',
        description: 'Rows per page in the lists',
      },
    ],
    Audit: [
      {
        fullPath: AUDIT_RETENTION_SETTING,
        value: String(DEFAULT_AUDIT_RETENTION_DAYS),
        type: 'number',
        description: 'Days the audit log keeps its entries; older ones are deleted every hour',
      },
    ],
    Trash: [
      {
        fullPath: TRASH_RETENTION_SETTING,
        value: String(DEFAULT_TRASH_RETENTION_DAYS),
        type: 'number',
        description: 'Days a deleted record stays in the trash before it is deleted for good',
      },
    ],
  },
  Publishing: {
    Social: [
      {
        fullPath: 'social.youtube.access_token',
        value: null,
        type: 'text',
        description: 'Google access token for YouTube uploads (set by Login with Google)',
        isSecret: true,
      },
      {
        fullPath: 'social.youtube.refresh_token',
        value: null,
        type: 'text',
        description: 'Google refresh token (set by Login with Google)',
        isSecret: true,
      },
      {
        fullPath: 'social.youtube.expires_at',
        value: null,
        type: 'text',
        description: 'When the Google access token expires (ISO date)',
      },
      {
        fullPath: 'social.youtube.base_url',
        value: 'https://www.googleapis.com',
        type: 'url',
        description: 'Google APIs address that YouTube videos are uploaded to',
      },
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
      ...socialWebhookSettings('youtube'),
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
      ...socialWebhookSettings('facebook'),
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
      ...socialWebhookSettings('twitter'),
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
      ...socialWebhookSettings('linkedin'),
      {
        fullPath: 'social.tiktok.base_url',
        value: 'https://open.tiktokapis.com',
        type: 'url',
        description: 'TikTok API address',
      },
      {
        fullPath: 'social.tiktok.access_token',
        value: null,
        type: 'text',
        description: 'User access token of the TikTok account, with the video.publish scope',
        isSecret: true,
      },
      {
        fullPath: 'social.tiktok.refresh_token',
        value: null,
        type: 'text',
        description:
          'Its refresh token: TikTok access tokens end after 24 hours, and a new one is fetched with it',
        isSecret: true,
      },
      {
        fullPath: 'social.tiktok.expires_at',
        value: null,
        type: 'text',
        description:
          'When the TikTok access token ends (ISO date); kept up to date by each refresh',
      },
      {
        fullPath: 'social.tiktok.client_key',
        value: null,
        type: 'text',
        description: 'Client key of the TikTok app, which refreshes the tokens',
      },
      {
        fullPath: 'social.tiktok.client_secret',
        value: null,
        type: 'text',
        description: 'Client secret of the TikTok app',
        isSecret: true,
      },
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
      ...socialWebhookSettings('tiktok'),
    ],
    // The OAuth client of Login with Google (YouTube uploads); GOOGLE_CLIENT_ID and
    // GOOGLE_CLIENT_SECRET stand in while these are empty.
    Google: [
      {
        fullPath: 'google.client_id',
        value: null,
        type: 'text',
        description:
          'OAuth client ID of the Google Cloud project (Login with Google, YouTube uploads)',
        isSecret: true,
      },
      {
        fullPath: 'google.client_secret',
        value: null,
        type: 'text',
        description: 'OAuth client secret of that Google Cloud project',
        isSecret: true,
      },
    ],
  },
  Content: {
    'AI Provider': [
      {
        fullPath: 'ai.base_url',
        value: null,
        type: 'url',
        description: 'Base URL of an OpenAI-compatible chat-completions API',
      },
      { fullPath: 'ai.model', value: null, type: 'text', description: 'Model name' },
      {
        fullPath: 'ai.api_key',
        value: null,
        type: 'text',
        description: 'API key of the provider',
        isSecret: true,
      },
    ],
  },
} as const satisfies Record<string, Record<string, readonly SettingSeed[]>>;

/** The dotted name of every application setting, e.g. `ai.base_url`. */
export type SettingKey = {
  [Main in keyof typeof SETTINGS_CATALOG]: {
    [Group in keyof (typeof SETTINGS_CATALOG)[Main]]: (typeof SETTINGS_CATALOG)[Main][Group] extends readonly (infer Entry)[]
      ? Entry extends { fullPath: infer Key extends string }
        ? Key
        : never
      : never;
  }[keyof (typeof SETTINGS_CATALOG)[Main]];
}[keyof typeof SETTINGS_CATALOG];

/** The name of a social network's setting after `social.{network}.`, e.g. `access_token`. */
export type SocialSettingName<N extends SocialNetwork> = SettingKey extends infer Key
  ? Key extends `social.${N}.${infer Name}`
    ? Name
    : never
  : never;
