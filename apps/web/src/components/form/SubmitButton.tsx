import type { ReactNode } from 'react';

/** A form's submit button that waits, with a spinner, while the save runs. */
export function SubmitButton({
  busy,
  children,
  variant = 'primary',
}: {
  busy: boolean;
  children: ReactNode;
  /** Bootstrap's button colour: 'danger' for a form that removes or ends something. */
  variant?: 'primary' | 'danger' | 'warning';
}) {
  return (
    <button type="submit" className={`btn btn-${variant}`} disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
