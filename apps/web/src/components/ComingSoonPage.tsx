import { type Breadcrumb, Page } from './Page.tsx';

/** Stands in for a screen that later work builds, so that its route already resolves. */
export function ComingSoonPage({
  title,
  breadcrumbs,
}: {
  title: string;
  breadcrumbs?: Breadcrumb[];
}) {
  return (
    <Page title={title} breadcrumbs={breadcrumbs}>
      <div className="card">
        <div className="card-body">
          <p className="mb-0 text-body-secondary">The {title} screen is coming.</p>
        </div>
      </div>
    </Page>
  );
}
