import { STAT_FILTER_LABELS } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { useStatCount } from '../api/stats.ts';
import type { StatBoxDefinition } from './stat-boxes.ts';

/**
 * A count with its filter (default 'all'); changing the filter fetches the count again.
 * The box is a region named after its kind, so that its 'View' link can be found within it.
 */
export function StatBox({ box }: { box: StatBoxDefinition }) {
  const [filter, setFilter] = useState('all');
  const count = useStatCount(box.kind, filter);
  const selectId = useId();
  const labelId = useId();
  // Light text is unreadable on the yellow box.
  const linkColour = box.colour === 'warning' ? 'link-dark' : 'link-light';

  return (
    <section className={`small-box text-bg-${box.colour}`} aria-labelledby={labelId}>
      <div className="inner">
        <h3 data-testid={`stat-${box.kind}`} title={count.error?.message}>
          {count.isPending ? <LoadingSpinner small /> : count.isError ? '–' : count.data}
        </h3>
        <p id={labelId} className="mb-2">
          {box.label}
        </p>
        <label htmlFor={selectId} className="visually-hidden">
          {box.label} filter
        </label>
        <select
          id={selectId}
          className="form-select form-select-sm w-auto position-relative z-1"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        >
          {box.filters.map((value) => (
            <option key={value} value={value}>
              {STAT_FILTER_LABELS[value] ?? value}
            </option>
          ))}
        </select>
      </div>
      <i className={`small-box-icon bi ${box.icon}`} aria-hidden="true" />
      <Link
        to={box.listPath}
        className={`small-box-footer ${linkColour} link-underline-opacity-0 link-underline-opacity-50-hover`}
      >
        View <i className="bi bi-arrow-right-circle" aria-hidden="true" />
      </Link>
    </section>
  );
}
