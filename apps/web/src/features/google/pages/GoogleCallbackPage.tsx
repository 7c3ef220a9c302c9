import { MESSAGES } from '@sitefleet/contract';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { Page } from '../../../components/Page.tsx';
import { paths } from '../../../lib/paths.ts';
import { useGoogleCallback } from '../api/google.ts';

/** Where Google returns after consent (/youtube/callback): posts the code and shows the result. */
export function GoogleCallbackPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state') ?? '';
  const googleError = searchParams.get('error');
  const callback = useGoogleCallback();
  const { mutate } = callback;
  const sentCode = useRef<string | null>(null);

  // Without a state the server could only refuse the code: say why here instead of sending it.
  const problem = googleError
    ? `Google did not authorise the access: ${googleError}.`
    : !code
      ? MESSAGES.googleCodeMissing
      : !state
        ? MESSAGES.googleStateMissing
        : null;

  useEffect(() => {
    if (problem || !code || sentCode.current === code) return;
    sentCode.current = code;
    mutate({ code, state });
  }, [problem, code, state, mutate]);

  return (
    <Page title="Google Authorization">
      <div className="card">
        <div className="card-body">
          {problem ? (
            <div className="alert alert-warning" role="alert">
              {problem}
            </div>
          ) : callback.isSuccess ? (
            <div className="alert alert-success" role="status">
              {callback.data}
            </div>
          ) : callback.isError ? (
            <div className="alert alert-danger" role="alert">
              {callback.error.message}
            </div>
          ) : (
            <p className="d-flex align-items-center gap-2">
              <LoadingSpinner small />
              Processing authentication...
            </p>
          )}
          <Link to={paths.dashboard} className="btn btn-primary">
            Back to the dashboard
          </Link>
        </div>
      </div>
    </Page>
  );
}
