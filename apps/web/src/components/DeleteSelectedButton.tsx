import { type ReactNode, useState } from 'react';
import { ConfirmModal } from './ConfirmModal.tsx';

/** How the question names one row and several: { one: 'user', many: 'users' }. */
export interface DeleteNoun {
  one: string;
  many: string;
}

const ROWS: DeleteNoun = { one: 'row', many: 'rows' };

/** 'Are you sure you want to delete the 3 selected users ?' */
export function deleteSelectedQuestion(count: number, noun: DeleteNoun = ROWS): string {
  return `Are you sure you want to delete the ${count} selected ${count === 1 ? noun.one : noun.many} ?`;
}

interface DeleteSelectedButtonProps {
  /** How many rows are ticked; the button shows only while some are. */
  count: number;
  /** Deletes the ticked rows; the dialog closes when it resolves and stays open when it fails. */
  onConfirm: () => Promise<unknown>;
  /** How the dialog's question names the rows; by default 'row' and 'rows'. */
  noun?: DeleteNoun;
  /** Said under the question, e.g. what goes with the rows. */
  details?: ReactNode;
  /** Deleting waits, e.g. until `details` has loaded. */
  confirmDisabled?: boolean;
  /** Told when the dialog opens and closes, e.g. to ask the server about the rows only then. */
  onOpenChange?: (open: boolean) => void;
}

/** 'Delete Selected (n)' while rows are ticked, asking for confirmation before it deletes. */
export function DeleteSelectedButton({
  count,
  onConfirm,
  noun,
  details,
  confirmDisabled = false,
  onOpenChange,
}: DeleteSelectedButtonProps) {
  // The count when the dialog opened: the list may reload (and clear the ticks) while it closes.
  const [confirmingCount, setConfirmingCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const confirming = confirmingCount !== null;
  if (count === 0 && !confirming) return null;
  const shownCount = confirmingCount ?? count;

  function setConfirming(openedCount: number | null) {
    setConfirmingCount(openedCount);
    onOpenChange?.(openedCount !== null);
  }

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      setConfirming(null);
    } catch {
      // The failure was reported by the caller's mutation; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-danger btn-sm" onClick={() => setConfirming(count)}>
        <i className="bi bi-trash me-1" aria-hidden="true" />
        Delete Selected ({count})
      </button>
      <ConfirmModal
        show={confirming}
        title="Delete Selected"
        busy={busy}
        confirmDisabled={confirmDisabled}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        <p className={details ? undefined : 'mb-0'}>{deleteSelectedQuestion(shownCount, noun)}</p>
        {details}
      </ConfirmModal>
    </>
  );
}
