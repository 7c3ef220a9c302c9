import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Theme } from './theme.ts';

/**
 * The app's notices. react-toastify (10 kB gzip) is not part of the first load: it loads with the
 * first toast, and the container mounts then.
 */
const loadToaster = () => import('./toaster.tsx');

let containerWanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

type ToastType = 'success' | 'warning' | 'error';

/**
 * A link under a toast's message, to where the operator can mend what it reports. The toasts
 * show outside the router: `follow` navigates within the app, `href` serves a new tab.
 */
export interface ToastLink {
  label: string;
  href: string;
  follow: () => void;
}

function wantContainer() {
  if (containerWanted) return;
  containerWanted = true;
  for (const listener of listeners) listener();
}

function showToast(type: ToastType, message: string, links: readonly ToastLink[] = []): void {
  wantContainer();
  void loadToaster().then((toaster) => toaster.showToast(type, message, links));
}

export const notifySuccess = (message: string) => showToast('success', message);
export const notifyWarning = (message: string) => showToast('warning', message);
/** A success or a warning with links under its message, to where what it reports is mended. */
export const notifyWithLinks = (
  type: 'success' | 'warning',
  message: string,
  links: readonly ToastLink[],
) => showToast(type, message, links);
export const notifyError = (message: string) => showToast('error', message);

/** Shows a failed call's message (ApiError carries the server's), or a generic one. */
export function notifyFailure(error: unknown): void {
  notifyError(error instanceof Error ? error.message : 'Something went wrong.');
}

/**
 * A success toast with an Undo button, open for `undoMs`: a click runs `onUndo` once and closes
 * the toast (the undo's own outcome is another toast).
 */
export function notifyUndoable(message: string, undoMs: number, onUndo: () => void): void {
  wantContainer();
  void loadToaster().then((toaster) => toaster.showUndoable(message, undoMs, onUndo));
}

const LazyToastContainer = lazy(() =>
  loadToaster().then((toaster) => ({ default: toaster.AppToastContainer })),
);

/** The app's one toast container, mounted once a toast was asked for. */
export function Toaster({ theme }: { theme: Theme }) {
  const wanted = useSyncExternalStore(subscribe, () => containerWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToastContainer theme={theme} />
    </Suspense>
  ) : null;
}
