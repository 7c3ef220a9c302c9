import type { AuditEntry } from '@sitefleet/contract';

/**
 * A logged value as text: none as an em dash, a list as its items, an object as its fields
 * ("reason: Already done, count: 2"), never as JSON.
 */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const objects = value.some((item) => typeof item === 'object' && item !== null);
    return value.map(shown).join(objects ? '; ' : ', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, field]) => `${key}: ${shown(field)}`)
      .join(', ');
  }
  return String(value);
}

/** Bulk actions name many ids: the first few are enough to read. */
const IDS_SHOWN = 10;

function detailText(key: string, value: unknown): string {
  if (Array.isArray(value) && key === 'ids' && value.length > IDS_SHOWN) {
    return `${value.slice(0, IDS_SHOWN).join(', ')} … (${value.length})`;
  }
  return shown(value);
}

/** An entry's changed fields as "field: before → after", then its other details. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'changes' | 'details'> }) {
  const changes = Object.entries(entry.changes ?? {});
  const details = Object.entries(entry.details ?? {});
  if (changes.length === 0 && details.length === 0) return null;
  return (
    <dl className="audit-changes mb-0 small">
      {changes.map(([field, [before, after]]) => (
        <div key={field} className="d-flex flex-wrap gap-1" data-field={field}>
          <dt className="fw-semibold">{field}:</dt>
          <dd className="mb-0">
            <del className="text-danger-emphasis">{shown(before)}</del>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> changed to </span>
            <ins className="text-success-emphasis text-decoration-none">{shown(after)}</ins>
          </dd>
        </div>
      ))}
      {details.map(([key, value]) => (
        <div key={key} className="d-flex flex-wrap gap-1 text-body-secondary">
          <dt className="fw-normal">{key}:</dt>
          <dd className="mb-0">{detailText(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
