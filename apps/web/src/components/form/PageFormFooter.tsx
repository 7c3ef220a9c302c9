import { Link } from 'react-router';
import { SubmitButton } from './SubmitButton.tsx';

/** The footer of a form on its own page (role, setting): Submit, and Back to the list. */
export function PageFormFooter({ busy, backTo }: { busy: boolean; backTo: string }) {
  return (
    <div className="card-footer d-flex gap-2">
      <SubmitButton busy={busy}>Submit</SubmitButton>
      <Link to={backTo} className="btn btn-secondary">
        Back
      </Link>
    </div>
  );
}
