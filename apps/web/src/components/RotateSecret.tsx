import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { COPY_FAILED_TEXT, CopyButton, useCopy } from './CopyButton.tsx';

/**
 * A credential the server answers only once (a new agent token, a webhook signing secret), with
 * a copy button; the text under it says it will not be seen again.
 */
export function SecretShownOnce({ label, secret }: { label: string; secret: string }) {
  const copy = useCopy(secret);
  const secretId = useId();
  return (
    <div className="alert alert-warning mb-0" role="status">
      <label htmlFor={secretId} className="form-label fw-semibold">
        {label}
      </label>
      <div className="input-group">
        <input
          id={secretId}
          className="form-control font-monospace"
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton copy={copy} />
      </div>
      <div className="form-text">
        {copy.state === 'failed' ? `${COPY_FAILED_TEXT} ` : ''}
        Copy it now: it is shown only this once, you will not see it again.
      </div>
    </div>
  );
}

interface RotateSecretProps {
  /** The action's name, e.g. 'Rotate secret'. */
  actionLabel: string;
  /** What the new value is, e.g. 'New webhook signing secret'. */
  secretLabel: string;
  /** What rotating breaks, asked before it happens. */
  warning: string;
  /** Makes a new value on the server and resolves with it. */
  rotate: () => Promise<string>;
}

type RotateState =
  | { step: 'idle' }
  | { step: 'confirming' }
  | { step: 'rotating' }
  | { step: 'failed'; message: string }
  | { step: 'shown'; secret: string };

/**
 * Replaces a credential (a webhook signing secret, an agent token) after a confirmation, then shows
 * the new value this once, with a copy button. The server never answers it again, so the value is
 * gone once this component is: the text under it says so.
 */
export function RotateSecret({ actionLabel, secretLabel, warning, rotate }: RotateSecretProps) {
  const [state, setState] = useState<RotateState>({ step: 'idle' });
  const triggerRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // The confirmation replaces the button that asked for it: the focus moves into it (on the safe
  // Cancel), and back to that button when it is cancelled, instead of falling to the page.
  useEffect(() => {
    if (state.step === 'confirming') cancelRef.current?.focus();
    if (state.step === 'idle' && returnFocus.current) {
      returnFocus.current = false;
      triggerRef.current?.focus();
    }
  }, [state.step]);

  async function confirm() {
    setState({ step: 'rotating' });
    try {
      setState({ step: 'shown', secret: await rotate() });
    } catch (error) {
      setState({
        step: 'failed',
        message: error instanceof Error ? error.message : 'Something went wrong.',
      });
    }
  }

  if (state.step === 'shown') return <SecretShownOnce label={secretLabel} secret={state.secret} />;

  if (state.step === 'confirming' || state.step === 'rotating') {
    const busy = state.step === 'rotating';
    return (
      <div className="alert alert-warning mb-0" role="alertdialog" aria-label={actionLabel}>
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
              returnFocus.current = true;
              setState({ step: 'idle' });
            }}
          >
            Cancel
          </button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <button
        ref={triggerRef}
        type="button"
        className="btn btn-outline-warning btn-sm"
        onClick={() => setState({ step: 'confirming' })}
      >
        <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
        {actionLabel}
      </button>
      {state.step === 'failed' && (
        <div className="text-danger small mt-2" role="alert">
          {state.message}
        </div>
      )}
    </div>
  );
}

/** After a record is added with a credential: the credential, shown once, and Done. */
export function SecretAddedModal({
  title,
  label,
  secret,
  children,
  onClose,
}: {
  title: string;
  label: string;
  secret: string;
  /** What the credential is for and how a lost one is replaced. */
  children: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show onHide={onClose} backdrop="static" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="form-text mt-0">{children}</p>
        <SecretShownOnce label={label} secret={secret} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
