import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Shown while the first navigation loads the session. */
export function PageLoader() {
  return (
    <div className="d-flex vh-100 align-items-center justify-content-center">
      <LoadingSpinner />
    </div>
  );
}
