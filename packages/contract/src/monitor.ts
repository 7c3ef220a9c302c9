import { z } from 'zod';
import { FIELD_MESSAGES, WITHOUT_NUL } from './fields.ts';
import { DEFAULT_RENEWAL_NOTICE_DAYS } from './monitor-settings.ts';
import { pageQuerySchema, paginatedSchema } from './pagination.ts';

/** What the monitor knows of a website: never checked, answering, or failing. */
export const MONITOR_STATUSES = ['up', 'down', 'unknown'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** How a check calls a website. */
export const MONITOR_CHECK = {
  timeoutMs: 10_000,
  maxRedirects: 3,
  /** Consecutive failed checks that make a website down; one success makes it up. */
  failuresForDown: 2,
  /** Days the checks are kept. */
  retentionDays: 90,
  /** Checks in the monitor answer. */
  recentChecks: 50,
  /** A certificate this close to its expiry sends `ssl_expiring`. */
  sslWarningDays: 14,
} as const;

/**
 * Why a check failed, as the check records it (the HTTP ones carry their status) and the
 * Monitoring tab shows it beside the status.
 */
export const MONITOR_ERRORS = {
  keyword: 'keyword not found on the page',
  certificateExpired: 'certificate expired',
  certificateUntrusted: (reason: string) => `certificate not trusted (${reason})`,
  timeout: `no answer within ${MONITOR_CHECK.timeoutMs / 1000} s`,
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;

export const MONITOR_MESSAGES = {
  keywordTooLong: 'The keyword may have at most 255 characters',
  keywordInvalid: 'The keyword must be text',
  untilInvalid: 'Give the end of the maintenance as a date and time (ISO 8601)',
  untilPast: 'The end of the maintenance must be in the future',
  maintenanceStarted: 'Maintenance started: alerts are muted until it ends',
  maintenanceEnded: 'Maintenance ended',
} as const;

export const monitorCheckSchema = z.object({
  id: z.number(),
  checked_at: z.string(),
  ok: z.boolean(),
  http_status: z.number().nullable(),
  response_ms: z.number().nullable(),
  error: z.string().nullable(),
  ssl_expires_at: z.string().nullable(),
});
export type MonitorCheck = z.infer<typeof monitorCheckSchema>;

/** GET /api/websites/{id}/monitor, and the answer of a check run now. */
export const websiteMonitorSchema = z.object({
  status: z.enum(MONITOR_STATUSES),
  checked_at: z.string().nullable(),
  http_status: z.number().nullable(),
  response_ms: z.number().nullable(),
  error: z.string().nullable(),
  ssl_expires_at: z.string().nullable(),
  /** Share of the checks that succeeded, 0–100, or null without checks in the period. */
  uptime_24h: z.number().nullable(),
  uptime_7d: z.number().nullable(),
  maintenance_until: z.string().nullable(),
  monitor_keyword: z.string().nullable(),
  checks: z.array(monitorCheckSchema),
});
export type WebsiteMonitor = z.infer<typeof websiteMonitorSchema>;

/** One website in the fleet's monitor list. */
export const monitorRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  status: z.enum(MONITOR_STATUSES),
  checked_at: z.string().nullable(),
  http_status: z.number().nullable(),
  response_ms: z.number().nullable(),
  error: z.string().nullable(),
  ssl_expires_at: z.string().nullable(),
  maintenance_until: z.string().nullable(),
});
export type MonitorRow = z.infer<typeof monitorRowSchema>;
export const monitorPageSchema = paginatedSchema(monitorRowSchema);

/** A list's filter on the monitor's status (the monitor list's, the Websites list's): none when empty. */
export const monitorStatusFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(MONITOR_STATUSES, {
      error: `The status must be one of: ${MONITOR_STATUSES.join(', ')}`,
    })
    .optional(),
);

/** The monitor's statuses as the lists show them. */
export const MONITOR_STATUS_LABELS: Record<MonitorStatus, string> = {
  up: 'Up',
  down: 'Down',
  unknown: 'Unknown',
};

/** GET /api/monitor?status=&page=&query= : the fleet, the down websites first. */
export const monitorListQuerySchema = pageQuerySchema.extend({
  status: monitorStatusFilterSchema,
});
export type MonitorListQuery = z.infer<typeof monitorListQuerySchema>;

/** POST /api/websites/{id}/maintenance */
export const maintenanceInputSchema = z.strictObject({
  until: z.iso
    .datetime({ offset: true, error: MONITOR_MESSAGES.untilInvalid })
    .refine((value) => new Date(value).getTime() > Date.now(), MONITOR_MESSAGES.untilPast),
});

export const maintenanceSchema = z.object({
  message: z.string(),
  maintenance_until: z.string().nullable(),
});

/**
 * The website form's keyword field: a page answering 200 without it is down. Left out, it stays as
 * it is; empty, there is none.
 */
export const monitorKeywordSchema = z
  .preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: MONITOR_MESSAGES.keywordInvalid })
      .trim()
      .max(255, MONITOR_MESSAGES.keywordTooLong)
      .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
      .nullable(),
  )
  .optional();

/** GET /api/stats/renewals?days=30 */
export const renewalsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'The days must be a whole number from 0 to 3650' })
    .int('The days must be a whole number from 0 to 3650')
    .min(0, 'The days must be a whole number from 0 to 3650')
    .max(3650, 'The days must be a whole number from 0 to 3650')
    .default(DEFAULT_RENEWAL_NOTICE_DAYS),
});

export const renewalsSchema = z.object({
  count: z.number(),
  total_cost: z.number(),
  websites: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      next_renewal_date: z.string(),
      cost: z.number(),
    }),
  ),
});
export type Renewals = z.infer<typeof renewalsSchema>;

/** Whole days from `now` to `expiresAt` (negative once past). */
export const daysLeft = (expiresAt: string, now = Date.now()) =>
  Math.floor((new Date(expiresAt).getTime() - now) / 86_400_000);
