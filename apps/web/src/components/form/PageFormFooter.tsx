import { Link } from 'react-router';

/** The footer of a form on its own page (role, setting): Submit, and Back to the list. */
export function PageFormFooter({ busy, backTo }: { busy: boolean; backTo: string }) {
  return (
    <div className="card-footer d-flex gap-2">
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        Submit
      </button>
      <Link to={backTo} className="btn btn-secondary">
        Back
      </Link>
    </div>
  );
}
