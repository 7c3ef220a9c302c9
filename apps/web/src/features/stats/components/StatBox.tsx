import { STAT_FILTER_LABELS } from '@sitefleet/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { useStatCount } from '../api/stats.ts';
import type { StatBoxDefinition } from './stat-boxes.ts';

const ALL = 'all';

/**
 * A box's filter, kept in the URL (`?posts=active`) like a list's, so that a reload or a shared
 * link shows the same counts; 'all', the default, is left out. A choice replaces the history
 * entry: the back button leaves the dashboard rather than stepping through the choices.
 */
function useStatFilter(box: StatBoxDefinition) {
  const [searchParams, setSearchParams] = useSearchParams();
  const stored = searchParams.get(box.kind);
  const filter = stored && box.filters.includes(stored) ? stored : ALL;
  const setFilter = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === ALL) params.delete(box.kind);
        else params.set(box.kind, next);
        return params;
      },
      { replace: true },
    );
  return [filter, setFilter] as const;
}

/**
 * A count with its filter (default 'all'); changing the filter fetches the count again.
 * The box is a region named after its kind, so that its 'View' link can be found within it.
 */
export function StatBox({ box }: { box: StatBoxDefinition }) {
  const [filter, setFilter] = useStatFilter(box);
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
