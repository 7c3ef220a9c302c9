import { TRAFFIC_SOURCE_LABELS, TRAFFIC_SOURCES, type TrafficSource } from '@sitefleet/contract';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { PeriodError, PeriodPicker } from '../../../components/PeriodPicker.tsx';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
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
        <PeriodPicker value={filters} onChange={onChange} />
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
        <PeriodError value={filters} />
      </div>
    </div>
  );
}
