import {
  formatDate,
  formatDateTime,
  type TrafficInterval,
  type TrafficPoint,
  type TrafficSource,
} from '@sitefleet/contract';

const counts = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

export const formatCount = (value: number) => counts.format(value);

/**
 * A change against the period before, as a signed percentage: '+12.5%', '-3%', '0%'. Without
 * views before it is New, or a dash when there are none now either.
 */
export function formatChange(change: number | null, views: number): string {
  if (change !== null) return percent.format(change);
  return views > 0 ? 'New' : '–';
}

/** What a source counts: page views and visitors, or Search Console's clicks and impressions. */
export interface Metric {
  key: 'views' | 'visitors' | 'clicks' | 'impressions';
  label: string;
  /** One of them, in a sentence: '1 visitor'. */
  one: string;
}
export function metricsOf(source: TrafficSource): readonly [Metric, Metric] {
  return source === 'search_console'
    ? [
        { key: 'clicks', label: 'Clicks', one: 'click' },
        { key: 'impressions', label: 'Impressions', one: 'impression' },
      ]
    : [
        { key: 'views', label: 'Views', one: 'view' },
        { key: 'visitors', label: 'Visitors', one: 'visitor' },
      ];
}

export const metricValue = (point: Partial<Record<Metric['key'], number>>, metric: Metric) =>
  point[metric.key] ?? 0;

/**
 * A bucket's start as the table says it. Buckets start at UTC midnight: their day is the UTC one,
 * whatever the browser's zone; an hour is the reader's own.
 */
export function bucketLabel(point: Pick<TrafficPoint, 't'>, interval: TrafficInterval): string {
  if (interval === 'hour') return formatDateTime(point.t);
  const day = formatDate(point.t.slice(0, 10));
  return interval === 'week' ? `Week of ${day}` : interval === 'month' ? day.slice(3) : day;
}

/** A count and what it counts, in a sentence: '1 view', '1,234 views'. */
export const countOf = (total: number, metric: Metric) =>
  `${formatCount(total)} ${total === 1 ? metric.one : metric.label.toLowerCase()}`;
