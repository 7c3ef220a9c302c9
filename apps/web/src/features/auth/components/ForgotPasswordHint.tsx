import { useId, useState } from 'react';

/** Password resets have no mail flow yet: the link explains how an administrator resets one. */
export function ForgotPasswordHint() {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  return (
    <>
      <p className="mb-1 mt-3">
        <button
          type="button"
          className="btn btn-link p-0"
          aria-expanded={open}
          aria-controls={hintId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          I forgot my password
        </button>
      </p>
      {open && (
        <div id={hintId} className="alert alert-info mb-0 small">
          Ask an administrator to reset it. On the server, they run{' '}
          <code>npm run cli -- password:reset</code>.
        </div>
      )}
    </>
  );
}
