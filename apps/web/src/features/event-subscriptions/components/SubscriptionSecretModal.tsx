import { SecretAddedModal } from '../../../components/RotateSecret.tsx';

interface SubscriptionSecretModalProps {
  /** The contract's message, as the dialog's title: created, or rotated. */
  title: string;
  secret: string;
  onClose: () => void;
}

/** A subscription's signing secret, new or rotated, shown this once with a copy button. */
export function SubscriptionSecretModal({ title, secret, onClose }: SubscriptionSecretModalProps) {
  return (
    <SecretAddedModal title={title} label="Signing secret" secret={secret} onClose={onClose}>
      The receiver checks each event's <code>webhook-signature</code> header with it (Standard
      Webhooks).
    </SecretAddedModal>
  );
}
