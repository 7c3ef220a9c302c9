import { TOAST_HOVER_EXTENSION_MS, TOAST_TIMEOUT_MS, TRASH_MESSAGES } from '@sitefleet/contract';
import { useEffect, useRef } from 'react';
import { type Id, type ToastContainerProps, type TypeOptions, toast } from 'react-toastify';

/** The app's one ToastContainer uses these (spec §8/§9: bottom-right, close button, progress bar). */
export const TOAST_CONTAINER_OPTIONS = {
  position: 'bottom-right',
  autoClose: TOAST_TIMEOUT_MS,
  closeButton: true,
  hideProgressBar: false,
  pauseOnHover: true,
  // Only hovering pauses a toast, so that "paused" below means "the pointer is on it".
  pauseOnFocusLoss: false,
} as const satisfies ToastContainerProps;

interface HoverExtendedMessageProps {
  message: string;
  isPaused: boolean;
  toastId: Id;
}

/**
 * A toast stays while hovered; when the pointer leaves, it closes TOAST_HOVER_EXTENSION_MS later
 * (the "extended timeout on hover" of the spec). Updating autoClose restarts the progress bar.
 */
function HoverExtendedMessage({ message, isPaused, toastId }: HoverExtendedMessageProps) {
  // A toast is also paused until its entrance animation ends; only a later pause is a hover.
  const hasStarted = useRef(false);
  const isHovered = useRef(false);
  useEffect(() => {
    if (isPaused) {
      if (hasStarted.current) isHovered.current = true;
      return;
    }
    hasStarted.current = true;
    if (isHovered.current) {
      isHovered.current = false;
      toast.update(toastId, { autoClose: TOAST_HOVER_EXTENSION_MS });
    }
  }, [isPaused, toastId]);
  return message;
}

function showToast(type: TypeOptions, message: string): Id {
  return toast(
    ({ isPaused, toastProps }) => (
      <HoverExtendedMessage message={message} isPaused={isPaused} toastId={toastProps.toastId} />
    ),
    { type },
  );
}

export const notifySuccess = (message: string) => showToast('success', message);
export const notifyError = (message: string) => showToast('error', message);

/** Shows a failed call's message (ApiError carries the server's), or a generic one. */
export function notifyFailure(error: unknown): Id {
  return notifyError(error instanceof Error ? error.message : 'Something went wrong.');
}

/**
 * A success toast with an Undo button, open for `undoMs`: a click runs `onUndo` once and closes
 * the toast (the undo's own outcome is another toast).
 */
export function notifyUndoable(message: string, undoMs: number, onUndo: () => void): Id {
  return toast(
    ({ closeToast }) => (
      <div className="d-flex align-items-center gap-2">
        <span className="flex-grow-1">{message}</span>
        <button
          type="button"
          className="btn btn-sm btn-light"
          onClick={() => {
            closeToast();
            onUndo();
          }}
        >
          {TRASH_MESSAGES.undo}
        </button>
      </div>
    ),
    { type: 'success', autoClose: undoMs },
  );
}
