import { TOAST_HOVER_EXTENSION_MS, TOAST_TIMEOUT_MS, TRASH_MESSAGES } from '@sitefleet/contract';
import { type CSSProperties, useEffect, useRef } from 'react';
import {
  type Id,
  type Theme,
  ToastContainer,
  type ToastContainerProps,
  type TypeOptions,
  toast,
} from 'react-toastify';
import type { ToastLink } from './toast.tsx';

/**
 * react-toastify and the app's toasts, loaded with the first toast (see toast.tsx). A toast shown
 * before the container mounts waits in react-toastify's queue until it does.
 */

/** The app's one ToastContainer uses these: bottom-right, a close button, a progress bar. */
const TOAST_CONTAINER_OPTIONS = {
  position: 'bottom-right',
  autoClose: TOAST_TIMEOUT_MS,
  closeButton: true,
  hideProgressBar: false,
  pauseOnHover: true,
  // Only hovering pauses a toast, so that "paused" below means "the pointer is on it".
  pauseOnFocusLoss: false,
} as const satisfies ToastContainerProps;

/**
 * A toast closing `ms` after it shows. react-toastify times a toast with its progress bar's
 * animation, and AdminLTE's reduced-motion rules cut every animation to 0.01 ms, which closed each
 * toast as it opened: styles.css gives the progress bar back this time-out, kept in a property.
 */
function closesAfter(ms: number) {
  const style: Record<string, string> = { '--toast-auto-close': `${ms}ms` };
  return { autoClose: ms, style: style as CSSProperties };
}

interface HoverExtendedMessageProps {
  message: string;
  links: readonly ToastLink[];
  isPaused: boolean;
  toastId: Id;
}

/**
 * A toast stays while hovered; when the pointer leaves, it closes TOAST_HOVER_EXTENSION_MS later
 * (an extended time-out after a hover). Updating autoClose restarts the progress bar.
 */
function HoverExtendedMessage({ message, links, isPaused, toastId }: HoverExtendedMessageProps) {
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
      toast.update(toastId, closesAfter(TOAST_HOVER_EXTENSION_MS));
    }
  }, [isPaused, toastId]);
  if (links.length === 0) return message;
  return (
    <>
      {message}
      <ul className="list-unstyled mb-0 mt-1">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="link-body-emphasis"
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                toast.dismiss(toastId);
                link.follow();
              }}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

export function showToast(type: TypeOptions, message: string, links: readonly ToastLink[]): void {
  toast(
    ({ isPaused, toastProps }) => (
      <HoverExtendedMessage
        message={message}
        links={links}
        isPaused={isPaused}
        toastId={toastProps.toastId}
      />
    ),
    { type, ...closesAfter(TOAST_TIMEOUT_MS) },
  );
}

export function showUndoable(message: string, undoMs: number, onUndo: () => void): void {
  toast(
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
    { type: 'success', ...closesAfter(undoMs) },
  );
}

export function AppToastContainer({ theme }: { theme: Theme }) {
  return <ToastContainer {...TOAST_CONTAINER_OPTIONS} theme={theme} />;
}
