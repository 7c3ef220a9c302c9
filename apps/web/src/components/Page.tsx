import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export interface Breadcrumb {
  label: string;
  to: string;
}

interface PageProps {
  title: string;
  /** The trail between Home and this page, e.g. Roles on the role form. */
  breadcrumbs?: Breadcrumb[];
  /** Buttons shown next to the breadcrumb, e.g. 'Login with Google' on the dashboard. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The AdminLTE content area of a screen: its title, breadcrumb and body. */
export function Page({ title, breadcrumbs = [], actions, children }: PageProps) {
  return (
    <>
      <div className="app-content-header">
        <div className="container-fluid">
          <div className="row align-items-center g-2">
            <div className="col-sm-6">
              <h1 className="h3 mb-0">{title}</h1>
            </div>
            <div className="col-sm-6 d-flex flex-wrap align-items-center justify-content-sm-end gap-3">
              {actions}
              <nav aria-label="Breadcrumb">
                <ol className="breadcrumb mb-0">
                  <li className="breadcrumb-item">
                    <Link to={paths.dashboard}>Home</Link>
                  </li>
                  {breadcrumbs.map((crumb) => (
                    <li key={crumb.to} className="breadcrumb-item">
                      <Link to={crumb.to}>{crumb.label}</Link>
                    </li>
                  ))}
                  <li className="breadcrumb-item active" aria-current="page">
                    {title}
                  </li>
                </ol>
              </nav>
            </div>
          </div>
        </div>
      </div>
      <div className="app-content">
        <div className="container-fluid">{children}</div>
      </div>
    </>
  );
}
