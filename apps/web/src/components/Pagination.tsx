import { EXACT_COUNT_LIMIT, type Paginated, PER_PAGE_CHOICES } from '@sitefleet/contract';
import { useId } from 'react';

/** The pagination fields of a paged answer (Laravel's shape, which the API keeps for its clients). */
export type PageInfo = Pick<
  Paginated<unknown>,
  'current_page' | 'last_page' | 'total' | 'from' | 'to'
> & { total_is_estimate?: boolean };

/**
 * The total as the count says it: exact, the planner's estimate ('about'), or only known to pass
 * the bound of the exact count when the estimate is no more than that.
 */
export function totalText({ total, total_is_estimate }: PageInfo): string {
  if (!total_is_estimate) return String(total);
  return total > EXACT_COUNT_LIMIT + 1 ? `about ${total}` : `more than ${EXACT_COUNT_LIMIT}`;
}

/** Page numbers shown on each side of the current one before the list is cut with '…'. */
const NEIGHBOURS = 2;

/** The first, the last and the pages around the current one; null stands for a gap. */
export function visiblePages(current: number, last: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page += 1) {
    const near = Math.abs(page - current) <= NEIGHBOURS;
    if (page === 1 || page === last || near) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

interface PaginationProps {
  page: PageInfo | undefined;
  onPageChange: (page: number) => void;
  /** The navigation's accessible name, when a screen has more than one list. */
  label?: string;
  /**
   * The page size and its change (useListParams' perPage and setPerPage): with them, a 'Rows per
   * page' choice of PER_PAGE_CHOICES shows beside the count.
   */
  perPage?: number;
  onPerPageChange?: (perPage: number) => void;
}

function PerPageSelect({
  value,
  onChange,
}: {
  value: number;
  onChange: (perPage: number) => void;
}) {
  const selectId = useId();
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={selectId} className="text-body-secondary small text-nowrap">
        Rows per page
      </label>
      <select
        id={selectId}
        className="form-select form-select-sm w-auto"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {PER_PAGE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * 'Showing a to b of n' (and the page size choice) and, on the right, Previous, the numbered pages
 * and Next. Nothing is shown before the first answer.
 */
export function Pagination({
  page,
  onPageChange,
  label = 'Pagination',
  perPage,
  onPerPageChange,
}: PaginationProps) {
  if (!page) return null;
  const { current_page: current, last_page: last } = page;

  const item = (target: number, text: string, disabled: boolean, ariaLabel?: string) => (
    <li key={text} className={`page-item ${disabled ? 'disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => onPageChange(target)}
      >
        {text}
      </button>
    </li>
  );

  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <div className="d-flex flex-wrap align-items-center gap-3">
        <div className="text-body-secondary small">
          {page.total > 0 ? `Showing ${page.from} to ${page.to} of ${totalText(page)}` : ''}
        </div>
        {perPage !== undefined && onPerPageChange && (
          <PerPageSelect value={perPage} onChange={onPerPageChange} />
        )}
      </div>
      <nav aria-label={label}>
        <ul className="pagination pagination-sm mb-0">
          {item(current - 1, 'Previous', current <= 1)}
          {visiblePages(current, last).map((target, index) =>
            target === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
              <li key={`gap-${index}`} className="page-item disabled">
                <span className="page-link">…</span>
              </li>
            ) : target === current ? (
              <li key={target} className="page-item active" aria-current="page">
                <span className="page-link">{target}</span>
              </li>
            ) : (
              item(target, String(target), false, `Page ${target}`)
            ),
          )}
          {item(current + 1, 'Next', current >= last)}
        </ul>
      </nav>
    </div>
  );
}
