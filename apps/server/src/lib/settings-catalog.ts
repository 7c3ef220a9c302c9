import {
  ADSENSE_DEFAULT_URL,
  APP_NAME_SETTING,
  DEFAULT_APP_NAME,
  DEFAULT_AUDIT_RETENTION_DAYS,
  DEFAULT_BASE_CURRENCY,
  DEFAULT_MONITOR_INTERVAL_MINUTES,
  DEFAULT_RAW_RETENTION_DAYS,
  DEFAULT_RENEWAL_NOTICE_DAYS,
  DEFAULT_SSO_LABEL,
  DEFAULT_TOKEN_REQUESTS_PER_MINUTE,
  DEFAULT_TRASH_RETENTION_DAYS,
  DELIVERY_SETTINGS,
  ECONOMICS_SETTINGS,
  GOOGLE_API_DEFAULT_URLS,
  MONITOR_INTERVAL_SETTING,
  NOTIFICATION_SETTINGS,
  RENEWAL_NOTICE_SETTING,
  REVIEW_SECOND_PERSON_SETTING,
  REVIEW_SECOND_PERSON_TEXTS,
  type SettingType,
  SSO_SETTINGS,
  TOKEN_RATE_SETTING,
  TRAFFIC_SETTINGS,
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

type Catalogue = Record<string, Record<string, readonly SettingSeed[]>>;

/** The application's own settings by main group and group. */
const APPLICATION_SETTINGS = {
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
    API: [
      {
        fullPath: TOKEN_RATE_SETTING,
        value: String(DEFAULT_TOKEN_REQUESTS_PER_MINUTE),
        type: 'number',
        description: 'Requests per minute one API token may make (0: no limit)',
      },
    ],
    Traffic: [
      {
        fullPath: TRAFFIC_SETTINGS.rawRetentionDays,
        value: String(DEFAULT_RAW_RETENTION_DAYS),
        type: 'number',
        description:
          "Days the beacon's page views are kept one by one; their hourly and daily totals are kept for good",
      },
    ],
    // Single sign-on with an OpenID Connect provider: off while the issuer is empty.
    SSO: [
      {
        fullPath: SSO_SETTINGS.issuer,
        value: null,
        type: 'url',
        description:
          "The OpenID Connect provider's issuer (https://…; its discovery document is read from it). Empty: no single sign-on",
      },
      {
        fullPath: SSO_SETTINGS.clientId,
        value: null,
        type: 'text',
        description: 'Client ID of this application at the provider',
      },
      {
        fullPath: SSO_SETTINGS.clientSecret,
        value: null,
        type: 'text',
        description: 'Client secret of this application at the provider',
        isSecret: true,
      },
      {
        fullPath: SSO_SETTINGS.buttonLabel,
        value: null,
        type: 'text',
        description: `The sign-in button says "Sign in with" this (${DEFAULT_SSO_LABEL} when empty)`,
      },
      {
        fullPath: SSO_SETTINGS.allowedDomains,
        value: null,
        type: 'text',
        description: 'E-mail domains allowed to sign in, comma-separated (empty: any)',
      },
      {
        fullPath: SSO_SETTINGS.defaultRole,
        value: null,
        type: 'text',
        description: 'Role given to a new user whose claims map to no role (empty: none)',
      },
      {
        fullPath: SSO_SETTINGS.roleClaim,
        value: null,
        type: 'text',
        description: 'The ID token claim whose values map to roles, e.g. groups',
      },
      {
        fullPath: SSO_SETTINGS.roleMap,
        value: null,
        type: 'json',
        description:
          'Claim value → role name, e.g. {"fleet-editors":"editor"}; the mapped roles follow the claim at each sign-in',
      },
      {
        fullPath: SSO_SETTINGS.localLogin,
        value: 'true',
        type: 'boolean',
        description:
          'Sign-in with e-mail and password; off leaves it to the super admins (a way in if the provider fails)',
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
    Delivery: [
      {
        fullPath: DELIVERY_SETTINGS.pauseAfterFailures.key,
        value: String(DELIVERY_SETTINGS.pauseAfterFailures.default),
        type: 'number',
        description:
          "Consecutive failed deliveries after which a website's deliveries pause (0: never)",
      },
      {
        fullPath: DELIVERY_SETTINGS.probeMinutes.key,
        value: String(DELIVERY_SETTINGS.probeMinutes.default),
        type: 'number',
        description: 'Minutes between the pings that probe a paused website',
      },
      {
        fullPath: DELIVERY_SETTINGS.maxPerMinute.key,
        value: String(DELIVERY_SETTINGS.maxPerMinute.default),
        type: 'number',
        description: 'Deliveries started per minute to one website at most (0: no limit)',
      },
      {
        fullPath: DELIVERY_SETTINGS.retentionDays.key,
        value: String(DELIVERY_SETTINGS.retentionDays.default),
        type: 'number',
        description: 'Days delivery attempts are kept; older ones are deleted every hour',
      },
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
      // Where the traffic import asks Google: the real APIs, or a stand-in (the tests' fakes).
      {
        fullPath: TRAFFIC_SETTINGS.analyticsAdminUrl,
        value: GOOGLE_API_DEFAULT_URLS.analyticsAdmin,
        type: 'url',
        description: 'Google Analytics Admin API: the GA4 properties and their web streams',
      },
      {
        fullPath: TRAFFIC_SETTINGS.analyticsDataUrl,
        value: GOOGLE_API_DEFAULT_URLS.analyticsData,
        type: 'url',
        description: "Google Analytics Data API: the GA4 properties' reports",
      },
      {
        fullPath: TRAFFIC_SETTINGS.searchConsoleUrl,
        value: GOOGLE_API_DEFAULT_URLS.searchConsole,
        type: 'url',
        description: 'Search Console API: the sites and their search analytics',
      },
      {
        fullPath: ECONOMICS_SETTINGS.adsenseUrl,
        value: ADSENSE_DEFAULT_URL,
        type: 'url',
        description: "AdSense Management API: the accounts' earnings reports",
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
      {
        fullPath: ECONOMICS_SETTINGS.aiInputPricePer1k,
        value: '0',
        type: 'number',
        description: 'What the provider bills per 1,000 input (prompt) tokens',
      },
      {
        fullPath: ECONOMICS_SETTINGS.aiOutputPricePer1k,
        value: '0',
        type: 'number',
        description: 'What the provider bills per 1,000 output (completion) tokens',
      },
      {
        fullPath: ECONOMICS_SETTINGS.aiPriceCurrency,
        value: 'USD',
        type: 'text',
        description: 'The currency of those prices (ISO 4217)',
      },
    ],
  },
  Economics: {
    Economics: [
      {
        fullPath: ECONOMICS_SETTINGS.currency,
        value: DEFAULT_BASE_CURRENCY,
        type: 'text',
        description: 'The base currency (ISO 4217) every revenue and cost is converted into',
      },
      {
        fullPath: ECONOMICS_SETTINGS.instanceCostPeriod,
        value: 'month',
        type: 'text',
        description: "What an instance's cost is for: month or day",
      },
      {
        fullPath: ECONOMICS_SETTINGS.ecbRatesUrl,
        value: null,
        type: 'url',
        description:
          "The ECB's daily reference rates (XML), fetched each day into the exchange rates; empty: rates are set by hand",
      },
    ],
  },
  Review: {
    Review: [
      {
        fullPath: REVIEW_SECOND_PERSON_SETTING,
        value: 'false',
        type: 'boolean',
        description: `${REVIEW_SECOND_PERSON_TEXTS.label}: ${REVIEW_SECOND_PERSON_TEXTS.description}`,
      },
    ],
  },
  Monitoring: {
    Monitoring: [
      {
        fullPath: MONITOR_INTERVAL_SETTING,
        value: String(DEFAULT_MONITOR_INTERVAL_MINUTES),
        type: 'number',
        description: 'Minutes between two checks of each active website',
      },
      {
        fullPath: RENEWAL_NOTICE_SETTING,
        value: String(DEFAULT_RENEWAL_NOTICE_DAYS),
        type: 'number',
        description: 'Days before a renewal date that its notification is sent',
      },
    ],
    Notifications: [
      {
        fullPath: NOTIFICATION_SETTINGS.smtpHost,
        value: null,
        type: 'text',
        description: 'SMTP server for e-mail notifications; none are sent while it is empty',
      },
      {
        fullPath: NOTIFICATION_SETTINGS.smtpPort,
        value: '587',
        type: 'number',
        description: 'SMTP port',
      },
      {
        fullPath: NOTIFICATION_SETTINGS.smtpSecure,
        value: 'false',
        type: 'boolean',
        description: 'Connect over TLS from the start (port 465); otherwise STARTTLS when offered',
      },
      {
        fullPath: NOTIFICATION_SETTINGS.smtpUser,
        value: null,
        type: 'text',
        description: 'SMTP user',
      },
      {
        fullPath: NOTIFICATION_SETTINGS.smtpPassword,
        value: null,
        type: 'text',
        description: 'SMTP password',
        isSecret: true,
      },
      {
        fullPath: NOTIFICATION_SETTINGS.smtpFrom,
        value: null,
        type: 'email',
        description: 'Sender address of the notification e-mails',
      },
      {
        fullPath: NOTIFICATION_SETTINGS.webhookUrl,
        value: null,
        type: 'url',
        description: 'Chat webhook (Slack-compatible) that receives the notifications',
      },
    ],
  },
} as const satisfies Catalogue;

/**
 * Every setting the seed creates, by main group and group (in the order they are created): the
 * application's own, and the publishing targets' (their API addresses, ids and tokens, which each
 * target declares) in Publishing › Social.
 */
export function settingsCatalog(targetSettings: readonly SettingSeed[]): Catalogue {
  const { General, Publishing, Content, Economics, Review, Monitoring } = APPLICATION_SETTINGS;
  return {
    General,
    Publishing: { Social: targetSettings, ...Publishing },
    Content,
    Economics,
    Review,
    Monitoring,
  };
}

/**
 * The dotted name of every setting the server reads by key (`readSettings`), e.g. `ai.base_url`.
 * The publishing targets read theirs by their `social.{target}.` prefix.
 */
export type SettingKey = {
  [Main in keyof typeof APPLICATION_SETTINGS]: {
    [Group in keyof (typeof APPLICATION_SETTINGS)[Main]]: (typeof APPLICATION_SETTINGS)[Main][Group] extends readonly (infer Entry)[]
      ? Entry extends { fullPath: infer Key extends string }
        ? Key
        : never
      : never;
  }[keyof (typeof APPLICATION_SETTINGS)[Main]];
}[keyof typeof APPLICATION_SETTINGS];
