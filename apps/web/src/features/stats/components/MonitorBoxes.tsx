import { DEFAULT_RENEWAL_NOTICE_DAYS, formatRupees } from '@sitefleet/contract';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useRenewalsDue, useWebsitesDown } from '../api/monitor.ts';

interface MonitorBoxProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  colour: 'danger' | 'secondary';
  icon: string;
  to: string;
  testId: string;
}

function MonitorBox({ label, value, detail, colour, icon, to, testId }: MonitorBoxProps) {
  const labelId = useId();
  return (
    <section className={`small-box text-bg-${colour}`} aria-labelledby={labelId}>
      <div className="inner">
        <h3 data-testid={testId}>{value}</h3>
        <p id={labelId} className="mb-2">
          {label}
        </p>
        {detail && <p className="mb-0 small">{detail}</p>}
      </div>
      <i className={`small-box-icon bi ${icon}`} aria-hidden="true" />
      <Link
        to={to}
        className="small-box-footer link-light link-underline-opacity-0 link-underline-opacity-50-hover"
      >
        View <i className="bi bi-arrow-right-circle" aria-hidden="true" />
      </Link>
    </section>
  );
}

/** "Websites down" and "Renewals due" (count and cost within the notice days). */
export function MonitorBoxes() {
  const down = useWebsitesDown();
  const renewals = useRenewalsDue(DEFAULT_RENEWAL_NOTICE_DAYS);
  const shown = (query: { isPending: boolean; isError: boolean }, value: ReactNode) =>
    query.isPending ? <LoadingSpinner small /> : query.isError ? '–' : value;
  return (
    <>
      <div className="col-lg-3 col-6">
        <MonitorBox
          label="Websites down"
          value={shown(down, down.data)}
          colour="danger"
          icon="bi-exclamation-octagon"
          to={`${paths.websites}?monitor_status=down`}
          testId="stat-websites-down"
        />
      </div>
      <div className="col-lg-3 col-6">
        <MonitorBox
          label="Renewals due"
          value={shown(renewals, renewals.data?.count)}
          detail={
            renewals.data &&
            `${formatRupees(renewals.data.total_cost)} within ${DEFAULT_RENEWAL_NOTICE_DAYS} days`
          }
          colour="secondary"
          icon="bi-calendar-check"
          to={`${paths.websites}?sort=next_renewal_date&dir=asc`}
          testId="stat-renewals-due"
        />
      </div>
    </>
  );
}
