import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error.';
}

/** Shown when a screen cannot load, e.g. the session could not be read because the server is down. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className="container py-5" style={{ maxWidth: 640 }}>
      <div className="card">
        <div className="card-body">
          <h1 className="h4">Something went wrong</h1>
          <p className="text-body-secondary">{describe(error)}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            Try again
          </button>
        </div>
      </div>
    </main>
  );
}
