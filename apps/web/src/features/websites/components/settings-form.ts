import { splitKeywords, WEBSITE_VIEW_TABS, type WebsiteSettings } from '@sitefleet/contract';
import { WEBSITE_MONEY_TAB } from '../../../lib/paths.ts';

/**
 * The Advance Settings form's values as the controls hold them: text as text ('' for none), the
 * refresh and limit choices as a select's text ('' for no refresh), the keywords as a list.
 * The contract's schema reads them all as they are.
 */
export interface WebsiteSettingsFormValues {
  googleAdsense: string;
  googleAnalytics: string;
  /** The GA4 property and Search Console site whose figures are the website's ('' when its host finds them). */
  ga4_property_id: string;
  search_console_site: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  seoMeta: string;
  reference_sites: string;
  categoryPrompt: string;
  postPrompt: string;
  categoryRefresh: string;
  categories_limit: string;
  postRefresh: string;
  postsLimit: string;
  browserRefresh: string;
  category_webhook_url: string;
  post_webhook_url: string;
  /** The ticked days' values (0 Sunday … 6 Saturday). */
  posting_days: string[];
  /** Comma-separated, e.g. '09:00, 14:00'. */
  posting_times: string;
  posting_timezone: string;
  /** Comma-separated dates, e.g. '2026-12-24, 2026-12-25'. */
  blocked_dates: string;
  /** The review workflow's id as the select holds it; '' for the default one. */
  workflow_id: string;
}

export type SettingsField = keyof WebsiteSettingsFormValues;

/** The modal's tabs in their order, each with its fields in the order they are shown. */
export const SETTINGS_TABS = [
  {
    key: 'google',
    title: 'Google Settings',
    fields: ['googleAdsense', 'googleAnalytics', 'ga4_property_id', 'search_console_site'],
  },
  {
    key: 'seo',
    title: 'SEO Settings',
    fields: ['seoTitle', 'seoDescription', 'seoKeywords', 'seoMeta'],
  },
  {
    key: 'prompts',
    title: 'AI Prompts Settings',
    fields: ['reference_sites', 'categoryPrompt', 'postPrompt'],
  },
  {
    key: 'scheduler',
    title: 'Scheduler Settings',
    fields: [
      'categoryRefresh',
      'categories_limit',
      'postRefresh',
      'postsLimit',
      'browserRefresh',
      'posting_days',
      'posting_times',
      'posting_timezone',
      'blocked_dates',
      'workflow_id',
    ],
  },
  {
    key: 'webhook',
    title: 'Webhook Settings',
    fields: ['category_webhook_url', 'post_webhook_url'],
  },
] as const satisfies readonly { key: string; title: string; fields: readonly SettingsField[] }[];

export type SettingsTabKey = (typeof SETTINGS_TABS)[number]['key'];

/** The tab of the website's social channels, which change at once, not with the form. */
export const SOCIAL_TAB = 'social';

/** The tab of the website's tracking snippet and views, which are no form fields either. */
export const TRAFFIC_TAB = 'traffic';

/** Every tab of Advance Settings, as its address names it: the settings', then five apart. */
export const ADVANCE_SETTINGS_TABS = [
  ...SETTINGS_TABS.map((tab) => tab.key),
  WEBSITE_VIEW_TABS.monitoring,
  WEBSITE_VIEW_TABS.delivery,
  SOCIAL_TAB,
  TRAFFIC_TAB,
  WEBSITE_MONEY_TAB,
] as const satisfies readonly string[];
export type AdvanceSettingsTab =
  | SettingsTabKey
  | (typeof WEBSITE_VIEW_TABS)[keyof typeof WEBSITE_VIEW_TABS]
  | typeof SOCIAL_TAB
  | typeof TRAFFIC_TAB
  | typeof WEBSITE_MONEY_TAB;

/**
 * The Scheduler tab's fields: refresh periods, generation limits and the review workflow, all
 * chosen from a list.
 */
export type SchedulerField = Extract<
  (typeof SETTINGS_TABS)[number],
  { key: 'scheduler' }
>['fields'][number];

/** The first field with an error, in the order of the tabs, and its tab. */
export function firstFieldWithError(
  hasError: (field: SettingsField) => boolean,
): { tab: SettingsTabKey; field: SettingsField } | undefined {
  for (const tab of SETTINGS_TABS) {
    const field = tab.fields.find(hasError);
    if (field) return { tab: tab.key, field };
  }
  return undefined;
}

const text = (value: string | null) => value ?? '';
const choice = (value: number | null) => (value === null ? '' : String(value));

/** The stored settings as the form's starting values. */
export function toFormValues(settings: WebsiteSettings): WebsiteSettingsFormValues {
  return {
    googleAdsense: text(settings.googleAdsense),
    googleAnalytics: text(settings.googleAnalytics),
    ga4_property_id: text(settings.ga4_property_id),
    search_console_site: text(settings.search_console_site),
    seoTitle: text(settings.seoTitle),
    seoDescription: text(settings.seoDescription),
    seoKeywords: splitKeywords(settings.seoKeywords ?? ''),
    seoMeta: text(settings.seoMeta),
    reference_sites: text(settings.reference_sites),
    categoryPrompt: text(settings.categoryPrompt),
    postPrompt: text(settings.postPrompt),
    categoryRefresh: choice(settings.categoryRefresh),
    categories_limit: choice(settings.categories_limit),
    postRefresh: choice(settings.postRefresh),
    postsLimit: choice(settings.postsLimit),
    browserRefresh: choice(settings.browserRefresh),
    category_webhook_url: text(settings.category_webhook_url),
    post_webhook_url: text(settings.post_webhook_url),
    posting_days: settings.posting_days.map(String),
    posting_times: settings.posting_times.join(', '),
    posting_timezone: settings.posting_timezone,
    blocked_dates: settings.blocked_dates.join(', '),
    workflow_id: choice(settings.workflow_id),
  };
}
