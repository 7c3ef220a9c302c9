import { AUDIT_REDACTED, type AuditChanges } from '@sitefleet/contract';

/**
 * Fields whose values never reach the audit log, in any casing: passwords, webhook secrets,
 * agent tokens, sealed settings' keys and tokens, API keys. A field whose name contains one of
 * these is shown as changed, never with its values.
 */
export const AUDIT_SECRET_FIELDS = ['password', 'secret', 'token', 'api_key', 'apikey'] as const;

export function isSecretField(field: string): boolean {
  const name = field.toLowerCase();
  return AUDIT_SECRET_FIELDS.some((secret) => name.includes(secret));
}

/** Bookkeeping columns that every write touches: their change says nothing. */
const IGNORED_FIELDS = new Set(['id', 'created_at', 'updated_at']);

const snakeCase = (field: string) =>
  field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A value as the log keeps it: dates as ISO text, nothing undefined. */
function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface ChangeOptions {
  /** More fields to redact than the names say (a sealed setting's value). */
  secretFields?: readonly string[];
}

/**
 * The fields that differ between two states of a record, as `{ field: [before, after] }` with
 * the fields named as the API names them (snake case). A record created has no before (null),
 * one deleted no after. Secret fields show AUDIT_REDACTED on both sides.
 */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: ChangeOptions = {},
): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const name = snakeCase(field);
    if (IGNORED_FIELDS.has(name)) continue;
    const old = loggable(before?.[field]);
    const now = loggable(after?.[field]);
    if (same(old, now)) continue;
    const secret = isSecretField(name) || options.secretFields?.includes(field);
    changes[name] = secret ? [AUDIT_REDACTED, AUDIT_REDACTED] : [old, now];
  }
  return changes;
}

/** A secret's change, for a record whose only changed field is it. */
export const secretChanged = (field: string): AuditChanges => ({
  [snakeCase(field)]: [AUDIT_REDACTED, AUDIT_REDACTED],
});

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || holdsNul(inner));
  }
  return false;
}

/**
 * The entries of `record` that a jsonb column can store: one whose name or value holds the NUL
 * character, which PostgreSQL refuses in jsonb text, is left out rather than failing the write.
 */
export function withoutNul<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).filter(([key, value]) => !holdsNul(key) && !holdsNul(value)),
  ) as T;
}
