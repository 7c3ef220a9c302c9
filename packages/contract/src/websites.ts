import { z } from 'zod';
import { messageSchema } from './errors.ts';
import {
  costField,
  formNumber,
  optionalHttpUrl,
  optionalText,
  requiredHttpUrl,
  requiredText,
} from './fields.ts';
import { MONITOR_STATUSES, monitorKeywordSchema } from './monitor.ts';
import { LIMIT_OPTIONS, REFRESH_HOUR_OPTIONS } from './options.ts';
import {
  MAX_ID,
  NEWEST_FIRST,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';
import { postingSlotFields, postingSlotsSchema } from './schedule.ts';

// ── Status and renewal ───────────────────────────────────────────────────────────────────────

export const WEBSITE_STATUS = { active: 1, inactive: 2 } as const;

export const WEBSITE_STATUS_OPTIONS = [
  { value: WEBSITE_STATUS.active, label: 'Active' },
  { value: WEBSITE_STATUS.inactive, label: 'InActive' },
] as const;

/** 1 is Active; any other value is InActive (older data may hold 0). */
export const websiteStatusLabel = (status: number) =>
  status === WEBSITE_STATUS.active ? 'Active' : 'InActive';

/** A renewal this many days away or closer (or already past) is highlighted in the list. */
export const RENEWAL_DUE_DAYS = 14;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date of `date` in local time, as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function dateParts(isoDate: string) {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Adds whole months to a YYYY-MM-DD date; a day the target month lacks becomes its last day. */
export function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = dateParts(isoDate);
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return `${targetYear}-${pad(targetMonth + 1)}-${pad(Math.min(day, lastDay))}`;
}

const DAY_MS = 86_400_000;

/** Whether a renewal date is at most RENEWAL_DUE_DAYS after `today` (both YYYY-MM-DD). */
export function isRenewalDue(nextRenewalDate: string | null, today: string): boolean {
  if (!nextRenewalDate) return false;
  const toUtc = (isoDate: string) => {
    const { year, month, day } = dateParts(isoDate);
    return Date.UTC(year, month - 1, day);
  };
  return (toUtc(nextRenewalDate) - toUtc(today)) / DAY_MS <= RENEWAL_DUE_DAYS;
}

// ── Messages ─────────────────────────────────────────────────────────────────────────────────

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a website's deletion takes with it: its category and post variants. */
export const websiteDeleteImpactSchema = z.object({
  category_variants: z.number(),
  post_variants: z.number(),
});
export type WebsiteDeleteImpact = z.infer<typeof websiteDeleteImpactSchema>;

/** What deleting several websites takes with them: the totals, and each website's share by name. */
export const websitesDeleteImpactSchema = websiteDeleteImpactSchema.extend({
  websites: z.array(websiteDeleteImpactSchema.extend({ id: z.number(), name: z.string() })),
});
export type WebsitesDeleteImpact = z.infer<typeof websitesDeleteImpactSchema>;

/** '2 category variants and 1 post variant', as every message about a delete's impact says it. */
const variantCounts = (impact: WebsiteDeleteImpact) =>
  `${plural(impact.category_variants, 'category variant')} and ${plural(impact.post_variants, 'post variant')}`;

export const DURATION_MAX_MONTHS = 1200;

/** Placeholders the category and post prompts may use; the generator fills them in. */
export const PROMPT_PLACEHOLDERS = ['website', 'category', 'keywords', 'reference_sites'] as const;
export type PromptPlaceholder = (typeof PROMPT_PLACEHOLDERS)[number];

/** The placeholders as a prompt writes them: '{website}, {category}, …'. */
export const PROMPT_PLACEHOLDER_LIST = PROMPT_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

export const WEBSITE_MESSAGES = {
  nameRequired: 'Name is required',
  urlRequired: 'Url is required',
  urlInvalid: 'Url must be a valid http or https address',
  hostingRequired: 'Hosting is required',
  durationRequired: 'Duration is required',
  durationInvalid: `Duration must be a whole number of months from 1 to ${DURATION_MAX_MONTHS}`,
  statusInvalid: 'Status must be 1 (Active) or 2 (InActive)',
  nextRenewalDateInvalid: 'Next renewal date must be a date (YYYY-MM-DD)',
  refreshInvalid: 'Refresh must be a whole number of hours from 1 to 48',
  limitInvalid: `Limit must be one of ${LIMIT_OPTIONS.join(', ')}`,
  webhookUrlInvalid: 'Webhook url must be a valid http or https address',
  keywordsInvalid: 'Keywords must be a list of words or a comma-separated text',
  unknownPlaceholders: (names: readonly string[]) =>
    `Unknown placeholder ${names.map((name) => `{${name}}`).join(', ')}. Use only ${PROMPT_PLACEHOLDER_LIST}.`,
  deleted: (websites: number, impact: WebsiteDeleteImpact) =>
    `${plural(websites, 'website')} deleted, with ${variantCounts(impact)}.`,
  /** The confirmation modal's warning before a website is deleted. */
  deleteImpact: (impact: WebsiteDeleteImpact) =>
    `Its ${variantCounts(impact)} will be deleted too. The categories and posts themselves stay.`,
  /** The Delete Selected confirmation's warning before several websites are deleted … */
  bulkDeleteImpact: (impact: WebsiteDeleteImpact) =>
    `Their ${variantCounts(impact)} will be deleted too. The categories and posts themselves stay.`,
  /** … and each website's share under it. */
  websiteVariants: (website: WebsitesDeleteImpact['websites'][number]) =>
    `${website.name}: ${variantCounts(website)}`,
  created: 'Website created successfully!',
  updated: 'Website updated successfully!',
  settingsSaved: 'Website settings updated successfully!',
} as const;

// ── Website: form and answers ────────────────────────────────────────────────────────────────

export const WEBSITE_TEXT_MAX = 255;

/** Blank text from a form field means "no value". */
const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** POST /api/websites and PUT /api/websites/{id}. */
export const websiteInputSchema = z.strictObject({
  name: requiredText(WEBSITE_MESSAGES.nameRequired, WEBSITE_TEXT_MAX),
  url: requiredHttpUrl({
    required: WEBSITE_MESSAGES.urlRequired,
    invalid: WEBSITE_MESSAGES.urlInvalid,
  }),
  hosting: requiredText(WEBSITE_MESSAGES.hostingRequired, WEBSITE_TEXT_MAX),
  cost: costField,
  duration: formNumber(
    { required: WEBSITE_MESSAGES.durationRequired, invalid: WEBSITE_MESSAGES.durationInvalid },
    (number) =>
      number
        .int(WEBSITE_MESSAGES.durationInvalid)
        .min(1, WEBSITE_MESSAGES.durationInvalid)
        .max(DURATION_MAX_MONTHS, WEBSITE_MESSAGES.durationInvalid),
  ),
  /** Left out: Active on create, unchanged on edit. */
  status: formNumber(
    { required: WEBSITE_MESSAGES.statusInvalid, invalid: WEBSITE_MESSAGES.statusInvalid },
    (number) =>
      number.refine(
        (status) => status === WEBSITE_STATUS.active || status === WEBSITE_STATUS.inactive,
        WEBSITE_MESSAGES.statusInvalid,
      ),
  ).optional(),
  monitor_keyword: monitorKeywordSchema,
  /** Left out or empty: the created date plus `duration` months. */
  next_renewal_date: z
    .preprocess(
      blankToNull,
      z.iso.date({ error: WEBSITE_MESSAGES.nextRenewalDateInvalid }).nullable(),
    )
    .optional(),
});
export type WebsiteInput = z.input<typeof websiteInputSchema>;
export type WebsiteValues = z.output<typeof websiteInputSchema>;

export const websiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  status: z.number(),
  views: z.number(),
  posts_count: z.number(),
  categories_count: z.number(),
  hosting: z.string(),
  cost: z.number(),
  duration: z.number(),
  next_renewal_date: z.string().nullable(),
  /** The renewal is RENEWAL_DUE_DAYS away or closer, judged on the server's date. */
  renewal_due: z.boolean(),
  monitor_status: z.enum(MONITOR_STATUSES),
  monitor_keyword: z.string().nullable(),
  /** The last check's response time. */
  response_ms: z.number().nullable(),
  ssl_expires_at: z.string().nullable(),
  maintenance_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The delivery health badge: paused, or failing from FAILING_AFTER_FAILURES failures in a row. */
  deliveries_paused: z.boolean(),
  consecutive_failures: z.number(),
});
export type Website = z.infer<typeof websiteSchema>;

export const websitesPageSchema = paginatedSchema(websiteSchema);

/** Columns the Websites list sorts by. */
export const WEBSITE_ORDER_KEYS = [
  'name',
  'cost',
  'next_renewal_date',
  'views',
  'created_at',
] as const;

/** GET /api/websites?page=&query=&order_key=&order_dir= (newest first by default). */
export const websiteListQuerySchema = pageQuerySchema.extend(
  orderQueryFields(WEBSITE_ORDER_KEYS, NEWEST_FIRST),
);
export type WebsiteListQuery = z.infer<typeof websiteListQuerySchema>;

/** GET /api/getAllWebsites: every website, for dropdowns and filters. */
export const websiteOptionSchema = z.object({ id: z.number(), name: z.string() });
export const websiteOptionsSchema = z.array(websiteOptionSchema);

/** DELETE /api/websites/{id} and DELETE /api/websites: what went with the websites. */
export const websitesDeletedSchema = messageSchema.extend(websiteDeleteImpactSchema.shape);

/** POST /api/websites/{id}/rotate-secret: the new secret, shown this once. */
export const webhookSecretSchema = z.object({ webhook_secret: z.string() });

// ── Website settings (the Advance Settings modal) ────────────────────────────────────────────

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
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

/** The Websites list and form's routes. */
export const websitesResource = defineResource({
  name: 'websites',
  path: '/api/websites',
  subject: 'website',
  noun: { one: 'website', many: 'websites' },
  list: { query: websiteListQuerySchema, answer: websitesPageSchema },
  export: true,
  get: { answer: websiteSchema },
  create: { body: websiteInputSchema, answer: websiteSchema },
  update: { body: websiteInputSchema, answer: websiteSchema },
  remove: { answer: websitesDeletedSchema },
  removeMany: { answer: websitesDeletedSchema },
});
