import type { ImportState } from '@sitefleet/contract';
import { Alert, ProgressBar } from 'react-bootstrap';

const count = (n: number) => n.toLocaleString('en-US');

/** A running import's progress bar, then its result: the counts, the errors file, the undo's word. */
export function ImportProgress({
  state,
  error,
  errorsUrl,
  undone,
}: {
  state: ImportState | undefined;
  error: Error | null;
  errorsUrl: string;
  undone: string | null;
}) {
  if (error) return <Alert variant="danger">{error.message}</Alert>;
  if (!state) {
    return (
      <p role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Starting the import…
      </p>
    );
  }
  const percent = state.total === 0 ? 100 : Math.round((state.processed / state.total) * 100);
  const finished = state.status === 'done' || state.status === 'failed';
  return (
    <>
      <ProgressBar
        now={percent}
        label={`${percent}%`}
        animated={!finished}
        variant={state.status === 'failed' ? 'danger' : finished ? 'success' : undefined}
        aria-label="Import progress"
      />
      <p className="mt-2" role="status">
        {finished
          ? state.status === 'failed'
            ? `The import stopped after ${count(state.processed)} of ${count(state.total)} rows: ${state.message ?? ''}`
            : `Done: ${count(state.created)} created, ${count(state.updated)} updated, ${count(state.failed)} refused.`
          : `${count(state.processed)} of ${count(state.total)} rows written…`}
      </p>
      {finished && state.failed > 0 && (
        <a href={errorsUrl} download className="btn btn-outline-secondary btn-sm">
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download the {count(state.failed)} refused {state.failed === 1 ? 'row' : 'rows'}
        </a>
      )}
      {undone && (
        <Alert variant="info" className="mt-3 mb-0">
          {undone}
        </Alert>
      )}
    </>
  );
}
