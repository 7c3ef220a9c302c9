import { TRAFFIC_SOURCE_LABELS, TRAFFIC_SOURCES, type TrafficSource } from '@sitefleet/contract';
import { DayRangeFilter, FilterSelect } from '../../../components/ListFilters.tsx';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import { PERIOD_LABELS, PERIODS, type Period } from './traffic-period.ts';
import type { TrafficFilters as Filters, TrafficFilterChanges } from './use-traffic-filters.ts';

const SOURCE_OPTIONS = TRAFFIC_SOURCES.map(
  (source) => [source, TRAFFIC_SOURCE_LABELS[source]] as const,
);

/** The Traffic screen's period, source and website pickers. */
export function TrafficFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (changes: TrafficFilterChanges) => void;
}) {
  const websites = useWebsiteOptions();
  return (
    <div className="card mb-3">
      <div className="card-body d-flex flex-wrap gap-2 align-items-center">
        <select
          className="form-select form-select-sm w-auto"
          aria-label="Period"
          value={filters.period}
          onChange={(event) => {
            const period = event.target.value as Period;
            // A custom range starts from the days shown.
            const days = period === 'custom' && !filters.customFrom && filters.range;
            onChange({
              period,
              ...(days && { customFrom: days.from, customTo: days.to }),
            });
          }}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
        {filters.period === 'custom' && (
          <DayRangeFilter
            from={filters.customFrom}
            to={filters.customTo}
            onChange={(days) =>
              onChange({
                ...('from' in days && { customFrom: days.from }),
                ...('to' in days && { customTo: days.to }),
              })
            }
          />
        )}
        <select
          className="form-select form-select-sm w-auto"
          aria-label="Source"
          value={filters.source}
          onChange={(event) => onChange({ source: event.target.value as TrafficSource })}
        >
          {SOURCE_OPTIONS.map(([source, label]) => (
            <option key={source} value={source}>
              {label}
            </option>
          ))}
        </select>
        <FilterSelect
          label="Website"
          all="Every website"
          value={filters.websiteId === undefined ? undefined : String(filters.websiteId)}
          options={(websites.data ?? []).map(
            (website) => [String(website.id), website.name] as const,
          )}
          onChange={(value) => onChange({ websiteId: value ? Number(value) : undefined })}
        />
        {filters.rangeError && (
          <div className="text-danger small w-100" role="alert">
            {filters.rangeError.field === 'to' ? 'To date' : 'From date'}:{' '}
            {filters.rangeError.message}
          </div>
        )}
      </div>
    </div>
  );
}
