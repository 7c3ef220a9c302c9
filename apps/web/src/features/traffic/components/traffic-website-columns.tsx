import type { ColumnDef } from '@tanstack/react-table';
import { Sparkline } from '../../../components/charts/Sparkline.tsx';
import type { TrafficWebsiteRow } from '../api/traffic-websites.ts';
import { formatChange, formatCount } from './traffic-format.ts';

/** A rise in green, a fall in red; no change and no period before in the body's colour. */
export function changeClass(change: number | null) {
  if (change === null || change === 0) return 'text-body-secondary';
  return change > 0 ? 'text-success' : 'text-danger';
}

export function ChangeText({ change, views }: { change: number | null; views: number }) {
  return (
    <span
      className={changeClass(change)}
      title={change === null ? 'No views in the period before' : 'Against the period before'}
    >
      {formatChange(change, views)}
    </span>
  );
}

const number = { className: 'text-end text-nowrap' };

/**
 * The per-website table's columns; their ids are the list's order keys where they sort. A name
 * shows its website in the chart above.
 */
export function trafficWebsiteColumns(
  onShow: (row: TrafficWebsiteRow) => void,
): ColumnDef<TrafficWebsiteRow>[] {
  return [
    {
      id: 'name',
      header: 'Website',
      cell: ({ row }) => (
        <>
          <button
            type="button"
            className="btn btn-link p-0 text-start"
            onClick={() => onShow(row.original)}
          >
            {row.original.name}
          </button>
          <div className="small text-body-secondary text-break">{row.original.url}</div>
        </>
      ),
    },
    {
      id: 'views',
      header: 'Views',
      cell: ({ row }) => formatCount(row.original.views),
      meta: number,
    },
    {
      id: 'visitors',
      header: 'Visitors',
      cell: ({ row }) => formatCount(row.original.visitors),
      meta: number,
    },
    {
      id: 'change',
      header: 'Change',
      cell: ({ row }) => <ChangeText change={row.original.change} views={row.original.views} />,
      meta: number,
    },
    {
      id: 'sparkline',
      header: 'Views per day',
      cell: ({ row }) => (
        <Sparkline
          values={row.original.sparkline}
          label={`Views per day of ${row.original.name}: ${row.original.sparkline.length} days, at most ${formatCount(Math.max(0, ...row.original.sparkline))} a day`}
        />
      ),
    },
  ];
}
