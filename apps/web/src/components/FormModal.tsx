import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button, Modal } from 'react-bootstrap';

interface FormModalProps {
  show: boolean;
  title: string;
  /** The form's fields. */
  children: ReactNode;
  /** react-hook-form's `handleSubmit(save)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The save is running: the buttons wait and the dialog cannot be closed. */
  busy?: boolean;
  submitLabel?: string;
  /** Save cannot be used (say why in the form). */
  submitDisabled?: boolean;
  size?: 'sm' | 'lg' | 'xl';
}

/**
 * A dialog around a form with Cancel and Save. It stays open (keeping what was typed) until the
 * caller closes it, so a failed save loses nothing.
 */
export function FormModal({
  show,
  title,
  children,
  onSubmit,
  onCancel,
  busy = false,
  submitLabel = 'Save',
  submitDisabled = false,
  size,
}: FormModalProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onCancel}
      size={size}
      backdrop="static"
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit}>
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
            type="submit"
            variant="primary"
            disabled={busy || submitDisabled}
            aria-busy={busy}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {submitLabel}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
