import type { ImportState } from '@sitefleet/contract';
import { Alert } from 'react-bootstrap';

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
      <div
        className="progress"
        role="progressbar"
        aria-label="Import progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-bar${finished ? '' : ' progress-bar-striped progress-bar-animated'}${
            state.status === 'failed' ? ' bg-danger' : finished ? ' bg-success' : ''
          }`}
          style={{ width: `${percent}%` }}
        >
          {percent}%
        </div>
      </div>
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
