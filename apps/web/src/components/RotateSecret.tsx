import { type ReactNode, useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { ConfirmedAction } from './ConfirmedAction.tsx';
import { CopyField } from './CopyButton.tsx';

/**
 * A credential the server answers only once (a new agent token, a webhook signing secret), with
 * a copy button; the text under it says it will not be seen again.
 */
export function SecretShownOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <div className="alert alert-warning mb-0" role="status">
      <CopyField
        label={label}
        value={secret}
        labelClassName="form-label fw-semibold"
        help="Copy it now: it is shown only this once, you will not see it again."
      />
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

/**
 * Replaces a credential (a webhook signing secret, an agent token) after a confirmation, then shows
 * the new value this once, with a copy button. The server never answers it again, so the value is
 * gone once this component is: the text under it says so.
 */
export function RotateSecret({ actionLabel, secretLabel, warning, rotate }: RotateSecretProps) {
  const [secret, setSecret] = useState<string | null>(null);
  if (secret !== null) return <SecretShownOnce label={secretLabel} secret={secret} />;
  return (
    <ConfirmedAction
      actionLabel={actionLabel}
      warning={warning}
      act={async () => setSecret(await rotate())}
    />
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
