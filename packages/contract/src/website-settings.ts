import { z } from 'zod';
import { formNumber, optionalHttpUrl, optionalText } from './fields.ts';
import { LIMIT_OPTIONS, REFRESH_HOUR_OPTIONS } from './options.ts';
import { MAX_ID } from './pagination.ts';
import { postingSlotFields, postingSlotsSchema } from './schedule.ts';
import {
  GA4_PROPERTY_PATTERN,
  isSearchConsoleSite,
  TRAFFIC_GOOGLE_MESSAGES,
} from './traffic-google.ts';
import {
  blankToNull,
  PROMPT_PLACEHOLDERS,
  type PromptPlaceholder,
  WEBSITE_MESSAGES,
} from './websites.ts';

/** A website's settings: the Advance Settings modal (SEO, prompts, scheduler, webhooks). */

const PLACEHOLDER_PATTERN = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const isPromptPlaceholder = (name: string): name is PromptPlaceholder =>
  (PROMPT_PLACEHOLDERS as readonly string[]).includes(name);

/**
 * The placeholders a prompt uses that the generator does not know. Only `{identifier}` counts as
 * a placeholder, so a prompt may still contain other braces, such as a JSON example.
 */
export function unknownPlaceholders(template: string): string[] {
  const used = [...template.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]!);
  return [...new Set(used.filter((name) => !isPromptPlaceholder(name)))];
}

/** What the generator puts in a prompt's placeholders. */
export type PromptValues = Record<PromptPlaceholder, string>;

/**
 * Fills a prompt's placeholders with their values. Other `{identifier}` text is left as written,
 * like the checker above, so a prompt may still carry a JSON example.
 */
export function fillPrompt(template: string, values: PromptValues): string {
  return template.replace(PLACEHOLDER_PATTERN, (written, name: string) =>
    isPromptPlaceholder(name) ? values[name] : written,
  );
}

/** Keywords from comma-separated text: trimmed, without empties or repeats (any case). */
export function splitKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of text.split(',')) {
    const keyword = part.trim();
    if (keyword && !seen.has(keyword.toLowerCase())) {
      seen.add(keyword.toLowerCase());
      keywords.push(keyword);
    }
  }
  return keywords;
}

/** How keywords are stored and answered: comma-separated, no spaces around the commas. */
export const joinKeywords = (keywords: readonly string[]) =>
  splitKeywords(keywords.join(',')).join(',');

export const SETTINGS_TEXT_MAX = { short: 255, long: 5000, prompt: 10_000 } as const;

const promptField = optionalText(SETTINGS_TEXT_MAX.prompt).superRefine((prompt, context) => {
  const unknown = unknownPlaceholders(prompt ?? '');
  if (unknown.length > 0) {
    context.addIssue({ code: 'custom', message: WEBSITE_MESSAGES.unknownPlaceholders(unknown) });
  }
});

/** Empty means "no automatic refresh". */
const refreshField = z.preprocess(
  blankToNull,
  formNumber(
    { required: WEBSITE_MESSAGES.refreshInvalid, invalid: WEBSITE_MESSAGES.refreshInvalid },
    (number) =>
      number
        .int(WEBSITE_MESSAGES.refreshInvalid)
        .min(REFRESH_HOUR_OPTIONS[0]!.value, WEBSITE_MESSAGES.refreshInvalid)
        .max(REFRESH_HOUR_OPTIONS.at(-1)!.value, WEBSITE_MESSAGES.refreshInvalid),
  ).nullable(),
);

/** 0 means "generate none"; a limit always has a value. */
const limitField = formNumber(
  { required: WEBSITE_MESSAGES.limitInvalid, invalid: WEBSITE_MESSAGES.limitInvalid },
  (number) =>
    number.refine((limit) => LIMIT_OPTIONS.includes(limit), WEBSITE_MESSAGES.limitInvalid),
);

/** Edited as a list; accepted as a list or as comma-separated text; stored comma-separated. */
const keywordsField = z
  .union([z.string(), z.array(z.string())], { error: WEBSITE_MESSAGES.keywordsInvalid })
  .nullable()
  .transform((value) => {
    if (value === null) return null;
    return joinKeywords(typeof value === 'string' ? [value] : value) || null;
  })
  .pipe(optionalText(SETTINGS_TEXT_MAX.long));

const webhookUrlField = optionalHttpUrl(WEBSITE_MESSAGES.webhookUrlInvalid);
/**
 * The GA4 property and Search Console site whose days count for the website, when its host does
 * not say (traffic-google.ts).
 */
const ga4PropertyField = optionalText(SETTINGS_TEXT_MAX.short).refine(
  (id) => id === null || GA4_PROPERTY_PATTERN.test(id),
  TRAFFIC_GOOGLE_MESSAGES.ga4PropertyInvalid,
);
const searchConsoleSiteField = optionalText(SETTINGS_TEXT_MAX.short).refine(
  (site) => site === null || isSearchConsoleSite(site),
  TRAFFIC_GOOGLE_MESSAGES.searchConsoleSiteInvalid,
);

const WORKFLOW_CHOICE_INVALID = 'The workflow must be a workflow id, or none for the default one.';

/**
 * PATCH /api/websites/{id}/update-settings, with the original API's field names. A field left out
 * keeps its value; empty text or null clears it.
 */
export const websiteSettingsInputSchema = z.strictObject({
  googleAdsense: optionalText(SETTINGS_TEXT_MAX.short).optional(),
  googleAnalytics: optionalText(SETTINGS_TEXT_MAX.short).optional(),
  seoDescription: optionalText(SETTINGS_TEXT_MAX.long).optional(),
  seoTitle: optionalText(SETTINGS_TEXT_MAX.short).optional(),
  seoKeywords: keywordsField.optional(),
  seoMeta: optionalText(SETTINGS_TEXT_MAX.long).optional(),
  reference_sites: optionalText(SETTINGS_TEXT_MAX.long).optional(),
  categoryPrompt: promptField.optional(),
  postPrompt: promptField.optional(),
  categoryRefresh: refreshField.optional(),
  categories_limit: limitField.optional(),
  postRefresh: refreshField.optional(),
  postsLimit: limitField.optional(),
  browserRefresh: refreshField.optional(),
  category_webhook_url: webhookUrlField.optional(),
  post_webhook_url: webhookUrlField.optional(),
  posting_days: postingSlotFields.posting_days.optional(),
  posting_times: postingSlotFields.posting_times.optional(),
  posting_timezone: postingSlotFields.posting_timezone.optional(),
  blocked_dates: postingSlotFields.blocked_dates.optional(),
  ga4_property_id: ga4PropertyField.optional(),
  search_console_site: searchConsoleSiteField.optional(),
  /** The review workflow of its variants; null: the default one. */
  workflow_id: z
    .preprocess(
      blankToNull,
      formNumber(
        { required: WORKFLOW_CHOICE_INVALID, invalid: WORKFLOW_CHOICE_INVALID },
        (number) =>
          number.int(WORKFLOW_CHOICE_INVALID).positive(WORKFLOW_CHOICE_INVALID).max(MAX_ID),
      ).nullable(),
    )
    .optional(),
});
export type WebsiteSettingsInput = z.input<typeof websiteSettingsInputSchema>;
export type WebsiteSettingsValues = z.output<typeof websiteSettingsInputSchema>;

/** GET /api/websites/{id}/settings and the PATCH's answer. */
export const websiteSettingsSchema = z.object({
  website_id: z.number(),
  googleAdsense: z.string().nullable(),
  googleAnalytics: z.string().nullable(),
  seoDescription: z.string().nullable(),
  seoTitle: z.string().nullable(),
  /** Comma-separated; splitKeywords gives the list. */
  seoKeywords: z.string().nullable(),
  seoMeta: z.string().nullable(),
  reference_sites: z.string().nullable(),
  categoryPrompt: z.string().nullable(),
  postPrompt: z.string().nullable(),
  categoryRefresh: z.number().nullable(),
  categories_limit: z.number(),
  postRefresh: z.number().nullable(),
  postsLimit: z.number(),
  browserRefresh: z.number().nullable(),
  category_webhook_url: z.string().nullable(),
  post_webhook_url: z.string().nullable(),
  ...postingSlotsSchema.shape,
  /** The secret's last characters, so the operator can tell which one the site holds. */
  webhook_secret_hint: z.string(),
  workflow_id: z.number().nullable(),
  ga4_property_id: z.string().nullable(),
  search_console_site: z.string().nullable(),
  /** The beacon's key, which the tracking snippet carries (trackingSnippet). */
  tracking_key: z.string(),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

/** The search parameters that open a website's Advance Settings, on one of its tabs. */
export const SETTINGS_PARAM = 'settings';
export const SETTINGS_TAB_PARAM = 'tab';

/**
 * The Websites list with a website's Advance Settings open on a tab:
 * `/admin/websites?settings=4&tab=monitoring`. The server links its notifications there.
 */
export const websiteSettingsPath = (websiteId: number, tab?: string) =>
  `/admin/websites?${SETTINGS_PARAM}=${websiteId}${tab ? `&${SETTINGS_TAB_PARAM}=${tab}` : ''}`;

/** The two tabs a website's notifications open: its monitor, its deliveries. */
export const WEBSITE_VIEW_TABS = { monitoring: 'monitoring', delivery: 'delivery' } as const;
