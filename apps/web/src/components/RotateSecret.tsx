import { useId, useState } from 'react';

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
  | { step: 'shown'; secret: string; copy: 'none' | 'copied' | 'failed' };

/**
 * Replaces a credential (a webhook signing secret, an agent token) after a confirmation, then shows
 * the new value this once, with a copy button. The server never answers it again, so the value is
 * gone once this component is: the text under it says so.
 */
export function RotateSecret({ actionLabel, secretLabel, warning, rotate }: RotateSecretProps) {
  const [state, setState] = useState<RotateState>({ step: 'idle' });
  const secretId = useId();

  async function confirm() {
    setState({ step: 'rotating' });
    try {
      setState({ step: 'shown', secret: await rotate(), copy: 'none' });
    } catch (error) {
      setState({
        step: 'failed',
        message: error instanceof Error ? error.message : 'Something went wrong.',
      });
    }
  }

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setState({ step: 'shown', secret, copy: 'copied' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text can still be selected.
      setState({ step: 'shown', secret, copy: 'failed' });
    }
  }

  if (state.step === 'shown') {
    return (
      <div className="alert alert-warning mb-0" role="status">
        <label htmlFor={secretId} className="form-label fw-semibold">
          {secretLabel}
        </label>
        <div className="input-group">
          <input
            id={secretId}
            className="form-control font-monospace"
            readOnly
            value={state.secret}
            onFocus={(event) => event.target.select()}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => copy(state.secret)}
          >
            <i
              className={`bi ${state.copy === 'copied' ? 'bi-check-lg' : 'bi-clipboard'} me-1`}
              aria-hidden="true"
            />
            {state.copy === 'copied' ? 'Copied' : 'Copy'}
          </button>
        </div>
        <div className="form-text">
          {state.copy === 'failed' ? 'Copying failed: select the text and copy it yourself. ' : ''}
          Copy it now: it is shown only this once.
        </div>
      </div>
    );
  }

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
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => setState({ step: 'idle' })}
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
