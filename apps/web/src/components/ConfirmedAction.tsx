import { useEffect, useRef, useState } from 'react';

interface ConfirmedActionProps {
  /** The action's name, on its button and on the question's: e.g. 'Rotate secret'. */
  actionLabel: string;
  /** What the action breaks, asked before it happens. */
  warning: string;
  /** Does it; a rejection's message is shown in the question, which stays open to try again. */
  act: () => Promise<unknown>;
  className?: string;
}

/**
 * A button whose action is asked about first, in place (inside a dialog too: no dialog over a
 * dialog): a rotation that leaves whatever holds the old credential without it. The focus moves
 * into the question (on the safe Cancel), and back to the button once it is answered.
 */
export function ConfirmedAction({
  actionLabel,
  warning,
  act,
  className = '',
}: ConfirmedActionProps) {
  const [step, setStep] = useState<'idle' | 'asking' | 'acting'>('idle');
  const [error, setError] = useState<string | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (step === 'asking' && !asked.current) {
      asked.current = true;
      cancelRef.current?.focus();
    } else if (step === 'idle' && asked.current) {
      asked.current = false;
      triggerRef.current?.focus();
    }
  }, [step]);

  async function confirm() {
    setStep('acting');
    setError(null);
    try {
      await act();
      setStep('idle');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong.');
      setStep('asking');
    }
  }

  if (step === 'idle') {
    return (
      <button
        ref={triggerRef}
        type="button"
        className={`btn btn-outline-warning btn-sm ${className}`}
        onClick={() => setStep('asking')}
      >
        <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
        {actionLabel}
      </button>
    );
  }
  const busy = step === 'acting';
  return (
    <div
      className={`alert alert-warning mb-0 ${className}`}
      role="alertdialog"
      aria-label={actionLabel}
    >
      <p className="mb-2">{warning}</p>
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-warning btn-sm"
          disabled={busy}
          aria-busy={busy}
          onClick={confirm}
        >
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {actionLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => {
            setError(null);
            setStep('idle');
          }}
        >
          Cancel
        </button>
      </div>
      {error && (
        <div className="text-danger small mt-2" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
