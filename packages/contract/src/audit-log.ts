import { z } from 'zod';
import { idFilter } from './content-actions.ts';
import { estimatedPageSchema, MAX_ID, pageQuerySchema } from './pagination.ts';
import { defineResource } from './resource.ts';
import { auditSubjectsOf, RESOURCE_NAMES } from './resource-names.ts';

/** What an audit entry says was done. */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'restored',
  'purged',
  'bulk_action',
  'signed_in',
  'sign_in_failed',
  'signed_out',
  'password_changed',
  'two_factor_changed',
  'permissions_assigned',
  'permissions_revoked',
  'settings_changed',
  'secret_rotated',
  'delivery_retried',
  'deliveries_paused',
  'deliveries_resumed',
  'deliveries_replayed',
  'stage_changed',
  'assigned',
  'commented',
  'revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  restored: 'Restored',
  purged: 'Purged',
  bulk_action: 'Bulk action',
  signed_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  signed_out: 'Signed out',
  password_changed: 'Password changed',
  two_factor_changed: 'Two-factor changed',
  permissions_assigned: 'Permissions assigned',
  permissions_revoked: 'Permissions revoked',
  settings_changed: 'Settings changed',
  secret_rotated: 'Secret rotated',
  delivery_retried: 'Delivery retried',
  deliveries_paused: 'Deliveries paused',
  deliveries_resumed: 'Deliveries resumed',
  deliveries_replayed: 'Deliveries replayed',
  stage_changed: 'Stage changed',
  assigned: 'Assigned',
  commented: 'Commented',
  revoked: 'Revoked',
};

/** The kinds of record an audit entry is about: one per resource (resource-names.ts). */
export const AUDIT_SUBJECT_TYPES = auditSubjectsOf(RESOURCE_NAMES);
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AUDIT_SUBJECT_LABELS = Object.fromEntries(
  Object.values(RESOURCE_NAMES).map((facts) => [facts.one, facts.label]),
) as Record<AuditSubjectType, string>;

/** What a secret or password's change shows instead of its values. */
export const AUDIT_REDACTED = '[changed]';

/** Days audit entries are kept when the setting says nothing. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** Changed fields, each as [before, after]. */
export const auditChangesSchema = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  /** The API token the change was made through, by its name; null for a signed-in session. */
  token_name: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  subject_type: z.enum(AUDIT_SUBJECT_TYPES),
  subject_id: z.number().nullable(),
  subject_name: z.string().nullable(),
  changes: auditChangesSchema.nullable(),
  /** A bulk action's name, ids or filter and how many rows changed; other context of an entry. */
  details: z.record(z.string(), z.unknown()).nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = estimatedPageSchema(auditEntrySchema);

export const AUDIT_MESSAGES = {
  subjectTypeInvalid: `The subject type must be one of: ${AUDIT_SUBJECT_TYPES.join(', ')}`,
  actionInvalid: `The action must be one of: ${AUDIT_ACTIONS.join(', ')}`,
  dateInvalid: 'Must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  rangeReversed: 'The end of the range must not come before its start',
} as const;

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (the whole day) or a date and time; `from` starts the range, `to` ends it. */
const dateBound = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), AUDIT_MESSAGES.dateInvalid)
    .optional(),
);

/**
 * The instant a date bound stands for. An end bound is exclusive: a date-only `to` takes in the
 * whole day (up to the next midnight, UTC), a date and time takes in that millisecond.
 */
export function auditBoundInstant(value: string, end: boolean): Date {
  const dateOnly = DATE_ONLY.test(value);
  const instant = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  if (end && dateOnly) instant.setUTCDate(instant.getUTCDate() + 1);
  else if (end) instant.setUTCMilliseconds(instant.getUTCMilliseconds() + 1);
  return instant;
}

export const auditLogQuerySchema = pageQuerySchema
  .extend({
    user_id: idFilter,
    subject_type: z.preprocess(
      blankIsAbsent,
      z.enum(AUDIT_SUBJECT_TYPES, { error: AUDIT_MESSAGES.subjectTypeInvalid }).optional(),
    ),
    subject_id: z.preprocess(
      blankIsAbsent,
      z.coerce.number().int().positive().max(MAX_ID).optional(),
    ),
    action: z.preprocess(
      blankIsAbsent,
      z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.actionInvalid }).optional(),
    ),
    from: dateBound,
    to: dateBound,
  })
  .refine(
    ({ from, to }) => !from || !to || auditBoundInstant(from, false) < auditBoundInstant(to, true),
    { path: ['to'], message: AUDIT_MESSAGES.rangeReversed },
  );
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** The filters the Audit Log screen keeps in its address, each a query field of the list. */
export const AUDIT_LOG_FILTERS = ['user_id', 'subject_type', 'action', 'from', 'to'] as const;

/**
 * The audit log is only read: its list and its CSV export, for a holder of `audit-list`. Its name is
 * the web app's query key that every accepted change reloads.
 */
export const auditLogResource = defineResource({
  name: 'audit-log',
  path: '/api/audit-log',
  access: 'audit-list',
  noun: { one: 'audit entry', many: 'audit entries' },
  list: {
    query: auditLogQuerySchema,
    answer: auditLogPageSchema,
    description: 'Each filter narrows the entries.',
    filters: AUDIT_LOG_FILTERS,
  },
  export: true,
});
