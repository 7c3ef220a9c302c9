import { SecretAddedModal } from '../../../components/RotateSecret.tsx';

interface SubscriptionSecretModalProps {
  title: string;
  /** The contract's message: created, or rotated. */
  message: string;
  secret: string;
  onClose: () => void;
}

/** A subscription's signing secret, new or rotated, shown this once with a copy button. */
export function SubscriptionSecretModal({
  title,
  message,
  secret,
  onClose,
}: SubscriptionSecretModalProps) {
  return (
    <SecretAddedModal title={title} label="Signing secret" secret={secret} onClose={onClose}>
      {message} The receiver checks each event's <code>webhook-signature</code> header with it
      (Standard Webhooks).
    </SecretAddedModal>
  );
}
