import { z } from 'zod';
import { DELIVERY_HEALTH_LEVELS } from './deliveries.ts';
import { messageSchema } from './errors.ts';
import { costField, formNumber, requiredHttpUrl, requiredText } from './fields.ts';
import { MONITOR_STATUSES, monitorKeywordSchema, monitorStatusFilterSchema } from './monitor.ts';
import { LIMIT_OPTIONS } from './options.ts';
import { NEWEST_FIRST, orderQueryFields, pageQuerySchema, paginatedSchema } from './pagination.ts';
import { defineResource } from './resource.ts';

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

/** Whether a renewal date has passed on `today` (both YYYY-MM-DD): overdue, not only due. */
export function isRenewalOverdue(nextRenewalDate: string | null, today: string): boolean {
  return nextRenewalDate !== null && nextRenewalDate < today;
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
export const blankToNull = (value: unknown) =>
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
export type WebsiteValues = z.output<typeof websiteInputSchema>;

export const websiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  status: z.number(),
  /** The beacon's page views of the last 30 days. */
  views: z.number(),
  /** What GA4 counted over the same 30 days, kept beside the beacon's (never added to them). */
  ga4_views: z.number(),
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
  deliveries_paused: z.boolean(),
  consecutive_failures: z.number(),
  /** The delivery health verdict (deliveryHealthLevel), the same the Deliveries screen shows. */
  delivery_health: z.enum(DELIVERY_HEALTH_LEVELS),
});
export type Website = z.infer<typeof websiteSchema>;

export const websitesPageSchema = paginatedSchema(websiteSchema);

/**
 * GET /api/websites/{id}: the website with its beacon's tracking key (public: every page it
 * counts carries it), which the list leaves out.
 */
export const websiteDetailSchema = websiteSchema.extend({ tracking_key: z.string() });
export type WebsiteDetail = z.infer<typeof websiteDetailSchema>;

/** Columns the Websites list sorts by. */
export const WEBSITE_ORDER_KEYS = [
  'name',
  'cost',
  'next_renewal_date',
  'views',
  'ga4_views',
  'created_at',
] as const;

/** The Websites list's filters, each a search parameter of its own. */
export const WEBSITE_LIST_FILTERS = ['monitor_status'] as const;

/**
 * GET /api/websites?page=&query=&monitor_status=&order_key=&order_dir= (newest first by default).
 */
export const websiteListQuerySchema = pageQuerySchema.extend({
  ...orderQueryFields(WEBSITE_ORDER_KEYS, NEWEST_FIRST),
  monitor_status: monitorStatusFilterSchema,
});
export type WebsiteListQuery = z.infer<typeof websiteListQuerySchema>;

/** GET /api/getAllWebsites: every website, for dropdowns and filters. */
export const websiteOptionSchema = z.object({ id: z.number(), name: z.string() });
export const websiteOptionsSchema = z.array(websiteOptionSchema);

/** DELETE /api/websites/{id} and DELETE /api/websites: what went with the websites. */
export const websitesDeletedSchema = messageSchema.extend(websiteDeleteImpactSchema.shape);

/** POST /api/websites/{id}/rotate-secret: the new secret, shown this once. */
export const webhookSecretSchema = z.object({ webhook_secret: z.string() });

/** POST /api/websites: the new website and its webhook signing secret, shown this once. */
export const websiteCreatedSchema = websiteDetailSchema.extend(webhookSecretSchema.shape);
export type WebsiteCreated = z.infer<typeof websiteCreatedSchema>;

/** The Websites list and form's routes. */
export const websitesResource = defineResource({
  name: 'websites',
  path: '/api/websites',
  subject: 'website',
  noun: { one: 'website', many: 'websites' },
  list: {
    query: websiteListQuerySchema,
    answer: websitesPageSchema,
    filters: WEBSITE_LIST_FILTERS,
  },
  export: true,
  get: { answer: websiteDetailSchema },
  create: { body: websiteInputSchema, answer: websiteCreatedSchema },
  update: { body: websiteInputSchema, answer: websiteSchema },
  remove: { answer: websitesDeletedSchema },
  removeMany: { answer: websitesDeletedSchema },
});
