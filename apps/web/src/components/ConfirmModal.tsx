import { type ReactNode, useId } from 'react';
import { Button, Modal } from 'react-bootstrap';

interface ConfirmModalProps {
  show: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this user ?'. */
  children: ReactNode;
  confirmLabel?: string;
  /** Bootstrap variant of the confirm button. */
  confirmVariant?: string;
  /** The confirmed call is running: both buttons wait, the dialog stays open. */
  busy?: boolean;
  /** Confirming is not possible yet, e.g. while what the question names is still loading. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no dialog, e.g. before a delete. The caller closes it when the call succeeds. */
export function ConfirmModal({
  show,
  title,
  children,
  confirmLabel = 'Delete',
  confirmVariant = 'danger',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={busy ? undefined : onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant={confirmVariant}
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          aria-busy={busy}
        >
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
