import { trackingSnippet } from '@sitefleet/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { COPY_FAILED_TEXT, CopyButton, useCopy } from '../../../components/CopyButton.tsx';
import { useRotateTrackingKey } from '../api/tracking-key.ts';

/**
 * The one line a website's pages carry for the beacon to count them: the script comes from where
 * this app is served, which is the server's public address.
 */
export function TrackingSnippet({
  websiteId,
  trackingKey,
}: {
  websiteId: number;
  trackingKey: string;
}) {
  const snippet = trackingSnippet(window.location.origin, trackingKey);
  const copy = useCopy(snippet);
  const snippetId = useId();
  return (
    <div className="mb-3">
      <label htmlFor={snippetId} className="form-label">
        Tracking snippet
      </label>
      <div className="input-group">
        <input
          id={snippetId}
          className="form-control font-monospace small"
          readOnly
          value={snippet}
          onFocus={(event) => event.target.select()}
          aria-describedby={`${snippetId}-help`}
        />
        <CopyButton copy={copy} label="Copy snippet" />
      </div>
      <div className="form-text" id={`${snippetId}-help`}>
        {copy.state === 'failed' ? `${COPY_FAILED_TEXT} ` : ''}
        Put it in the head of every page of the website: it counts page views without cookies.
      </div>
      {/* Rotating takes the ability Advance Settings open with (website-settings). */}
      <RotateTrackingKey websiteId={websiteId} />
    </div>
  );
}

/** Rotate key, after a confirmation said in the dialog itself (no dialog over a dialog). */
function RotateTrackingKey({ websiteId }: { websiteId: number }) {
  const rotate = useRotateTrackingKey(websiteId);
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // The focus goes into the question (on Cancel), and back to the button once it is answered.
  useEffect(() => {
    if (confirming) {
      asked.current = true;
      cancelRef.current?.focus();
    } else if (asked.current) {
      asked.current = false;
      triggerRef.current?.focus();
    }
  }, [confirming]);

  if (confirming) {
    const busy = rotate.isPending;
    return (
      <div className="alert alert-warning mt-2 mb-0" role="alertdialog" aria-label="Rotate key">
        <p className="mb-2">
          Pages that carry the current snippet stop being counted until they carry the new one.
        </p>
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-warning btn-sm"
            disabled={busy}
            aria-busy={busy}
            onClick={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Rotate key
          </button>
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </div>
        {rotate.isError && (
          <div className="text-danger small mt-2" role="alert">
            {rotate.error.message}
          </div>
        )}
      </div>
    );
  }
  return (
    <button
      ref={triggerRef}
      type="button"
      className="btn btn-outline-warning btn-sm mt-2"
      onClick={() => {
        rotate.reset();
        setConfirming(true);
      }}
    >
      <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
      Rotate key
    </button>
  );
}
