import { Link } from 'react-router';
import { Page } from '../components/Page.tsx';
import { paths } from '../lib/paths.ts';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <div className="card">
        <div className="card-body">
          <p>
            <span className="fw-bold text-warning me-2">404</span>
            The page you asked for does not exist.
          </p>
          <Link to={paths.dashboard} className="btn btn-primary">
            Back to the dashboard
          </Link>
        </div>
      </div>
    </Page>
  );
}
