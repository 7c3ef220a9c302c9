import {
  type AuthOptions,
  SSO_ERRORS,
  SSO_START_PATH,
  SSO_UNKNOWN_ERROR,
} from '@sitefleet/contract';
import { useSearchParams } from 'react-router';

/**
 * "Sign in with {label}" when single sign-on is set up: a plain link, as the provider's page is a
 * full navigation away and back.
 */
export function SsoSignIn({ options }: { options: AuthOptions }) {
  if (!options.sso.enabled) return null;
  return (
    <>
      <a className="btn btn-outline-primary w-100 mb-3" href={SSO_START_PATH}>
        <i className="bi bi-box-arrow-in-right me-1" aria-hidden="true" />
        Sign in with {options.sso.label}
      </a>
      {options.local_login && (
        <p className="text-center text-body-secondary small mb-3">or with your password</p>
      )}
    </>
  );
}

/** Why a single sign-on came back refused (`?sso_error=`), in words. */
export function SsoError() {
  const [params] = useSearchParams();
  const code = params.get('sso_error');
  if (!code) return null;
  const message = SSO_ERRORS[code as keyof typeof SSO_ERRORS] ?? SSO_UNKNOWN_ERROR;
  return (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  );
}
