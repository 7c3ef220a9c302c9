import {
  DEFAULT_RENEWAL_NOTICE_DAYS,
  formatDate,
  type RENEWAL_ADVICE,
  websiteSettingsPath,
} from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { MissingFigure, Money } from '../../../components/Money.tsx';
import { TableMessageRow } from '../../../components/TableMessageRow.tsx';
import { paths, WEBSITE_MONEY_TAB } from '../../../lib/paths.ts';
import { renewalsDueQueryOptions, useRenewalAdvice } from '../api/renewals.ts';

/** At most this many renewals are listed: the Websites list sorted by renewal has them all. */
const SHOWN = 10;

type Advice = (typeof RENEWAL_ADVICE)[number];

const ADVICE: Record<Advice, { label: string; colour: string; why: string }> = {
  renew: {
    label: 'Renew',
    colour: 'success',
    why: "The last 90 days' profit, spread over the renewal's duration, covers its cost",
  },
  review: {
    label: 'Review',
    colour: 'warning',
    why: "The last 90 days' profit, spread over the renewal's duration, does not cover its cost",
  },
  'no data': {
    label: 'No data',
    colour: 'secondary',
    why: 'Fewer than 30 days of revenue to judge by',
  },
};

function AdviceBadge({ advice }: { advice: Advice | undefined | null }) {
  if (advice === undefined) return <LoadingSpinner small label="Loading the advice..." />;
  if (advice === null) return <MissingFigure why="The website's figures could not be loaded" />;
  const { label, colour, why } = ADVICE[advice];
  return (
    <span className={`badge text-bg-${colour}`} title={why}>
      {label}
    </span>
  );
}

/** The websites whose renewal falls within the notice days, with their cost and what is advised. */
export function RenewalsCard({ currency }: { currency: string | undefined }) {
  const renewals = useQuery(renewalsDueQueryOptions(DEFAULT_RENEWAL_NOTICE_DAYS));
  const shown = renewals.data?.websites.slice(0, SHOWN) ?? [];
  const advice = useRenewalAdvice(shown);
  const more = (renewals.data?.count ?? 0) - shown.length;

  return (
    <div className="card mb-4">
      <div className="card-header">
        <h3 className="card-title h5 mb-0">
          Renewals due within {DEFAULT_RENEWAL_NOTICE_DAYS} days
        </h3>
      </div>
      <div className="card-body p-0 table-responsive">
        <table className="table table-sm mb-0" aria-label="Renewals due">
          <thead>
            <tr>
              <th scope="col" className="ps-3">
                Website
              </th>
              <th scope="col">Renews on</th>
              <th scope="col" className="text-end">
                Cost
              </th>
              <th scope="col" className="pe-3">
                Advice
              </th>
            </tr>
          </thead>
          <tbody>
            {renewals.isPending && (
              <TableMessageRow colSpan={4}>
                <LoadingSpinner small />
              </TableMessageRow>
            )}
            {renewals.isError && (
              <TableMessageRow colSpan={4}>{renewals.error.message}</TableMessageRow>
            )}
            {renewals.data?.count === 0 && (
              <TableMessageRow colSpan={4}>No renewal is due.</TableMessageRow>
            )}
            {shown.map((website, index) => (
              <tr key={website.id}>
                <td className="ps-3">
                  <Link to={websiteSettingsPath(website.id, WEBSITE_MONEY_TAB)}>
                    {website.name}
                  </Link>
                </td>
                <td className="text-nowrap">{formatDate(website.next_renewal_date)}</td>
                <td className="text-end text-nowrap">
                  {currency ? (
                    <Money value={website.cost} currency={currency} missingRates={[]} />
                  ) : (
                    <LoadingSpinner small />
                  )}
                </td>
                <td className="pe-3">
                  <AdviceBadge advice={advice[index]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && (
        <div className="card-footer small">
          And {more} more:{' '}
          <Link to={`${paths.websites}?sort=next_renewal_date&dir=asc`}>every renewal</Link>
        </div>
      )}
    </div>
  );
}
