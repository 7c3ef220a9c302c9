import { useState } from 'react';
import { ConfirmModal } from './ConfirmModal.tsx';

interface DeleteSelectedButtonProps {
  /** How many rows are ticked; the button shows only while some are. */
  count: number;
  /** Deletes the ticked rows; the dialog closes when it resolves and stays open when it fails. */
  onConfirm: () => Promise<unknown>;
  /** The dialog's question for a count; by default it names the count of rows. */
  question?: (count: number) => string;
}

/** 'Delete Selected (n)' while rows are ticked, asking for confirmation before it deletes. */
export function DeleteSelectedButton({ count, onConfirm, question }: DeleteSelectedButtonProps) {
  // The count when the dialog opened: the list may reload (and clear the ticks) while it closes.
  const [confirmingCount, setConfirmingCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const confirming = confirmingCount !== null;
  if (count === 0 && !confirming) return null;
  const shownCount = confirmingCount ?? count;

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      setConfirmingCount(null);
    } catch {
      // The failure was reported by the caller's mutation; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-danger btn-sm"
        onClick={() => setConfirmingCount(count)}
      >
        <i className="bi bi-trash me-1" aria-hidden="true" />
        Delete Selected ({count})
      </button>
      <ConfirmModal
        show={confirming}
        title="Delete Selected"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setConfirmingCount(null)}
      >
        {question?.(shownCount) ??
          `Are you sure you want to delete the ${shownCount} selected ${shownCount === 1 ? 'row' : 'rows'} ?`}
      </ConfirmModal>
    </>
  );
}
