import type { AuditEntry } from '@sitefleet/contract';

/** A logged value as text: none as an em dash, lists and objects as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Bulk actions name many ids: the first few are enough to read. */
const IDS_SHOWN = 10;

function detailText(key: string, value: unknown): string {
  if (Array.isArray(value) && key === 'ids' && value.length > IDS_SHOWN) {
    return `${value.slice(0, IDS_SHOWN).join(', ')} … (${value.length})`;
  }
  return Array.isArray(value) ? value.map(shown).join(', ') : shown(value);
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
