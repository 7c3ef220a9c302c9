import { Link } from 'react-router';
import { Page } from '../components/Page.tsx';
import { paths } from '../lib/paths.ts';

/** Shown in place of a screen whose ability the user lacks: the screen is not offered at all. */
export function NoAccessPage() {
  return (
    <Page title="No access">
      <div className="card">
        <div className="card-body">
          <p role="alert">
            <i className="bi bi-shield-lock text-danger me-2" aria-hidden="true" />
            You do not have access to this page.
          </p>
          <Link to={paths.dashboard} className="btn btn-primary">
            Back to the dashboard
          </Link>
        </div>
      </div>
    </Page>
  );
}
