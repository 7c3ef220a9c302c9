import { AUDIT_ACTION_LABELS, type AuditSubjectType, formatDateTime } from '@sitefleet/contract';
import { useState } from 'react';
import { Button, Collapse } from 'react-bootstrap';
import { useCan } from '../lib/abilities.ts';
import { auditLogQueries } from '../lib/audit-log.ts';
import { AuditChanges } from './AuditChanges.tsx';
import { LoadingSpinner } from './LoadingSpinner.tsx';

const HISTORY_PER_PAGE = 15;

interface HistoryPanelProps {
  subjectType: AuditSubjectType;
  subjectId: number;
}

/**
 * A record's History: who changed it, when and how, newest first, from the audit log. Closed
 * until asked for (nothing is read before), and shown only to those who may read the log.
 */
export function HistoryPanel({ subjectType, subjectId }: HistoryPanelProps) {
  const allowed = useCan('audit-list');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <section className="history-panel border-top mt-3 pt-2" aria-label="History">
      <Button
        variant="link"
        className="px-0"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        <i className="bi bi-clock-history me-1" aria-hidden="true" />
        History
      </Button>
      <Collapse in={open}>
        <div>{open && <HistoryEntries subjectType={subjectType} subjectId={subjectId} />}</div>
      </Collapse>
    </section>
  );
}

function HistoryEntries({ subjectType, subjectId }: HistoryPanelProps) {
  const [page, setPage] = useState(1);
  const history = auditLogQueries.useList({
    page,
    perPage: HISTORY_PER_PAGE,
    query: '',
    sort: null,
    filters: { subject_type: subjectType, subject_id: String(subjectId) },
  });
  if (history.error) return <p className="text-danger small mb-0">{history.error.message}</p>;
  if (!history.data) return <LoadingSpinner />;
  const { data: entries, current_page: current, last_page: last } = history.data;
  if (entries.length === 0) {
    return <p className="text-body-secondary small mb-0">No changes recorded yet.</p>;
  }
  return (
    <>
      <ol className="list-unstyled mb-2" aria-label="History entries">
        {entries.map((entry) => (
          <li key={entry.id} className="border-bottom py-2">
            <div className="small">
              <strong>{AUDIT_ACTION_LABELS[entry.action]}</strong>{' '}
              <span className="text-body-secondary">
                by {entry.user_name ?? 'the system'} on {formatDateTime(entry.created_at)}
              </span>
            </div>
            <AuditChanges entry={entry} />
          </li>
        ))}
      </ol>
      {last > 1 && (
        <div className="d-flex gap-2 align-items-center small">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={current <= 1}
            onClick={() => setPage(current - 1)}
          >
            Newer
          </Button>
          <span>
            {current} / {last}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={current >= last}
            onClick={() => setPage(current + 1)}
          >
            Older
          </Button>
        </div>
      )}
    </>
  );
}
