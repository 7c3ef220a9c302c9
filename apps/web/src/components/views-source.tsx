import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { FilterSelect } from './ListFilters.tsx';

/**
 * Whose page views a list shows: the beacon's (the default) or what GA4 counted, each kept apart
 * on the server (`views`, `ga4_views`). One choice for every list, kept in the browser.
 */

export type ViewsSource = 'beacon' | 'ga4';
const STORAGE_KEY = 'sitefleet.views-source';

const stored = (): ViewsSource => {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'ga4' ? 'ga4' : 'beacon';
  } catch {
    return 'beacon';
  }
};

export function useViewsSource() {
  const [source, setSource] = useState<ViewsSource>(stored);
  return {
    source,
    setSource: (next: ViewsSource) => {
      localStorage.setItem(STORAGE_KEY, next);
      setSource(next);
    },
  };
}

export function ViewsSourceSelect({
  source,
  onChange,
}: {
  source: ViewsSource;
  onChange: (source: ViewsSource) => void;
}) {
  return (
    <FilterSelect
      label="Views source"
      all="Beacon views"
      value={source === 'ga4' ? 'ga4' : undefined}
      options={[['ga4', 'GA4 views']]}
      onChange={(value) => onChange(value === 'ga4' ? 'ga4' : 'beacon')}
    />
  );
}

const wholeNumber = new Intl.NumberFormat('en-IN');

/** The views column of the source chosen, its id the order key that sorts by it. */
export function viewsColumn<Row extends { views: number; ga4_views: number }>(
  source: ViewsSource,
  meta: ColumnDef<Row>['meta'],
): ColumnDef<Row> {
  return source === 'ga4'
    ? {
        id: 'ga4_views',
        header: 'GA4 Views',
        cell: ({ row }) => wholeNumber.format(row.original.ga4_views),
        meta,
      }
    : {
        id: 'views',
        header: 'Views',
        cell: ({ row }) => wholeNumber.format(row.original.views),
        meta,
      };
}
